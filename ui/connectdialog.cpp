#include "connectdialog.h"

#include "passwordkeyring.h"
#include "store/store.h"
#include "store/storeopener.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFormLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <functional>

#include <pwd.h>
#include <unistd.h>

namespace hireloop {

namespace {

const QString SslModeKey = QStringLiteral("sslmode");
const QString DefaultSslMode = QStringLiteral("prefer");  // libpq's own default

}  // namespace

ConnectDialog::ConnectDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(tr("Connect to Team Server"));

    auto *intro = new QLabel(tr("A team keeps its hiring in one PostgreSQL database. Whoever runs the server "
                                "can tell you these."),
                             this);
    intro->setObjectName(QStringLiteral("connectIntro"));
    intro->setWordWrap(true);

    m_host = new QLineEdit(this);
    m_host->setObjectName(QStringLiteral("hostEdit"));
    m_host->setAccessibleName(tr("Host"));
    m_host->setPlaceholderText(tr("db.example.org, 10.0.0.5 or /run/postgresql"));
    m_host->setToolTip(tr("The server's name or address, or the folder of its socket on this computer; "
                          "empty: libpq's default (PGHOST, else this computer's socket). "
                          "A postgresql:// address pasted here fills in every field."));
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("portEdit"));
    m_port->setAccessibleName(tr("Port"));
    m_port->setRange(1, 65535);
    m_port->setValue(DefaultPort);
    m_port->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);  // five digits, not a line
    m_port->setToolTip(tr("The server's port (PostgreSQL's is 5432); on a socket folder, the number in the "
                          "socket's name"));
    m_database = new QLineEdit(this);
    m_database->setObjectName(QStringLiteral("databaseEdit"));
    m_database->setAccessibleName(tr("Database"));
    m_database->setPlaceholderText(tr("Required"));
    m_user = new QLineEdit(systemUser(), this);
    m_user->setObjectName(QStringLiteral("userEdit"));
    m_user->setAccessibleName(tr("User"));
    m_user->setPlaceholderText(systemUser());
    m_user->setToolTip(tr("Your login on the server; empty: your user name on this computer"));
    m_sslMode = new QComboBox(this);
    m_sslMode->setObjectName(QStringLiteral("sslModeEdit"));
    m_sslMode->setAccessibleName(tr("TLS (sslmode)"));
    const std::pair<QString, QString> modes[] = {
        {QStringLiteral("prefer"), tr("prefer — TLS when the server offers it")},
        {QStringLiteral("require"), tr("require — always TLS, the certificate not checked")},
        {QStringLiteral("verify-ca"), tr("verify-ca — TLS, a certificate from a trusted authority")},
        {QStringLiteral("verify-full"), tr("verify-full — TLS, a trusted certificate for this host")},
        {QStringLiteral("disable"), tr("disable — never TLS")},
    };
    for (const auto &[mode, text] : modes)
        m_sslMode->addItem(text, mode);
    m_sslMode->setToolTip(tr("How the connection is encrypted (libpq's sslmode); verify-full over the internet"));
    m_preview = new QLineEdit(this);
    m_preview->setObjectName(QStringLiteral("uriPreview"));
    m_preview->setAccessibleName(tr("Address"));
    m_preview->setReadOnly(true);
    m_preview->setPlaceholderText(tr("Name the database"));
    m_preview->setFocusPolicy(Qt::ClickFocus);
    // Read, select and copy, not typed in: it looks like the dialog, not like a field.
    m_preview->setFrame(false);
    QPalette previewPalette = m_preview->palette();
    previewPalette.setColor(QPalette::Base, previewPalette.color(QPalette::Window));
    m_preview->setPalette(previewPalette);
    m_preview->setToolTip(tr("The same address works with --db, for hireloop and hireloop-cli"));

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("&TLS (sslmode):"), m_sslMode);
    form->addRow(tr("Address:"), m_preview);

    auto *note = new QLabel(tr("When the server asks for a password, Hireloop asks you and keeps it until it quits; "
                               "tick \"Remember in the desktop keyring\" there to keep it in your desktop's keyring "
                               "for next time. Hireloop writes it nowhere else (libpq's ~/.pgpass is read too)."),
                            this);
    note->setObjectName(QStringLiteral("passwordNote"));
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_buttons);

    for (QLineEdit *e : {m_host, m_database, m_user})
        connect(e, &QLineEdit::textChanged, this, &ConnectDialog::updatePreview);
    connect(m_host, &QLineEdit::textEdited, this, &ConnectDialog::takeUri);
    connect(m_port, &QSpinBox::valueChanged, this, &ConnectDialog::updatePreview);
    connect(m_sslMode, &QComboBox::currentIndexChanged, this, &ConnectDialog::updatePreview);
    updatePreview();
    resize(qMax(560, sizeHint().width()), sizeHint().height());
}

