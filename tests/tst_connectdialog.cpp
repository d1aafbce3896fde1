// File › Connect to Team Server…: the dialog and the URI it makes, the window switching
// to a team database through it (and back through the recent connections), a refused
// connection keeping the database that was open and what was typed, the password
// prompt and what decides that an error asks for one, a password remembered in the
// desktop keyring (or not, without one), and the window's title and status bar on a team
// database. The ...OnServer functions run only in tst_connectdialog_pg; the ...WithKeyring
// ones only in tst_connectdialog_keyring, which has a real keyring (tests/CMakeLists.txt).

#include "connectdialog.h"
#include "guitestsupport.h"
#include "itemmodels/candidatemodel.h"
#include "candidatespane.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "passwordkeyring.h"
#include "settings.h"
#include "storage/database.h"
#include "storage/serverlocation.h"
#include "store/store.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSqlError>
#include <QSqlQuery>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOption>
#include <QTableView>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace hireloop;
using hireloop::test::clickButton;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;
using hireloop::test::TestBackend;

namespace {

// An answer set up inside another answer, for the dialog that comes after that one
// (onModal's answers live in a scope; these live until reset).
template <class T, class F>
std::unique_ptr<ModalAnswer> answerLater(F answer, const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    return std::make_unique<ModalAnswer>(
        &T::staticMetaObject, QString(), [answer](QDialog *d) { answer(static_cast<T *>(d)); }, file, line);
}

void type(QDialog *d, const char *name, const QString &text)
{
    auto *edit = d->findChild<QLineEdit *>(name);
    QVERIFY2(edit, name);
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
    QCOMPARE(edit->text(), text);
}

QString fieldText(QDialog *d, const char *name)
{
    auto *edit = d->findChild<QLineEdit *>(name);
    return edit ? edit->text() : QStringLiteral("<no %1>").arg(QLatin1String(name));
}

void chooseSslMode(QDialog *d, const QString &mode)
{
    auto *box = d->findChild<QComboBox *>("sslModeEdit");
    QVERIFY(box);
    const int index = box->findData(mode);
    QVERIFY2(index >= 0, qPrintable(mode));
    box->setCurrentIndex(index);
}

// A click on the box's indicator, where a user clicks (its middle may be past its text).
void clickBox(QCheckBox *box)
{
    QVERIFY(box);
    QStyleOptionButton option;
    option.initFrom(box);
    const QRect indicator = box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
    QTest::mouseClick(box, Qt::LeftButton, Qt::NoModifier, indicator.center());
}

QString screenshotPath(const QString &name)
{
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    return out.isEmpty() ? QString() : QDir(out).filePath(name);
}

// A database of its own on the test cluster; with a login, owned by that login, made here
// with password (tests/pg/pgcluster.sh has the cluster ask pwtest and connectpw for one).
// One that a crashed run left is dropped first; it goes again, with the login, at the end
// of the scope.
class ThrowawayDatabase
{
public:
    explicit ThrowawayDatabase(const QString &name, const QString &login = QString(),
                               const QString &password = QString())
        : m_name(name)
        , m_login(login)
    {
        QStringList sql = drops();
        if (!login.isEmpty())
            // CREATEROLE: the owner of a new team database sets up its roles (migration 9).
            sql << QStringLiteral("CREATE ROLE %1 LOGIN CREATEROLE PASSWORD '%2'").arg(login, password);
        sql << QStringLiteral("CREATE DATABASE %1 %2 TEMPLATE template0 ENCODING 'UTF8'")
                   .arg(name, login.isEmpty() ? QString() : QStringLiteral("OWNER ") + login);
        TestBackend::asAdmin(sql, &m_error);
    }
    ~ThrowawayDatabase() { TestBackend::asAdmin(drops()); }
    ThrowawayDatabase(const ThrowawayDatabase &) = delete;
    ThrowawayDatabase &operator=(const ThrowawayDatabase &) = delete;

    QString error() const { return m_error; }  // empty when it is there
    // The database as its login (as postgres without one).
    ServerLocation location() const
    {
        ServerLocation l = TestBackend::clusterLocation(m_name);
        if (!m_login.isEmpty())
            l.user = m_login;
        return l;
    }
    // True when the cluster refuses the login without a password.
    bool asksForPassword() const
    {
        bool opened = false;
        {
            QSqlDatabase probe = TestBackend::rawConnection(location().toDisplayUri(), QStringLiteral("probe"));
            opened = probe.isOpen();
            probe.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("probe"));
        return !opened;
    }

private:
    QStringList drops() const
    {
        QStringList sql{QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name)};
        if (!m_login.isEmpty())
            sql << QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_login);
        return sql;
    }

    QString m_name;
    QString m_login;
    QString m_error;
};

// tst_connectdialog_keyring: a desktop keyring of its own on a session bus of its own.
bool keyringRun()
{
    return qEnvironmentVariableIsSet("HIRELOOP_TEST_KEYRING");
}

// Counts the password prompts that come up while it lives and closes each at once, so
// that a test that expects none fails on the count instead of waiting on a prompt.
class PromptWatch : public QObject
{
public:
    PromptWatch() { qApp->installEventFilter(this); }
    ~PromptWatch() override { qApp->removeEventFilter(this); }
    int count() const { return m_count; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Show && watched->objectName() == QLatin1String("passwordPrompt")) {
            ++m_count;
            if (auto *prompt = qobject_cast<QDialog *>(watched))
                QTimer::singleShot(0, prompt, &QDialog::reject);
        }
        return false;
    }

private:
    int m_count = 0;
};

}  // namespace

class TestConnectDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void previewShowsTheUri();
    void aPastedUriFillsTheFields();
    void describesATeamDatabase_data();
    void describesATeamDatabase();
    void asksForPasswordOnlyWhenTheServerDoes_data();
    void asksForPasswordOnlyWhenTheServerDoes();
    void passwordPromptRemembersForThisProcessOnly();
    void withoutAKeyringThePasswordIsKeptUntilQuit();
    void recentConnectionsKeepNoPassword();
    void titleAndStatusBarNameTheDatabase();
    void aServerOutOfReachKeepsTheDatabaseAndWhatWasTyped();
    void screenshot();
    void connectsThroughTheDialogOnServer();
    void aMissingDatabaseIsRefusedOnServer();
    void aPasswordIsAskedForOnServer();
    void aLostConnectionShowsABannerOnServer();
    void movesThisFileToATeamServerOnServer();
    void aRememberedPasswordOpensWithoutAPromptWithKeyring();
    void aRefusedRememberedPasswordIsRemovedWithKeyring();
    void aPersonsLoginCannotSwitchPersonOnServer();

