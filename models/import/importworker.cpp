#include "import/importworker.h"

#include "store/store.h"

namespace hireloop {

ImportWorker::ImportWorker(const QString &databasePath, Id actorId, QObject *parent)
    : StoreWorker(databasePath, actorId, QStringLiteral("hireloop-import"), parent)
{ }

ImportWorker::~ImportWorker()
{
    ++m_latestCheck;  // waiting checks are not run
    stop();
}

void ImportWorker::read(const QString &path, TextFile::Encoding eightBit)
{
    post([this, path, eightBit] {
        CandidateImport import;
        import.readFile(path, eightBit);
        deliver([this, import] { Q_EMIT fileRead(import); });
    });
}

int ImportWorker::check(const CandidateImport &import, Id roleId)
{
    const int serial = ++m_latestCheck;
    post([this, import, roleId, serial] {
        if (serial != m_latestCheck)
            return;  // a newer check is on its way
        ImportCheck check;
        check.serial = serial;
        QString error;
        Store *s = store(&error);
        Role role;
        if (!s)
            check.databaseError = error;
        else if (!s->role(roleId, &role))
            check.databaseError = tr("No role with id %1").arg(roleId);
        else {
            // The good rows' duplicates are found even when other rows are bad, so the
            // user sees everything at once.
            import.validate(role, &check.candidates, &check.errors, &check.rows, CandidateImport::MaxIssues,
                            &check.values);
            if (serial == m_latestCheck && !s->importCandidates(roleId, check.candidates, {}, &check.result, true))
                check.databaseError = s->errorString();
        }
        if (serial != m_latestCheck)
            return;
        deliver([this, check] { Q_EMIT checked(check); });
    });
    return serial;
}

void ImportWorker::import(const QList<ImportedCandidate> &rows, Id roleId)
{
    resetCancel();
    post([this, rows, roleId] {
        QString error;
        ImportResult result;
        bool ok = false;
        if (Store *s = store(&error)) {
            deliver([this, total = int(rows.size())] { Q_EMIT progressed(0, total); });
            ok = s->importCandidates(
                roleId, rows,
                [this](int done, int total) {
                    if (cancelled())
                        return false;
                    deliver([this, done, total] { Q_EMIT progressed(done, total); });
                    return true;
                },
                &result);
            if (!ok)
                error = s->errorString();
        }
        deliver([this, ok, result, error] { Q_EMIT imported(ok, result, error); });
    });
}

}  // namespace hireloop