void ConnectDialog::setLocation(const ServerLocation &location)
{
    m_host->setText(location.host);
    m_port->setValue(location.port > 0 ? location.port : DefaultPort);
    m_database->setText(location.database);
    m_user->setText(location.user.isEmpty() ? systemUser() : location.user);
    QString mode = location.parameter(SslModeKey);
    if (mode.isEmpty())
        mode = DefaultSslMode;
    if (m_sslMode->findData(mode) < 0)  // libpq's "allow", say: kept as it is
        m_sslMode->addItem(mode, mode);
    m_sslMode->setCurrentIndex(m_sslMode->findData(mode));
    updatePreview();
}

ServerLocation ConnectDialog::location() const
{
    ServerLocation l;
    l.host = m_host->text().trimmed();
    l.port = m_port->value() == DefaultPort ? -1 : m_port->value();
    l.database = m_database->text().trimmed();
    l.user = m_user->text().trimmed();
    const QString mode = m_sslMode->currentData().toString();
    if (mode != DefaultSslMode)
        l.parameters.append({SslModeKey, mode});
    return l;
}

void ConnectDialog::updatePreview()
{
    const ServerLocation l = location();
    m_preview->setText(l.isValid() ? l.toDisplayUri() : QString());
    m_preview->setCursorPosition(0);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(l.isValid());
}

void ConnectDialog::takeUri(const QString &text)
{
    if (!ServerLocation::isUri(text.trimmed()))
        return;
    const ServerLocation pasted = ServerLocation::parse(text.trimmed());
    if (pasted.isValid())
        setLocation(pasted);  // a password in it is not taken: the prompt asks when needed
}

QString ConnectDialog::systemUser()
{
    // libpq takes the effective user's name, as here.
    if (const passwd *pw = ::getpwuid(::geteuid()); pw && pw->pw_name)
        return QString::fromLocal8Bit(pw->pw_name);
    return qEnvironmentVariable("USER");
}

QString ConnectDialog::login(const ServerLocation &location)
{
    if (!location.user.isEmpty())
        return location.user;
    const QString fromEnvironment = qEnvironmentVariable("PGUSER");
    return fromEnvironment.isEmpty() ? systemUser() : fromEnvironment;
}

QString ConnectDialog::describe(const ServerLocation &location)
{
    QString host = location.host;
    if (host.isEmpty())
        host = qEnvironmentVariable("PGHOST");
    QString where;
    if (host.isEmpty() || host.startsWith(QLatin1Char('/')))
        where = tr("this computer");
    else if (location.port > 0 && location.port != DefaultPort)
        where = QStringLiteral("%1:%2").arg(host).arg(location.port);
    else
        where = host;
    return tr("%1 on %2 (%3)").arg(location.database, where, login(location));
}

bool ConnectDialog::asksForPassword(const QString &errorString)
{
    // Database's sentences (storage/database_postgres.cpp), through the same tr() source
    // texts, so that a translation matches too.
    const QString none = QObject::tr("the server asks for a password and none was given");
    const QString refused = QObject::tr("the server refused the password for %1");
    const QString refusedStart = refused.left(refused.indexOf(QLatin1String("%1"))).trimmed();
    return errorString.contains(none) || (!refusedStart.isEmpty() && errorString.contains(refusedStart));
}