private:
    QAction *connectAction() const;
    QAction *recentAction(const QString &uri) const;

    PanelFixture m_fx;
    MainWindow *m_window = nullptr;
};

void TestConnectDialog::init()
{
    QVERIFY(m_fx.open());
}

void TestConnectDialog::cleanup()
{
    m_window = nullptr;
    m_fx.close();
}

QAction *TestConnectDialog::connectAction() const
{
    return m_window ? m_window->findChild<QAction *>("connectToServerAction") : nullptr;
}

QAction *TestConnectDialog::recentAction(const QString &uri) const
{
    auto *menu = m_window->findChild<QMenu *>("recentMenu");
    if (!menu)
        return nullptr;
    for (QAction *a : menu->actions())
        if (a->data().toString() == uri)
            return a;
    return nullptr;
}

void TestConnectDialog::previewShowsTheUri()
{
    auto *d = m_fx.show(new ConnectDialog, true);
    QVERIFY(d);
    auto *ok = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    auto *port = d->findChild<QSpinBox *>("portEdit");
    auto *sslMode = d->findChild<QComboBox *>("sslModeEdit");
    // The defaults: port 5432, this computer's user, sslmode prefer; no database, no Connect.
    QCOMPARE(port->value(), 5432);
    QCOMPARE(fieldText(d, "userEdit"), ConnectDialog::systemUser());
    QVERIFY(!ConnectDialog::systemUser().isEmpty());
    QCOMPARE(sslMode->currentData().toString(), QStringLiteral("prefer"));
    QCOMPARE(sslMode->count(), 5);
    QVERIFY(!ok->isEnabled());
    QVERIFY(d->findChild<QLineEdit *>("uriPreview")->isReadOnly());
    QCOMPARE(fieldText(d, "uriPreview"), QString());

    type(d, "hostEdit", "db.lab.example");
    type(d, "databaseEdit", "hiring");
    type(d, "userEdit", "ana");
    QVERIFY(ok->isEnabled());
    QCOMPARE(fieldText(d, "uriPreview"), QStringLiteral("postgresql://ana@db.lab.example/hiring"));
    port->setValue(5433);
    QCOMPARE(fieldText(d, "uriPreview"), QStringLiteral("postgresql://ana@db.lab.example:5433/hiring"));
    chooseSslMode(d, "verify-full");
    QCOMPARE(fieldText(d, "uriPreview"),
             QStringLiteral("postgresql://ana@db.lab.example:5433/hiring?sslmode=verify-full"));
    // What the preview says is what the dialog gives, and it reads back into the same fields.
    QCOMPARE(d->uri(), fieldText(d, "uriPreview"));
    const ServerLocation back = ServerLocation::parse(d->uri());
    QCOMPARE(back.host, QStringLiteral("db.lab.example"));
    QCOMPARE(back.port, 5433);
    QCOMPARE(back.user, QStringLiteral("ana"));
    QCOMPARE(back.database, QStringLiteral("hiring"));
    QCOMPARE(back.parameter("sslmode"), QStringLiteral("verify-full"));

    // A socket folder goes into the query; an IPv6 address in brackets.
    port->setValue(5432);
    chooseSslMode(d, "prefer");
    type(d, "hostEdit", "/run/postgresql");
    QCOMPARE(fieldText(d, "uriPreview"), QStringLiteral("postgresql://ana@/hiring?host=/run/postgresql"));
    QCOMPARE(ServerLocation::parse(d->uri()).host, QStringLiteral("/run/postgresql"));
    type(d, "hostEdit", "::1");
    QCOMPARE(fieldText(d, "uriPreview"), QStringLiteral("postgresql://ana@[::1]/hiring"));
    // No database, no address and no Connect.
    type(d, "databaseEdit", "");
    QVERIFY(!ok->isEnabled());
    QCOMPARE(fieldText(d, "uriPreview"), QString());
}

void TestConnectDialog::aPastedUriFillsTheFields()
{
    auto *d = m_fx.show(new ConnectDialog, true);
    QVERIFY(d);
    auto *host = d->findChild<QLineEdit *>("hostEdit");
    host->setFocus();
    // As pasted: one textEdited with the whole address, a password in it not taken.
    host->insert(QStringLiteral("postgresql://bo:secret@db.lab.example:6432/hiring?sslmode=require"));
    QCOMPARE(host->text(), QStringLiteral("db.lab.example"));
    QCOMPARE(d->findChild<QSpinBox *>("portEdit")->value(), 6432);
    QCOMPARE(fieldText(d, "databaseEdit"), QStringLiteral("hiring"));
    QCOMPARE(fieldText(d, "userEdit"), QStringLiteral("bo"));
    QCOMPARE(d->findChild<QComboBox *>("sslModeEdit")->currentData().toString(), QStringLiteral("require"));
    QCOMPARE(d->uri(), QStringLiteral("postgresql://bo@db.lab.example:6432/hiring?sslmode=require"));
    QVERIFY(d->location().password.isEmpty());
}

void TestConnectDialog::describesATeamDatabase_data()
{
    QTest::addColumn<QString>("uri");
    QTest::addColumn<QString>("described");
    QTest::newRow("host") << "postgresql://ana@db.lab.example/hiring"
                          << "hiring on db.lab.example (ana)";
    QTest::newRow("port") << "postgresql://ana@db.lab.example:6432/hiring"
                          << "hiring on db.lab.example:6432 (ana)";
    QTest::newRow("5432") << "postgresql://ana@db.lab.example:5432/hiring"
                          << "hiring on db.lab.example (ana)";
    QTest::newRow("socket") << "postgresql://ana@/hiring?host=/run/postgresql"
                            << "hiring on this computer (ana)";
    QTest::newRow("address") << "postgresql://bo@10.0.0.5/team?sslmode=require"
                             << "team on 10.0.0.5 (bo)";
}

void TestConnectDialog::describesATeamDatabase()
{
    QFETCH(QString, uri);
    QFETCH(QString, described);
    const ServerLocation location = ServerLocation::parse(uri);
    QVERIFY(location.isValid());
    QCOMPARE(ConnectDialog::describe(location), described);
    // No user in the URI: libpq's, PGUSER or this computer's user.
    ServerLocation anonymous = location;
    anonymous.user.clear();
    const QString login = qEnvironmentVariable("PGUSER", ConnectDialog::systemUser());
    QCOMPARE(ConnectDialog::login(anonymous), login);
    QVERIFY(ConnectDialog::describe(anonymous).endsWith(QStringLiteral("(%1)").arg(login)));
}

