#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// What the team benchmarks share: a throwaway PostgreSQL cluster of their own (the tests'
// tests/pg/pgcluster.sh: initdb into a temporary folder, a Unix socket only), stopped
// however the run ends short of the process being killed; and plain SQL run as an
// administrator, for the databases and logins a run makes and drops itself.

namespace hireloop::bench {

class ThrowawayCluster
{
public:
    explicit ThrowawayCluster(const QString &script);
    ~ThrowawayCluster() { stop(); }
    ThrowawayCluster(const ThrowawayCluster &) = delete;
    ThrowawayCluster &operator=(const ThrowawayCluster &) = delete;

    bool start(QString *error);
    void stop();
    // Its socket folder; and its superuser's URI there, trusted on the socket.
    QString folder() const { return m_folder; }
    QString uri() const;

private:
    bool call(const QString &action, QString *error);

    QTemporaryDir m_dir;
    QString m_script;
    QString m_state;
    QString m_folder;
    bool m_started = false;
};

// statements one after another in database, as uri's login, through a plain Qt SQL
// connection (not Hireloop's); stops at the first that fails (its text and error in
// *error). The first column of each result goes to *firstColumn.
bool serverExec(const QString &uri, const QString &database, const QStringList &statements, QString *error,
                QStringList *firstColumn = nullptr);

}  // namespace hireloop::bench
