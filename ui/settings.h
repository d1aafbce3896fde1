#pragma once

#include "domain/messagetemplate.h"

#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <QThreadPool>
#include <memory>
#include <utility>

// The app's preferences behind one typed wrapper: each setting has one key and one
// default, here. Tests point it at a temporary file so they never touch the user's.
// A change is answered from memory at once and written to the file on a thread of its
// own (writing flushes the file to disk, which can take a disk's whole latency): the
// GUI thread never waits for it unless it asks to with sync().

namespace hireloop {

class Settings
{
public:
    static Settings &instance();
    // Replaces the backing store with an INI file (tests, portable use).
    static void useFile(const QString &path);

    QString lastDatabase() const;
    void setLastDatabase(const QString &path);
    QStringList recentFiles() const;
    void addRecentFile(const QString &path);
    void removeRecentFile(const QString &path);
    static constexpr int MaxRecentFiles = 8;
    // Team databases opened lately, most recent first: their URIs as
    // ServerLocation::toDisplayUri() gives them, so never with a password.
    QStringList recentConnections() const;
    void addRecentConnection(const QString &uri);
    void removeRecentConnection(const QString &uri);
    static constexpr int MaxRecentConnections = 8;

    int overdueHours() const;  // a scorecard is overdue this long after its interview
    void setOverdueHours(int hours);
    int staleDays() const;  // days in a stage after which a candidate is flagged
    void setStaleDays(int days);

    // Messages sent from the user's own mail app: each kind has a subject and body with
    // {placeholders} (see MessageTemplate), a default written here, and the user's
    // edits; setting one back to its default (or resetting it) forgets the edit.
    enum class MessageKind { Reminder, InterviewConfirmation, Rejection };
    static QList<MessageKind> messageKinds();
    static QString messageKindName(MessageKind kind);  // "Scorecard reminder", ...
    static QStringList placeholders(MessageKind kind);  // "{candidate}", ...: what its messages fill
    static MessageTemplate defaultTemplate(MessageKind kind);
    MessageTemplate messageTemplate(MessageKind kind) const;
    void setMessageTemplate(MessageKind kind, const MessageTemplate &message);
    void resetMessageTemplate(MessageKind kind);

    // "Not now" on a database's welcome, remembered per file (or server URI).
    bool welcomeDismissed(const QString &databasePath) const;
    void setWelcomeDismissed(const QString &databasePath);

    QByteArray state(const QString &key) const;  // window geometry, splitters, headers
    void setState(const QString &key, const QByteArray &value);

    // Every change written to the file, before returning.
    void sync();

private:
    Settings();
    ~Settings();
    void put(const QString &key, const QVariant &value);
    void drop(const QString &key);
    void changed(const QString &key, const QVariant &value);  // an invalid value: removed
    void save();  // the changes so far, handed to the writer
    // A most-recent-first list under key: item put (or moved) first, at most max kept.
    void pushRecent(const QString &key, const QString &item, int max);
    void dropRecent(const QString &key, const QStringList &gone);

    std::unique_ptr<QSettings> m_settings;
    QList<std::pair<QString, QVariant>> m_changes;  // not handed to the writer yet; a null value: removed
    bool m_saveAsked = false;
    QThreadPool m_writer;  // one thread, so the changes land in the order made
};

}  // namespace hireloop