void TestConnectDialog::asksForPasswordOnlyWhenTheServerDoes_data()
{
    // errorString() of a refused open, as Database words it (storage/database_postgres.cpp).
    QTest::addColumn<QString>("error");
    QTest::addColumn<bool>("asks");
    const QString uri = QStringLiteral("postgresql://ana@db.lab.example/hiring");
    QTest::newRow("password refused") << uri + ": cannot connect: the server refused the password for ana" << true;
    QTest::newRow("password refused, no user")
        << "postgresql://db.lab.example/hiring: cannot connect: the server refused the password for this login" << true;
    QTest::newRow("no password given") << uri + ": cannot connect: the server asks for a password and none was given"
                                       << true;
    QTest::newRow("no such database") << uri + ": cannot connect: the server has no database named hiring" << false;
    QTest::newRow("unknown host") << uri + ": cannot connect: the host name db.lab.example is not known" << false;
    QTest::newRow("out of reach") << uri
            + ": cannot connect: the server db.lab.example cannot be reached (could not connect to server: Connection "
              "refused)" << false;
    QTest::newRow("no such role") << uri + ": cannot connect: role \"ana\" does not exist" << false;
    QTest::newRow("not ours") << uri
            + ": holds another application's tables (3 tables, and no Hireloop schema); "
              "nothing was written"
                              << false;
    QTest::newRow("a file") << "/home/ana/hiring.sqlite: is a folder, not a database file" << false;
    QTest::newRow("empty") << QString() << false;
}

void TestConnectDialog::asksForPasswordOnlyWhenTheServerDoes()
{
    QFETCH(QString, error);
    QFETCH(bool, asks);
    QCOMPARE(ConnectDialog::asksForPassword(error), asks);
}

void TestConnectDialog::passwordPromptRemembersForThisProcessOnly()
{
    const ServerLocation location = ServerLocation::parse(QStringLiteral("postgresql://ana@db.lab.example/hiring"));
    const QString refused = QStringLiteral("postgresql://ana@db.lab.example/hiring: cannot connect: the server refused "
                                           "the password for ana");
    QString label;
    bool hidden = false;
    {
        const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"), [&](QInputDialog *d) {
            label = d->labelText();
            hidden = d->textEchoMode() == QLineEdit::Password;
            if (const QString shot = screenshotPath(QStringLiteral("password-prompt.png")); !shot.isEmpty())
                QVERIFY(d->grab().save(shot));
            auto *edit = d->findChild<QLineEdit *>();
            QVERIFY(edit);
            QTest::keyClicks(edit, QStringLiteral("right horse"));
            d->accept();
        });
        QVERIFY(ConnectDialog::askForPassword(nullptr, location, refused));
    }
    QVERIFY(hidden);
    // It names the login and the server, and why it asks.
    QVERIFY2(label.contains(QLatin1String("ana")) && label.contains(QLatin1String("db.lab.example"))
                 && label.contains(QLatin1String("refused")),
             qPrintable(label));
    QCOMPARE(Database::rememberedPassword(location), QStringLiteral("right horse"));

    // Cancelled: nothing remembered.
    const ServerLocation other = ServerLocation::parse(QStringLiteral("postgresql://bo@db.lab.example/hiring"));
    {
        const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"), [&](QInputDialog *d) {
            QVERIFY(d->labelText().contains(QLatin1String("asks for a password")));
            QTest::keyClicks(d->findChild<QLineEdit *>(), QStringLiteral("typed, then thought better"));
            d->reject();
        });
        QVERIFY(!ConnectDialog::askForPassword(
            nullptr, other,
            QStringLiteral("postgresql://bo@db.lab.example/hiring: cannot connect: the server asks for a password "
                           "and none was given")));
    }
    QVERIFY(Database::rememberedPassword(other).isEmpty());
    Database::rememberPassword(location, QString());
}

// No keyring answers (ctest points D-Bus nowhere): the box is there, disabled, saying why;
// the password typed is kept for this process, and on the server the connection is made.
void TestConnectDialog::withoutAKeyringThePasswordIsKeptUntilQuit()
{
    QVERIFY2(!keyringRun() && !PasswordKeyring::isAvailable(),
             "a desktop keyring answers here: this test is about having none (ctest points D-Bus nowhere)");
    const QString login = QStringLiteral("connectpw");
    const QString password = QStringLiteral("right horse");
    std::unique_ptr<ThrowawayDatabase> throwaway;
    ServerLocation location = ServerLocation::parse(QStringLiteral("postgresql://ana@db.lab.example/hiring"));
    if (TestBackend::isServer()) {
        throwaway = std::make_unique<ThrowawayDatabase>(
            QStringLiteral("nokeyring_%1").arg(QCoreApplication::applicationPid()), login, password);
        QVERIFY2(throwaway->error().isEmpty(), qPrintable(throwaway->error()));
        QVERIFY2(throwaway->asksForPassword(), "the test cluster must ask connectpw for a password");
        location = throwaway->location();
    }
    const QString none = QStringLiteral("No desktop keyring is available: the password is kept until Hireloop quits");
    QString label, tip, note;
    bool shown = false, enabled = true, checked = true;
    const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"), [&](QInputDialog *p) {
        label = p->labelText();
        auto *box = p->findChild<QCheckBox *>(QStringLiteral("rememberPassword"));
        QVERIFY(box);
        shown = box->isVisible();
        enabled = box->isEnabled();
        tip = box->toolTip();
        clickBox(box);  // a disabled box does not tick
        checked = box->isChecked();
        auto *keyringNote = p->findChild<QLabel *>(QStringLiteral("keyringNote"));
        QVERIFY(keyringNote && keyringNote->isVisible());
        note = keyringNote->text();
        if (const QString shot = screenshotPath(QStringLiteral("password-prompt-no-keyring.png")); !shot.isEmpty())
            QVERIFY(p->grab().save(shot));
        QTest::keyClicks(p->findChild<QLineEdit *>(), password);
        p->accept();
    });
    if (TestBackend::isServer()) {
        Store other;
        bool cancelled = true;
        QVERIFY2(ConnectDialog::openAskingForPassword(&other, location.toDisplayUri(), DatabaseOptions(), nullptr,
                                                      &cancelled),
                 qPrintable(other.errorString()));
        QVERIFY(!cancelled);
        QCOMPARE(other.path(), location.toDisplayUri());
    } else {
        bool remember = true;
        QVERIFY(ConnectDialog::askForPassword(
            nullptr, location,
            QStringLiteral("postgresql://ana@db.lab.example/hiring: cannot connect: the server asks for a password "
                           "and none was given"),
            &remember));
        QVERIFY(!remember);
    }
    QVERIFY(shown);
    QVERIFY(!enabled);
    QVERIFY(!checked);
    QVERIFY2(tip.startsWith(none), qPrintable(tip));
    QCOMPARE(note, none);
    QVERIFY2(label.contains(QLatin1String("never saves it")), qPrintable(label));
    QCOMPARE(Database::rememberedPassword(location), password);
    Database::rememberPassword(location, QString());
}

