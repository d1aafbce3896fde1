#include "settings.h"

#include "storage/serverlocation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hireloop {

namespace {

// Every key and its default, in one place.
const QString LastDatabaseKey = QStringLiteral("database/last");
const QString RecentFilesKey = QStringLiteral("database/recent");
const QString RecentConnectionsKey = QStringLiteral("database/recentConnections");
const QString OverdueHoursKey = QStringLiteral("scorecards/overdueHours");
constexpr int OverdueHoursDefault = 24;
const QString StaleDaysKey = QStringLiteral("pipeline/staleDays");
constexpr int StaleDaysDefault = 14;
const QString StatePrefix = QStringLiteral("state/");
const QString WelcomeDismissedKey = QStringLiteral("database/welcomeDismissed");
// templates/<kind>/subject and templates/<kind>/body; the defaults are in defaultTemplate().
const QString TemplatesPrefix = QStringLiteral("templates/");

QString templateKey(Settings::MessageKind kind)
{
    switch (kind) {
    case Settings::MessageKind::Reminder:
        return TemplatesPrefix + QStringLiteral("reminder/");
    case Settings::MessageKind::InterviewConfirmation:
        return TemplatesPrefix + QStringLiteral("interviewConfirmation/");
    case Settings::MessageKind::Rejection:
        return TemplatesPrefix + QStringLiteral("rejection/");
    }
    return TemplatesPrefix;
}

QString translate(const char *text)
{
    return QCoreApplication::translate("hireloop::Settings", text);
}

// How a database is named in the settings: a file by its absolute path, a team database
// by its URI without the password (empty when it is not one Hireloop understands).
QString databaseKey(const QString &pathOrUri)
{
    if (ServerLocation::isUri(pathOrUri)) {
        const ServerLocation location = ServerLocation::parse(pathOrUri);
        return location.isValid() ? location.toDisplayUri() : QString();
    }
    return QFileInfo(pathOrUri).absoluteFilePath();
}

// Recent database paths and window state are the user's business: the file is made
// 0600 before QSettings writes it (it keeps an existing file's mode when it rewrites it).
void makePrivate(const QString &file)
{
    if (file.isEmpty())
        return;
    QDir().mkpath(QFileInfo(file).absolutePath());
    const QByteArray path = QFile::encodeName(file);
    const int fd = ::open(path.constData(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::fchmod(fd, 0600);
        ::close(fd);
    }
}

// QSettings that never writes its file on its own on the GUI thread: its deferred write
// (an UpdateRequest it posts to itself) is left to Settings' writer.
class MemorySettings : public QSettings
{
public:
    using QSettings::QSettings;

protected:
    bool event(QEvent *event) override { return event->type() == QEvent::UpdateRequest || QSettings::event(event); }
};

}  // namespace

Settings::Settings()
    : m_settings(std::make_unique<MemorySettings>())
{
    makePrivate(m_settings->fileName());
    m_writer.setMaxThreadCount(1);
}

// The pool waits for the writes under way; the QSettings then writes what is left.
Settings::~Settings() = default;

void Settings::put(const QString &key, const QVariant &value)
{
    m_settings->setValue(key, value);
    changed(key, value);
}

void Settings::drop(const QString &key)
{
    m_settings->remove(key);
    changed(key, QVariant());
}

void Settings::changed(const QString &key, const QVariant &value)
{
    m_changes.append({key, value});
    if (m_saveAsked || !QCoreApplication::instance())
        return;  // without an event loop: written by sync() or at the end
    m_saveAsked = true;
    QMetaObject::invokeMethod(
        QCoreApplication::instance(), [this] { save(); }, Qt::QueuedConnection);
}

void Settings::save()
{
    m_saveAsked = false;
    if (m_changes.isEmpty())
        return;
    m_writer.start(
        [changes = std::exchange(m_changes, {}), file = m_settings->fileName(), format = m_settings->format()] {
            QSettings out(file, format);
            for (const auto &[key, value] : changes) {
                if (value.isValid())
                    out.setValue(key, value);
                else
                    out.remove(key);
            }
            out.sync();
        });
}

void Settings::sync()
{
    m_writer.waitForDone();
    m_changes.clear();
    m_settings->sync();
}

Settings &Settings::instance()
{
    static Settings settings;
    return settings;
}

void Settings::useFile(const QString &path)
{
    Settings &s = instance();
    s.sync();
    makePrivate(path);
    s.m_settings = std::make_unique<MemorySettings>(path, QSettings::IniFormat);
}

QString Settings::lastDatabase() const
{
    return m_settings->value(LastDatabaseKey).toString();
}

void Settings::setLastDatabase(const QString &path)
{
    put(LastDatabaseKey, ServerLocation::isUri(path) ? databaseKey(path) : path);
}

QStringList Settings::recentFiles() const
{
    return m_settings->value(RecentFilesKey).toStringList();
}

void Settings::addRecentFile(const QString &path)
{
    if (ServerLocation::isUri(path)) {
        addRecentConnection(path);
        return;
    }
    pushRecent(RecentFilesKey, QFileInfo(path).absoluteFilePath(), MaxRecentFiles);
}

void Settings::removeRecentFile(const QString &path)
{
    dropRecent(RecentFilesKey, {QFileInfo(path).absoluteFilePath()});
}

QStringList Settings::recentConnections() const
{
    return m_settings->value(RecentConnectionsKey).toStringList();
}

void Settings::addRecentConnection(const QString &uri)
{
    const QString key = databaseKey(uri);
    if (!key.isEmpty() && ServerLocation::isUri(key))
        pushRecent(RecentConnectionsKey, key, MaxRecentConnections);
}

void Settings::removeRecentConnection(const QString &uri)
{
    dropRecent(RecentConnectionsKey, {databaseKey(uri), uri});  // also one kept as typed
}

void Settings::pushRecent(const QString &key, const QString &item, int max)
{
    QStringList items = m_settings->value(key).toStringList();
    items.removeAll(item);
    items.prepend(item);
    put(key, items.mid(0, max));
}

void Settings::dropRecent(const QString &key, const QStringList &gone)
{
    QStringList items = m_settings->value(key).toStringList();
    for (const QString &item : gone)
        items.removeAll(item);
    put(key, items);
}

int Settings::overdueHours() const
{
    return m_settings->value(OverdueHoursKey, OverdueHoursDefault).toInt();
}

void Settings::setOverdueHours(int hours)
{
    put(OverdueHoursKey, hours);
}

int Settings::staleDays() const
{
    return m_settings->value(StaleDaysKey, StaleDaysDefault).toInt();
}

void Settings::setStaleDays(int days)
{
    put(StaleDaysKey, days);
}

QList<Settings::MessageKind> Settings::messageKinds()
{
    return {MessageKind::Reminder, MessageKind::InterviewConfirmation, MessageKind::Rejection};
}

QString Settings::messageKindName(MessageKind kind)
{
    switch (kind) {
    case MessageKind::Reminder:
        return translate("Scorecard reminder (to the interviewer)");
    case MessageKind::InterviewConfirmation:
        return translate("Interview confirmation (to the candidate)");
    case MessageKind::Rejection:
        return translate("Rejection (to the candidate)");
    }
    return {};
}

QStringList Settings::placeholders(MessageKind kind)
{
    switch (kind) {
    case MessageKind::Reminder:
        return {QStringLiteral("{interviewer}"),    QStringLiteral("{candidate}"),    QStringLiteral("{stage}"),
                QStringLiteral("{interview_date}"), QStringLiteral("{days_overdue}"), QStringLiteral("{role}"),
                QStringLiteral("{sender}")};
    case MessageKind::InterviewConfirmation:
        return {QStringLiteral("{candidate}"),      QStringLiteral("{role}"),           QStringLiteral("{stage}"),
                QStringLiteral("{interview_date}"), QStringLiteral("{interview_time}"), QStringLiteral("{duration}"),
                QStringLiteral("{location}"),       QStringLiteral("{sender}")};
    case MessageKind::Rejection:
        return {QStringLiteral("{candidate}"), QStringLiteral("{role}"), QStringLiteral("{sender}")};
    }
    return {};
}

MessageTemplate Settings::defaultTemplate(MessageKind kind)
{
    switch (kind) {
    case MessageKind::Reminder:
        return {translate("Scorecard for {candidate} ({stage}) is waiting"),
                translate("Hi {interviewer},\n\n"
                          "Your scorecard for {candidate}'s {stage} interview on {interview_date} "
                          "({role}) has not been submitted yet; it is {days_overdue} days overdue.\n\n"
                          "The debrief can only weigh what is written down, so please rate the focus attributes "
                          "with your evidence and submit it while the interview is still fresh.\n\n"
                          "Thank you,\n{sender}")};
    case MessageKind::InterviewConfirmation:
        return {translate("Your {stage} interview for {role} on {interview_date}"),
                translate("Dear {candidate},\n\n"
                          "Thank you for your interest in the {role} position. This confirms your {stage} "
                          "interview on {interview_date} at {interview_time}, for {duration} minutes.\n\n"
                          "Where: {location}\n\n"
                          "If the time no longer suits you, just reply to this message and we will find another.\n\n"
                          "Best regards,\n{sender}")};
    case MessageKind::Rejection:
        return {translate("Your application for {role}"),
                translate("Dear {candidate},\n\n"
                          "Thank you for the time you gave us while applying for the {role} position. After "
                          "careful consideration we have decided not to continue with your application.\n\n"
                          "We appreciated getting to know you and wish you every success.\n\n"
                          "Kind regards,\n{sender}")};
    }
    return {};
}

MessageTemplate Settings::messageTemplate(MessageKind kind) const
{
    const MessageTemplate fallback = defaultTemplate(kind);
    const QString key = templateKey(kind);
    return {m_settings->value(key + QStringLiteral("subject"), fallback.subject).toString(),
            m_settings->value(key + QStringLiteral("body"), fallback.body).toString()};
}

void Settings::setMessageTemplate(MessageKind kind, const MessageTemplate &message)
{
    if (message == defaultTemplate(kind)) {
        resetMessageTemplate(kind);
        return;
    }
    const QString key = templateKey(kind);
    put(key + QStringLiteral("subject"), message.subject);
    put(key + QStringLiteral("body"), message.body);
}

void Settings::resetMessageTemplate(MessageKind kind)
{
    const QString key = templateKey(kind);
    drop(key + QStringLiteral("subject"));
    drop(key + QStringLiteral("body"));
}

bool Settings::welcomeDismissed(const QString &databasePath) const
{
    return m_settings->value(WelcomeDismissedKey).toStringList().contains(databaseKey(databasePath));
}

void Settings::setWelcomeDismissed(const QString &databasePath)
{
    QStringList files = m_settings->value(WelcomeDismissedKey).toStringList();
    const QString path = databaseKey(databasePath);
    if (!path.isEmpty() && !files.contains(path))
        put(WelcomeDismissedKey, files << path);
}

QByteArray Settings::state(const QString &key) const
{
    return m_settings->value(StatePrefix + key).toByteArray();
}

void Settings::setState(const QString &key, const QByteArray &value)
{
    put(StatePrefix + key, value);
}

}  // namespace hireloop