namespace {

// The first sentence of the password prompt: why it asks.
QString whyAsked(const QString &errorString)
{
    return errorString.contains(QObject::tr("the server asks for a password and none was given"))
        ? ConnectDialog::tr("The server asks for a password.")
        : ConnectDialog::tr("The server refused the password.");
}

bool promptForPassword(QWidget *parent, const ServerLocation &location, const QString &why, bool *remember)
{
    QInputDialog prompt(parent);
    prompt.setObjectName(QStringLiteral("passwordPrompt"));
    prompt.setWindowTitle(ConnectDialog::tr("Password — %1").arg(ConnectDialog::describe(location)));
    prompt.setInputMode(QInputDialog::TextInput);
    prompt.setTextEchoMode(QLineEdit::Password);
    QString keyringError;
    const bool keyring = remember && PasswordKeyring::isAvailable(&keyringError);
    const QString kept = keyring
        ? ConnectDialog::tr("Hireloop keeps the password until it quits, and in the desktop keyring if you tick "
                            "the box below.")
        : ConnectDialog::tr("Hireloop keeps the password until it quits and never saves it.");
    prompt.setLabelText(ConnectDialog::tr("%1 %2\n\nPassword of %3 for the database %4 on %5:")
                            .arg(why, kept, ConnectDialog::login(location), location.database, location.serverText()));
    prompt.setOkButtonText(ConnectDialog::tr("&Connect"));  // also lays the dialog out
    if (auto *label = prompt.findChild<QLabel *>())
        label->setWordWrap(true);
    QCheckBox *box = nullptr;
    if (auto *layout = qobject_cast<QBoxLayout *>(prompt.layout()); layout && remember) {
        box = new QCheckBox(ConnectDialog::tr("&Remember in the desktop keyring"), &prompt);
        box->setObjectName(QStringLiteral("rememberPassword"));
        const int at = layout->indexOf(prompt.findChild<QDialogButtonBox *>());
        layout->insertWidget(at, box);
        if (keyring) {
            box->setToolTip(ConnectDialog::tr("Saved in the desktop keyring once the server accepts it, for the "
                                              "next time; removed from there if the server ever refuses it"));
        } else {
            const QString none = ConnectDialog::tr(
                "No desktop keyring is available: the password is kept until Hireloop quits");
            box->setEnabled(false);
            box->setToolTip(keyringError.isEmpty() ? none : QStringLiteral("%1 (%2)").arg(none, keyringError));
            auto *note = new QLabel(none, &prompt);
            note->setObjectName(QStringLiteral("keyringNote"));
            note->setWordWrap(true);
            note->setForegroundRole(QPalette::PlaceholderText);
            layout->insertWidget(at + 1, note);
        }
    }
    prompt.resize(460, prompt.sizeHint().height());
    if (prompt.exec() != QDialog::Accepted || prompt.textValue().isEmpty())
        return false;
    Database::rememberPassword(location, prompt.textValue());
    if (remember)
        *remember = box && box->isEnabled() && box->isChecked();
    return true;
}

// open(path); when path is a team server that wants a password: the keyring's, then the
// prompt's (see openAskingForPassword). errorString() is the last open's refusal.
bool openWithPassword(const QString &path, const std::function<bool(const QString &)> &open,
                      const std::function<QString()> &errorString, QWidget *parent, bool *cancelled)
{
    if (cancelled)
        *cancelled = false;
    if (open(path))
        return true;
    if (!ServerLocation::isUri(path) || !ConnectDialog::asksForPassword(errorString()))
        return false;
    const ServerLocation location = ServerLocation::parse(path);
    const QString uri = location.toDisplayUri();  // without the URI's own password: it was refused
    const QString key = ConnectDialog::keyringKey(location);
    QString why = whyAsked(errorString());
    // The keyring's password, unless it is the one just refused (an earlier prompt's).
    if (const QString stored = PasswordKeyring::read(key); !stored.isEmpty()) {
        if (stored != Database::rememberedPassword(location)) {
            Database::rememberPassword(location, stored);
            if (open(uri))
                return true;
            if (!ConnectDialog::asksForPassword(errorString()))
                return false;  // not about the password: it stays in the keyring
        }
        PasswordKeyring::remove(key);
        Database::rememberPassword(location, QString());
        why = ConnectDialog::tr("The server refused the password kept in the desktop keyring, so it was removed "
                                "from there.");
    }
    bool remember = false;
    if (!promptForPassword(parent, location, why, &remember)) {
        if (cancelled)
            *cancelled = true;
        return false;
    }
    if (open(uri)) {
        QString error;
        if (remember && !PasswordKeyring::write(key, Database::rememberedPassword(location), &error))
            QMessageBox::warning(parent, ConnectDialog::tr("Password Not Remembered"),
                                 ConnectDialog::tr("The desktop keyring did not take the password (%1). Hireloop "
                                                   "keeps it until it quits.")
                                     .arg(error));
        return true;
    }
    if (ConnectDialog::asksForPassword(errorString()))
        Database::rememberPassword(location, QString());  // refused: not kept for the next try, never written
    return false;
}

}  // namespace