void TestConnectDialog::recentConnectionsKeepNoPassword()
{
    Settings &s = Settings::instance();
    for (int i = 1; i <= 10; ++i)
        s.addRecentConnection(QStringLiteral("postgresql://ana@db%1.lab.example/hiring").arg(i));
    QStringList uris = s.recentConnections();
    QCOMPARE(uris.size(), Settings::MaxRecentConnections);
    QCOMPARE(uris.first(), QStringLiteral("postgresql://ana@db10.lab.example/hiring"));
    QCOMPARE(uris.last(), QStringLiteral("postgresql://ana@db3.lab.example/hiring"));
    // Opened again: first, once. A password in the URI is never kept.
    s.addRecentConnection(QStringLiteral("postgresql://ana:hunter2@db5.lab.example/hiring"));
    s.addRecentConnection(QStringLiteral("postgresql://ana@db6.lab.example/hiring?password=hunter3&sslmode=require"));
    uris = s.recentConnections();
    QCOMPARE(uris.size(), Settings::MaxRecentConnections);
    QCOMPARE(uris.at(0), QStringLiteral("postgresql://ana@db6.lab.example/hiring?sslmode=require"));
    QCOMPARE(uris.at(1), QStringLiteral("postgresql://ana@db5.lab.example/hiring"));
    QCOMPARE(uris.count(QStringLiteral("postgresql://ana@db5.lab.example/hiring")), 1);
    // Files and servers keep to their own lists.
    const int files = int(s.recentFiles().size());
    s.addRecentFile(QStringLiteral("postgresql://ana@db7.lab.example/hiring"));
    QCOMPARE(s.recentFiles().size(), files);
    QCOMPARE(s.recentConnections().first(), QStringLiteral("postgresql://ana@db7.lab.example/hiring"));
    s.removeRecentConnection(QStringLiteral("postgresql://ana@db5.lab.example/hiring"));
    QVERIFY(!s.recentConnections().contains(QStringLiteral("postgresql://ana@db5.lab.example/hiring")));
    s.sync();
    QByteArray written;  // every settings file of the fixture's folder
    for (const QString &name : QDir(m_fx.folder()).entryList({"*.ini"})) {
        QFile ini(m_fx.filePath(name));
        QVERIFY2(ini.open(QIODevice::ReadOnly), qPrintable(ini.fileName()));
        written += ini.readAll();
    }
    QVERIFY(written.contains("db7.lab.example"));
    QVERIFY(!written.contains("hunter"));
}

void TestConnectDialog::titleAndStatusBarNameTheDatabase()
{
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    auto *databaseLabel = m_window->findChild<QLabel *>("databaseLabel");
    auto *actorLabel = m_window->findChild<QLabel *>("actorLabel");
    QVERIFY(databaseLabel && actorLabel);
    if (!TestBackend::isServer()) {
        // A file, as before: its name in the title, its path in the tooltip.
        QCOMPARE(m_window->windowTitle(), QStringLiteral("%1 — Hireloop").arg(QFileInfo(m_fx->path()).fileName()));
        QVERIFY(databaseLabel->isHidden());
        QCOMPARE(actorLabel->toolTip(), QDir::toNativeSeparators(m_fx->path()));
        QVERIFY(Settings::instance().recentFiles().contains(m_fx->path()));
        QVERIFY(Settings::instance().recentConnections().isEmpty());
        return;
    }
    const ServerLocation location = ServerLocation::parse(m_fx->path());
    const QString described = QStringLiteral("%1 on this computer (postgres)").arg(location.database);
    QCOMPARE(m_window->windowTitle(), described + QStringLiteral(" — Hireloop"));
    QVERIFY(databaseLabel->isVisible());
    QVERIFY2(databaseLabel->text().contains(described), qPrintable(databaseLabel->text()));
    QCOMPARE(databaseLabel->toolTip(), m_fx->path());
    QCOMPARE(actorLabel->toolTip(), m_fx->path());
    QCOMPARE(Settings::instance().recentConnections().value(0), m_fx->path());
    QVERIFY(Settings::instance().recentFiles().isEmpty());
}

void TestConnectDialog::aServerOutOfReachKeepsTheDatabaseAndWhatWasTyped()
{
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    const QString before = m_fx->path();
    const QString title = m_window->windowTitle();
    // A socket folder with no server in it: refused at once, on either backend.
    const QString nowhere = m_fx.folder();
    QString error;
    QString hostAgain, databaseAgain, userAgain;
    std::unique_ptr<ModalAnswer> errorShown, dialogAgain;
    {
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            type(d, "hostEdit", nowhere);
            type(d, "databaseEdit", "hiring");
            type(d, "userEdit", "ana");
            errorShown = answerLater<QMessageBox>([&](QMessageBox *box) {
                error = box->text();
                box->accept();
            });
            dialogAgain = answerLater<ConnectDialog>([&](ConnectDialog *again) {
                hostAgain = fieldText(again, "hostEdit");
                databaseAgain = fieldText(again, "databaseEdit");
                userAgain = fieldText(again, "userEdit");
                again->reject();
            });
            clickButton(d, QDialogButtonBox::Ok);
        });
        connectAction()->trigger();
    }
    QVERIFY(errorShown->wait());
    QVERIFY(dialogAgain->wait());
    errorShown.reset();
    dialogAgain.reset();
    QVERIFY2(error.contains(QLatin1String("cannot connect")) || error.contains(QLatin1String("QPSQL")),
             qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("hiring")), qPrintable(error));
    // The database that was open still is, and the dialog came back as it was typed.
    QCOMPARE(m_fx->path(), before);
    QVERIFY(m_fx->isOpen());
    QCOMPARE(m_window->windowTitle(), title);
    QCOMPARE(hostAgain, nowhere);
    QCOMPARE(databaseAgain, QStringLiteral("hiring"));
    QCOMPARE(userAgain, QStringLiteral("ana"));
    QVERIFY(!Settings::instance().recentConnections().join(QLatin1Char(' ')).contains(nowhere));
    // Opened again from the menu: still what was typed.
    {
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            hostAgain = fieldText(d, "hostEdit");
            d->reject();
        });
        connectAction()->trigger();
    }
    QCOMPARE(hostAgain, nowhere);
    QCOMPARE(m_fx->path(), before);
}

