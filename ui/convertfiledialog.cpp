#include "convertfiledialog.h"

#include "storage/serverlocation.h"

#include <QDir>
#include <QPushButton>

namespace hireloop {

namespace {

bool olderSchema(const FileFacts &facts)
{
    return facts.schemaVersion > 0 && facts.schemaVersion < Database::latestVersion();
}

// Only backups are asked about: a working file of an older schema is upgraded as it
// opens, as after every update of the app (a copy as it was is kept beside it).
QString conversionOf(const FileFacts &facts)
{
    if (!facts.ours || !facts.rollbackJournal)
        return QString();
    if (olderSchema(facts))
        return ConvertFileDialog::tr("It is kept as Hireloop keeps its backups, and an older Hireloop made it (schema "
                                     "version %1; this one uses %2). It can only be opened upgraded, which changes "
                                     "the file; a copy of it as it is now is kept beside it.")
            .arg(facts.schemaVersion)
            .arg(Database::latestVersion());
    return ConvertFileDialog::tr("It is kept as Hireloop keeps its backups (with a rollback journal). Opening it for "
                                 "changes converts it to a working database's write-ahead log, which changes the "
                                 "file even if you change nothing in it. Read-only, it stays exactly as it is.");
}

}  // namespace

QString ConvertFileDialog::conversion(const QString &path)
{
    if (ServerLocation::isUri(path))
        return QString();
    return conversionOf(Database::inspectFile(path));
}

bool ConvertFileDialog::askBeforeOpening(const QString &path, DatabaseOptions *options, QWidget *parent)
{
    if (options->readOnly || ServerLocation::isUri(path))
        return true;
    const FileFacts facts = Database::inspectFile(path);
    if (conversionOf(facts).isEmpty())
        return true;
    ConvertFileDialog ask(path, facts, parent);
    ask.exec();
    if (ask.readOnlyChosen()) {
        options->readOnly = true;
        options->exclusive = false;
        options->readOnlyReason = tr("it was opened to look at, so that it stays exactly as it is");
        return true;
    }
    return ask.convertChosen();
}

ConvertFileDialog::ConvertFileDialog(const QString &path, const FileFacts &facts, QWidget *parent)
    : QMessageBox(QMessageBox::Question, tr("Hireloop"), tr("Open %1?").arg(QDir::toNativeSeparators(path)),
                  QMessageBox::NoButton, parent)
{
    setObjectName(QStringLiteral("convertFileBox"));
    setInformativeText(conversionOf(facts));
    if (olderSchema(facts)) {
        m_convert = addButton(tr("&Upgrade and Open"), QMessageBox::AcceptRole);
    } else {
        m_readOnly = addButton(tr("Open &Read-Only"), QMessageBox::AcceptRole);
        m_readOnly->setObjectName(QStringLiteral("openReadOnlyButton"));
        m_convert = addButton(tr("&Convert and Open"), QMessageBox::DestructiveRole);
    }
    m_convert->setObjectName(QStringLiteral("convertButton"));
    QPushButton *cancel = addButton(QMessageBox::Cancel);
    cancel->setObjectName(QStringLiteral("cancelButton"));
    setDefaultButton(m_readOnly ? m_readOnly : cancel);
    setEscapeButton(cancel);
}

bool ConvertFileDialog::readOnlyChosen() const
{
    return m_readOnly && clickedButton() == m_readOnly;
}

bool ConvertFileDialog::convertChosen() const
{
    return clickedButton() == m_convert;
}

}  // namespace hireloop
