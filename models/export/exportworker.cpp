#include "export/exportworker.h"

#include "store/store.h"
#include "export/summaryexport.h"

namespace hireloop {

ExportWorker::ExportWorker(const QString &databasePath, Id actorId, QObject *parent)
    : StoreWorker(databasePath, actorId, QStringLiteral("hireloop-export"), parent)
{ }

ExportWorker::~ExportWorker()
{
    stop();
}

void ExportWorker::start(const ExportRequest &request)
{
    resetCancel();
    post([this, request] {
        QString error;
        int count = 0;
        bool ok = false;
        const ExportProgress::Callback progress = [this](int done, int total, ExportProgress::Unit unit) {
            if (cancelled())
                return false;
            deliver([this, done, total, unit] { Q_EMIT progressed(done, total, unit); });
            return true;
        };
        if (Store *s = store(&error)) {
            if (request.what == ExportRequest::Summary) {
                SummaryExport::Format format = SummaryExport::Format::Csv;
                SummaryExport::formatFromName(request.format, &format);
                SummaryExport exporter(*s);
                exporter.setProgress(progress);
                exporter.setActiveOnly(request.activeOnly);
                exporter.setFilter(request.filter);
                ok = exporter.write(request.roleId, format, request.profile, request.path, &error, &count,
                                    request.applicationId);
            } else {
                ScorecardExport::Format format = ScorecardExport::Format::Csv;
                ScorecardExport::formatFromName(request.format, &format);
                ScorecardExport exporter(*s);
                exporter.setProgress(progress);
                ok = exporter.write(request.roleId, format, request.profile, request.path, &error, &count);
            }
        }
        deliver([this, ok, count, error] { Q_EMIT finished(ok, count, error); });
    });
}

}  // namespace hireloop