void TestConnectDialog::screenshot()
{
    auto *d = m_fx.show(new ConnectDialog, true);
    QVERIFY(d);
    d->setLocation(ServerLocation::parse(QStringLiteral("postgresql://ana@db.lab.example/hiring?sslmode=verify-full")));
    QCOMPARE(d->uri(), QStringLiteral("postgresql://ana@db.lab.example/hiring?sslmode=verify-full"));
    // Tab goes down the form, then to Connect; the address is for reading and copying.
    d->findChild<QLineEdit *>("hostEdit")->setFocus();
    QStringList order;
    for (int i = 0; i < 6; ++i) {
        QWidget *f = QApplication::focusWidget();
        QVERIFY(f);
        if (qobject_cast<QAbstractSpinBox *>(f->parentWidget()))
            f = f->parentWidget();
        auto *button = qobject_cast<QPushButton *>(f);
        order << (button ? button->text().remove(QLatin1Char('&')) : f->objectName());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    QCOMPARE(order, QStringList({"hostEdit", "portEdit", "databaseEdit", "userEdit", "sslModeEdit", "Connect"}));
    // The note says where a password goes: memory, or the keyring when ticked; nowhere else.
    const QString note = d->findChild<QLabel *>("passwordNote")->text();
    QVERIFY2(note.contains(QLatin1String("until it quits")) && note.contains(QLatin1String("desktop keyring"))
                 && note.contains(QLatin1String("nowhere else")),
             qPrintable(note));
    d->findChild<QLineEdit *>("hostEdit")->setFocus();
    // Every label and field whole: nothing cut at the dialog's size.
    for (QWidget *w : d->findChildren<QWidget *>())
        if (w->isVisible() && !qobject_cast<QDialogButtonBox *>(w->parentWidget()))
            QVERIFY2(w->width() >= w->minimumSizeHint().width(), qPrintable(w->objectName()));
    const QImage shot = d->grab().toImage();
    QVERIFY(!shot.isNull());
    if (const QString path = screenshotPath(QStringLiteral("connect-dialog.png")); !path.isEmpty())
        QVERIFY(shot.save(path));
}

void TestConnectDialog::connectsThroughTheDialogOnServer()
{
    const QString original = m_fx->path();
    const ServerLocation target = TestBackend::clusterLocation(ServerLocation::parse(original).database);
    const QString targetUri = target.toDisplayUri();
    QVERIFY(targetUri != original);
    // What is in the database the dialog will reach, put there behind the window's back.
    {
        Store seed;
        QVERIFY2(seed.open(targetUri), qPrintable(seed.errorString()));
        QVERIFY(seed.ensureDefaultData());
        Candidate c;
        c.name = QStringLiteral("Ada Connect");
        c.emails << QStringLiteral("ada.connect@mail.example");
        Id app = 0;
        if (!seed.findCandidate(c.emails.first()))
            QVERIFY2(seed.addCandidate(c, seed.roles().first().id, 0, &app), qPrintable(seed.errorString()));
    }
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    QString preview;
    {
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            type(d, "hostEdit", TestBackend::socketFolder());
            type(d, "databaseEdit", target.database);
            type(d, "userEdit", "postgres");
            chooseSslMode(d, "prefer");
            d->findChild<QSpinBox *>("portEdit")->setValue(5432);
            preview = fieldText(d, "uriPreview");
            clickButton(d, QDialogButtonBox::Ok);
        });
        connectAction()->trigger();
    }
    QCOMPARE(preview, targetUri);
    QCOMPARE(m_fx->path(), targetUri);
    // The title and the status bar name the database, the server and the login.
    const QString described = QStringLiteral("%1 on this computer (postgres)").arg(target.database);
    QCOMPARE(m_window->windowTitle(), described + QStringLiteral(" — Hireloop"));
    auto *databaseLabel = m_window->findChild<QLabel *>("databaseLabel");
    QVERIFY(databaseLabel->text().contains(described));
    QCOMPARE(databaseLabel->toolTip(), targetUri);
    // The candidates pane shows that database's default role and its candidate.
    // (On a server the list of roles is read on the connection thread.)
    QTRY_COMPARE(m_window->findChild<QComboBox *>("roleSwitcher")->currentText(),
                 QStringLiteral("Distributed Training Researcher"));
    const QAbstractItemModel *candidates = m_window->candidatesPane()->candidateView()->model();
    auto hasAda = [candidates] {
        for (int r = 0; r < candidates->rowCount(); ++r)
            if (candidates->index(r, CandidateModel::NameColumn).data().toString() == QLatin1String("Ada Connect"))
                return true;
        return false;
    };
    QTRY_VERIFY(hasAda());
    // Both are recent connections, this one first, and in the recent menu.
    const QStringList recent = Settings::instance().recentConnections();
    QCOMPARE(recent.value(0), targetUri);
    QVERIFY(recent.contains(original));
    QVERIFY(recentAction(targetUri));
    QVERIFY(recentAction(original));
    if (const QString shot = screenshotPath(QStringLiteral("connected-window.png")); !shot.isEmpty()) {
        m_window->resize(1400, 900);
        QVERIFY(m_window->grab().save(shot));
    }

    // Back and forth through the recent menu.
    recentAction(original)->trigger();
    QCOMPARE(m_fx->path(), original);
    QTRY_VERIFY(!hasAda());
    recentAction(targetUri)->trigger();
    QCOMPARE(m_fx->path(), targetUri);
    QTRY_VERIFY(hasAda());
    QCOMPARE(Settings::instance().recentConnections().value(0), targetUri);
}

void TestConnectDialog::aMissingDatabaseIsRefusedOnServer()
{
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    const QString before = m_fx->path();
    const QString title = m_window->windowTitle();
    QString error, databaseAgain, hostAgain;
    std::unique_ptr<ModalAnswer> errorShown, dialogAgain;
    {
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            type(d, "hostEdit", TestBackend::socketFolder());
            type(d, "databaseEdit", "no_such_database");
            type(d, "userEdit", "postgres");
            errorShown = answerLater<QMessageBox>([&](QMessageBox *box) {
                error = box->text();
                box->accept();
            });
            dialogAgain = answerLater<ConnectDialog>([&](ConnectDialog *again) {
                hostAgain = fieldText(again, "hostEdit");
                databaseAgain = fieldText(again, "databaseEdit");
                again->reject();
            });
            clickButton(d, QDialogButtonBox::Ok);
        });
        connectAction()->trigger();
    }
    QVERIFY(errorShown->wait());
    QVERIFY(dialogAgain->wait());
    errorShown.reset();
    dialogAgain.reset();
    QVERIFY2(error.contains(QLatin1String("has no database named no_such_database")), qPrintable(error));
    QCOMPARE(m_fx->path(), before);
    QVERIFY(m_fx->isOpen());
    QCOMPARE(m_window->windowTitle(), title);
    QCOMPARE(databaseAgain, QStringLiteral("no_such_database"));
    QCOMPARE(hostAgain, TestBackend::socketFolder());
    QCOMPARE(Settings::instance().recentConnections(), QStringList{before});
}