QString ConnectDialog::keyringKey(const ServerLocation &location)
{
    QString host = location.host;
    if (host.isEmpty())
        host = qEnvironmentVariable("PGHOST", QStringLiteral("localhost"));
    int port = location.port;
    if (port <= 0)
        port = qEnvironmentVariableIntValue("PGPORT");
    if (port <= 0)
        port = DefaultPort;
    return QStringLiteral("%1@%2:%3/%4").arg(login(location), host).arg(port).arg(location.database);
}

bool ConnectDialog::askForPassword(QWidget *parent, const ServerLocation &location, const QString &errorString,
                                   bool *remember)
{
    if (remember)
        *remember = false;
    return promptForPassword(parent, location, whyAsked(errorString), remember);
}

bool ConnectDialog::openAskingForPassword(Store *store, const QString &path, const DatabaseOptions &options,
                                          QWidget *parent, bool *cancelled)
{
    bool stopped = false;
    const bool opened = openWithPassword(
        path,
        [&](const QString &p) {
            return ServerLocation::isUri(p) ? openWithoutWaiting(store, p, options, parent, &stopped)
                                            : store->open(p, options);
        },
        [&] { return stopped ? QString() : store->errorString(); }, parent, cancelled);
    if (stopped && cancelled)
        *cancelled = true;
    return opened;
}

bool ConnectDialog::openWithoutWaiting(Store *store, const QString &path, const DatabaseOptions &options,
                                       QWidget *parent, bool *cancelled)
{
    *cancelled = false;
    StoreOpener opener(store);
    QEventLoop loop;
    bool opened = false;
    connect(&opener, &StoreOpener::finished, &loop, [&](bool ok) {
        opened = ok;
        loop.quit();
    });
    opener.start(path, options);
    // A server nearby answers before anyone could see a box: for the first moments the
    // window only paints (a click waits), then the box says what is happening and offers
    // to stop. The store keeps what it had until the new database is there.
    QTimer patience;
    patience.setSingleShot(true);
    connect(&patience, &QTimer::timeout, &loop, &QEventLoop::quit);
    patience.start(ConnectingBoxDelayMs);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (!opener.isRunning())
        return opened;
    QProgressDialog box(tr("Connecting to %1…").arg(describe(ServerLocation::parse(path))), tr("Cancel"), 0, 0, parent);
    box.setObjectName(QStringLiteral("connectingBox"));
    box.setWindowTitle(tr("Connecting"));
    box.setWindowModality(Qt::ApplicationModal);
    box.setMinimumDuration(0);
    box.setAutoReset(false);
    connect(&box, &QProgressDialog::canceled, &loop, [&] {
        opener.cancel();
        *cancelled = true;
        loop.quit();
    });
    box.show();
    loop.exec();
    return opened;
}

}  // namespace hireloop