void TestConnectDialog::aPasswordIsAskedForOnServer()
{
    // A login that must give a password (tests/pg/pgcluster.sh asks connectpw for one on
    // the socket and trusts everyone else), owner of a database of its own.
    const QString login = QStringLiteral("connectpw");
    const QString database = QStringLiteral("connectpw_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("right horse");
    const ThrowawayDatabase throwaway(database, login, password);
    QVERIFY2(throwaway.error().isEmpty(), qPrintable(throwaway.error()));
    const ServerLocation asLogin = throwaway.location();
    QVERIFY2(throwaway.asksForPassword(), "the test cluster must ask connectpw for a password");

    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    const QString before = m_fx->path();
    // A wrong password: refused, the previous database kept, the dialog back; then the
    // right one.
    QString firstPrompt, error;
    std::unique_ptr<ModalAnswer> prompt, errorShown, dialogAgain, secondPrompt;
    {
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            type(d, "hostEdit", TestBackend::socketFolder());
            type(d, "databaseEdit", database);
            type(d, "userEdit", login);
            prompt = answerLater<QInputDialog>([&](QInputDialog *p) {
                firstPrompt = p->labelText();
                QTest::keyClicks(p->findChild<QLineEdit *>(), QStringLiteral("wrong horse"));
                p->accept();
                errorShown = answerLater<QMessageBox>([&](QMessageBox *box) {
                    error = box->text();
                    box->accept();
                    dialogAgain = answerLater<ConnectDialog>([&](ConnectDialog *again) {
                        QCOMPARE(fieldText(again, "userEdit"), login);
                        secondPrompt = answerLater<QInputDialog>([&](QInputDialog *p2) {
                            QTest::keyClicks(p2->findChild<QLineEdit *>(), password);
                            p2->accept();
                        });
                        clickButton(again, QDialogButtonBox::Ok);
                    });
                });
            });
            clickButton(d, QDialogButtonBox::Ok);
        });
        connectAction()->trigger();
    }
    for (auto *a : {&prompt, &errorShown, &dialogAgain, &secondPrompt}) {
        QVERIFY(*a);
        QVERIFY((*a)->wait());
    }
    prompt.reset();
    errorShown.reset();
    dialogAgain.reset();
    secondPrompt.reset();
    QVERIFY2(firstPrompt.contains(login) && firstPrompt.contains(QLatin1String("asks for a password")),
             qPrintable(firstPrompt));
    QVERIFY2(error.contains(QLatin1String("refused the password")), qPrintable(error));
    QCOMPARE(m_fx->path(), asLogin.toDisplayUri());
    QCOMPARE(m_window->windowTitle(), QStringLiteral("%1 on this computer (%2) — Hireloop").arg(database, login));
    QCOMPARE(Database::rememberedPassword(asLogin), password);
    // Remembered for this process: back and forth without a prompt; never in the settings.
    recentAction(before)->trigger();
    QCOMPARE(m_fx->path(), before);
    recentAction(asLogin.toDisplayUri())->trigger();
    QCOMPARE(m_fx->path(), asLogin.toDisplayUri());
    Settings::instance().sync();
    for (const QString &ini : QDir(m_fx.folder()).entryList({"*.ini"})) {
        QFile f(m_fx.filePath(ini));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("horse"));
    }
    recentAction(before)->trigger();  // the login's database is dropped after the test
    QCOMPARE(m_fx->path(), before);

    // hireloop --db with a URI that carries a wrong password: the second try is with the
    // password typed, not the URI's again. Cancelled, it says so.
    Database::rememberPassword(asLogin, QString());
    const QString uriWithPassword = asLogin.toDisplayUri().replace(login + QLatin1Char('@'),
                                                                   login + QStringLiteral(":wrong%20horse@"));
    QVERIFY(uriWithPassword.contains(QLatin1String(":wrong%20horse@")));
    {
        Store other;
        QString why;
        const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"), [&](QInputDialog *p) {
            why = p->labelText();
            QTest::keyClicks(p->findChild<QLineEdit *>(), password);
            p->accept();
        });
        bool cancelled = true;
        QVERIFY2(ConnectDialog::openAskingForPassword(&other, uriWithPassword, DatabaseOptions(), nullptr, &cancelled),
                 qPrintable(other.errorString()));
        QVERIFY(!cancelled);
        QCOMPARE(other.path(), asLogin.toDisplayUri());
        QVERIFY2(why.contains(QLatin1String("refused")), qPrintable(why));
    }
    QCOMPARE(Database::rememberedPassword(asLogin), password);
    Database::rememberPassword(asLogin, QString());
    {
        Store other;
        const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"),
                                                  [](QInputDialog *p) { p->reject(); });
        bool cancelled = false;
        QVERIFY(!ConnectDialog::openAskingForPassword(&other, asLogin.toDisplayUri(), DatabaseOptions(), nullptr,
                                                      &cancelled));
        QVERIFY(cancelled);
        QVERIFY2(other.errorString().contains(QLatin1String("asks for a password")), qPrintable(other.errorString()));
        QVERIFY(!other.isOpen());
    }
    QVERIFY(Database::rememberedPassword(asLogin).isEmpty());
}

// The server goes away under an open window: a banner says so at once (and what happens
// meanwhile), and goes again when the store has a new session; the window keeps working.
void TestConnectDialog::aLostConnectionShowsABannerOnServer()
{
    m_window = m_fx.openWindow();
    auto *banner = m_window->findChild<QLabel *>(QStringLiteral("connectionBanner"));
    QVERIFY(banner);
    QVERIFY(!banner->isVisible());
    QVERIFY(TestBackend::endSession(m_fx->database().connection(), m_fx->path()));
    Candidate c;
    c.name = QStringLiteral("Refused While Away");
    QCOMPARE(m_fx->addCandidate(c, m_fx.role.id), Id(0));
    QTRY_VERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains("was lost") && banner->text().contains("what you type is kept"),
             qPrintable(banner->text()));
    if (const QString dir = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !dir.isEmpty())
        m_window->grab().save(dir + QStringLiteral("/connection-lost.png"));
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), 4 * Store::ReconnectIntervalMs);
    QVERIFY2(m_window->statusBar()->currentMessage().contains("is back"),
             qPrintable(m_window->statusBar()->currentMessage()));
    c.name = QStringLiteral("Added Once Back");
    QVERIFY(m_fx->addCandidate(c, m_fx.role.id) > 0);
}

// File › Move This File to a Team Server…: the open file, whole, onto an empty database
// typed into the dialog; then the window opens it and shows the same candidates.
void TestConnectDialog::movesThisFileToATeamServerOnServer()
{
    m_window = m_fx.openWindow();
    const QString file = m_fx.filePath(QStringLiteral("solo.sqlite"));
    {
        Store solo;
        QVERIFY(solo.open(file) && solo.ensureDefaultData());
        QVERIFY(solo.addDemoData(solo.roles().first().id, 40, 3));
    }
    QVERIFY(m_window->switchDatabase(file));
    const int candidates = int(m_fx->candidateRows(m_fx->roles().first().id).size());
    QCOMPARE(candidates, 40);
    auto *move = m_window->findChild<QAction *>(QStringLiteral("moveToServerAction"));
    QVERIFY(move && move->isEnabled());

    const QString database = QStringLiteral("moved_%1").arg(QCoreApplication::applicationPid());
    const ThrowawayDatabase throwaway(database);
    QVERIFY2(throwaway.error().isEmpty(), qPrintable(throwaway.error()));
    const ServerLocation target = throwaway.location();
    {
        const auto where = onModal<ConnectDialog>([&](ConnectDialog *d) {
            d->setLocation(target);
            d->accept();
        });
        const auto open = onModal<QMessageBox>([&](QMessageBox *box) {
            QVERIFY2(box->text().contains("ids kept"), qPrintable(box->text()));
            // Each active person's new login and password, shown once.
            QVERIFY2(box->detailedText().contains("Lab Director: login director"), qPrintable(box->detailedText()));
            QVERIFY(box->detailedText().contains("password"));
            box->button(QMessageBox::Open)->click();
        });
        move->trigger();
    }
    // The window is on the team database now, with the same candidates; the file is as it was.
    QTRY_COMPARE(m_fx->path(), target.toDisplayUri());
    QVERIFY(m_fx->database().isServer());
    QCOMPARE(int(m_fx->candidateRows(m_fx->roles().first().id).size()), candidates);
    QVERIFY(!move->isEnabled());
    QVERIFY(m_window->windowTitle().contains(database));
    QVERIFY(Settings::instance().recentConnections().contains(target.toDisplayUri()));
    Store again;
    QVERIFY(again.open(file));
    QCOMPARE(int(again.candidateRows(again.roles().first().id).size()), 40);
    QVERIFY(m_window->switchDatabase(file));  // off the team database, which is dropped now
}

// Ticked at the prompt, the password goes to the desktop keyring once the server has
// taken it; from then on (a new run of Hireloop: nothing in this process's memory) the
// team database opens from the recent menu and through the dialog without a prompt.
void TestConnectDialog::aRememberedPasswordOpensWithoutAPromptWithKeyring()
{
    QVERIFY2(keyringRun(), "needs a desktop keyring: run by tst_connectdialog_keyring");
    QString why;
    QVERIFY2(PasswordKeyring::isAvailable(&why), qPrintable(why));
    const QString password = QStringLiteral("right horse");
    const ThrowawayDatabase throwaway(QStringLiteral("keyring_%1").arg(QCoreApplication::applicationPid()),
                                      QStringLiteral("connectpw"), password);
    QVERIFY2(throwaway.error().isEmpty(), qPrintable(throwaway.error()));
    QVERIFY2(throwaway.asksForPassword(), "the test cluster must ask connectpw for a password");
    const ServerLocation target = throwaway.location();
    const QString key = ConnectDialog::keyringKey(target);
    QCOMPARE(key, QStringLiteral("connectpw@%1:5432/%2").arg(TestBackend::socketFolder(), target.database));
    QVERIFY(PasswordKeyring::remove(key));
    auto forget = qScopeGuard([&] {
        PasswordKeyring::remove(key);
        Database::rememberPassword(target, QString());
    });

    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    const QString before = m_fx->path();
    QString label, tip;
    bool enabled = false;
    std::unique_ptr<ModalAnswer> prompt;
    {
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            d->setLocation(target);
            prompt = answerLater<QInputDialog>([&](QInputDialog *p) {
                label = p->labelText();
                auto *box = p->findChild<QCheckBox *>(QStringLiteral("rememberPassword"));
                QVERIFY(box && box->isVisible() && !box->isChecked());
                QVERIFY(!p->findChild<QLabel *>(QStringLiteral("keyringNote")));
                enabled = box->isEnabled();
                tip = box->toolTip();
                QTest::keyClicks(p->findChild<QLineEdit *>(), password);
                clickBox(box);
                QVERIFY(box->isChecked());
                if (const QString shot = screenshotPath(QStringLiteral("password-prompt-keyring.png")); !shot.isEmpty())
                    QVERIFY(p->grab().save(shot));
                p->accept();
            });
            clickButton(d, QDialogButtonBox::Ok);
        });
        connectAction()->trigger();
    }
    QVERIFY(prompt && prompt->wait());
    prompt.reset();
    QVERIFY(enabled);
    QVERIFY2(label.contains(QLatin1String("desktop keyring")), qPrintable(label));
    QVERIFY2(tip.contains(QLatin1String("once the server accepts it")), qPrintable(tip));
    QCOMPARE(m_fx->path(), target.toDisplayUri());
    QCOMPARE(PasswordKeyring::read(key), password);

    // As after a restart: this process forgets it; the recent menu opens it, no prompt.
    recentAction(before)->trigger();
    QCOMPARE(m_fx->path(), before);
    Database::rememberPassword(target, QString());
    {
        PromptWatch watch;
        recentAction(target.toDisplayUri())->trigger();
        QCOMPARE(watch.count(), 0);
    }
    QCOMPARE(m_fx->path(), target.toDisplayUri());
    QCOMPARE(Database::rememberedPassword(target), password);  // for the workers' connections too
    // The same through File › Connect to Team Server….
    recentAction(before)->trigger();
    Database::rememberPassword(target, QString());
    {
        PromptWatch watch;
        const auto answer = onModal<ConnectDialog>([&](ConnectDialog *d) {
            d->setLocation(target);
            clickButton(d, QDialogButtonBox::Ok);
        });
        connectAction()->trigger();
        QCOMPARE(watch.count(), 0);
    }
    QCOMPARE(m_fx->path(), target.toDisplayUri());
    QCOMPARE(m_window->windowTitle(),
             QStringLiteral("%1 on this computer (connectpw) — Hireloop").arg(target.database));
    // The keyring has it, the settings never do.
    Settings::instance().sync();
    for (const QString &ini : QDir(m_fx.folder()).entryList({"*.ini"})) {
        QFile f(m_fx.filePath(ini));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("horse"));
    }
    recentAction(before)->trigger();  // the database is dropped after the test
    QCOMPARE(m_fx->path(), before);
}

// The server stops taking the keyring's password (changed by its administrator): it is
// removed from the keyring and the prompt says so; a password the server refuses is
// never written, even ticked; the new one, ticked and taken, is.
void TestConnectDialog::aRefusedRememberedPasswordIsRemovedWithKeyring()
{
    QVERIFY2(keyringRun(), "needs a desktop keyring: run by tst_connectdialog_keyring");
    QString why;
    QVERIFY2(PasswordKeyring::isAvailable(&why), qPrintable(why));
    const QString oldPassword = QStringLiteral("old horse");
    const QString newPassword = QStringLiteral("new horse");
    const ThrowawayDatabase throwaway(QStringLiteral("refused_%1").arg(QCoreApplication::applicationPid()),
                                      QStringLiteral("connectpw"), oldPassword);
    QVERIFY2(throwaway.error().isEmpty(), qPrintable(throwaway.error()));
    QVERIFY2(throwaway.asksForPassword(), "the test cluster must ask connectpw for a password");
    const ServerLocation target = throwaway.location();
    const QString uri = target.toDisplayUri();
    const QString key = ConnectDialog::keyringKey(target);
    auto forget = qScopeGuard([&] {
        PasswordKeyring::remove(key);
        Database::rememberPassword(target, QString());
    });
    QVERIFY(PasswordKeyring::write(key, oldPassword));
    {
        // Remembered and taken: no prompt.
        Store store;
        PromptWatch watch;
        QVERIFY2(ConnectDialog::openAskingForPassword(&store, uri, DatabaseOptions(), nullptr),
                 qPrintable(store.errorString()));
        QCOMPARE(watch.count(), 0);
    }
    QVERIFY(TestBackend::asAdmin({QStringLiteral("ALTER ROLE connectpw PASSWORD '%1'").arg(newPassword)}));
    Database::rememberPassword(target, QString());  // a new run of Hireloop

    // Refused: the prompt comes, saying why, with the keyring's entry gone; a wrong
    // password typed and ticked is refused and not written.
    QString label, inKeyringMeanwhile = QStringLiteral("<not asked>");
    {
        Store store;
        const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"), [&](QInputDialog *p) {
            label = p->labelText();
            inKeyringMeanwhile = PasswordKeyring::read(key);
            auto *box = p->findChild<QCheckBox *>(QStringLiteral("rememberPassword"));
            QVERIFY(box && box->isEnabled());
            clickBox(box);
            QTest::keyClicks(p->findChild<QLineEdit *>(), QStringLiteral("wrong horse"));
            p->accept();
        });
        bool cancelled = true;
        QVERIFY(!ConnectDialog::openAskingForPassword(&store, uri, DatabaseOptions(), nullptr, &cancelled));
        QVERIFY(!cancelled);
        QVERIFY2(store.errorString().contains(QLatin1String("refused the password")), qPrintable(store.errorString()));
    }
    QVERIFY2(label.contains(QLatin1String("refused the password kept in the desktop keyring"))
                 && label.contains(QLatin1String("removed")),
             qPrintable(label));
    QCOMPARE(inKeyringMeanwhile, QString());
    QCOMPARE(PasswordKeyring::read(key), QString());
    QVERIFY(Database::rememberedPassword(target).isEmpty());

    // The new password, ticked: taken, and in the keyring for the next time.
    {
        Store store;
        const auto answer = onModal<QInputDialog>(QStringLiteral("passwordPrompt"), [&](QInputDialog *p) {
            label = p->labelText();
            clickBox(p->findChild<QCheckBox *>(QStringLiteral("rememberPassword")));
            QTest::keyClicks(p->findChild<QLineEdit *>(), newPassword);
            p->accept();
        });
        QVERIFY2(ConnectDialog::openAskingForPassword(&store, uri, DatabaseOptions(), nullptr),
                 qPrintable(store.errorString()));
    }
    QVERIFY2(label.contains(QLatin1String("asks for a password")), qPrintable(label));
    QCOMPARE(PasswordKeyring::read(key), newPassword);
    Database::rememberPassword(target, QString());
    {
        Store store;
        PromptWatch watch;
        QVERIFY2(ConnectDialog::openAskingForPassword(&store, uri, DatabaseOptions(), nullptr),
                 qPrintable(store.errorString()));
        QCOMPARE(watch.count(), 0);
    }
}

void TestConnectDialog::aPersonsLoginCannotSwitchPersonOnServer()
{
    // Ben, an interviewer with a login of his own, added by the administrator's session.
    Person ben{0,
               QStringLiteral("Ben Okafor"),
               QStringLiteral("ben@lab.example"),
               PersonKind::Interviewer,
               true,
               QStringLiteral("ben_%1").arg(QCoreApplication::applicationPid())};
    ben.id = m_fx->addPerson(ben, QStringLiteral("not-asked-on-this-socket"));
    QVERIFY2(ben.id, qPrintable(m_fx->errorString()));
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    auto *switcher = m_window->findChild<QComboBox *>("actorSwitcher");
    QVERIFY(switcher->isEnabled());  // the administrator may act for anyone
    ServerLocation asBen = ServerLocation::parse(m_fx->path());
    asBen.user = ben.login;
    QVERIFY(m_window->switchDatabase(asBen.toDisplayUri()));
    QCOMPARE(m_fx->actorId(), ben.id);
    // The people come off the GUI thread when the store does not hold them yet.
    QTRY_COMPARE(switcher->currentData().toLongLong(), ben.id);
    QVERIFY(!switcher->isEnabled());
    QVERIFY2(switcher->toolTip().contains(ben.login), qPrintable(switcher->toolTip()));
    QVERIFY(m_window->findChild<QLabel *>("actorLabel")->text().contains(QStringLiteral("Acting as Ben Okafor")));
    if (const QString shot = screenshotPath(QStringLiteral("person-login-window.png")); !shot.isEmpty()) {
        m_window->resize(1400, 900);
        QVERIFY(m_window->grab().save(shot));
    }
}

HIRELOOP_TEST_MAIN(QApplication, TestConnectDialog)
#include "tst_connectdialog.moc"
