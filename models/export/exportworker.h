#pragma once

#include "export/summaryexport.h"
#include "store/storeworker.h"

// File › Export… off the GUI thread (see StoreWorker): the summary or the scorecards of
// a role, read, laid out and written by the worker's Store exactly as `hireloop-cli
// export` does it (the visibility rule, the audit of reveals and of the export, the
// file written whole at 0600), with progress and cancel.

namespace hireloop {

struct ExportRequest
{
    enum What { Summary, Scorecards };
    What what = Summary;
    QString format;  // csv | json | pdf (pdf: the summary only)
    ScorecardExport::Profile profile = ScorecardExport::Profile::Full;
    Id roleId = 0;
    Id applicationId = 0;  // the summary of one application; 0: every application of the role
    bool activeOnly = false;  // the summary without rejected and withdrawn applications
    SummaryFilter filter;  // the summary's stages, statuses, only those in debrief
    QString path;
};

class ExportWorker : public StoreWorker
{
    Q_OBJECT

public:
    ExportWorker(const QString &databasePath, Id actorId, QObject *parent = nullptr);
    ~ExportWorker() override;  // stops a running export (nothing is written) and waits

    // Answers with progressed() as it goes and finished() at the end; cancel() stops it
    // at its next record, with nothing written.
    void start(const ExportRequest &request);

Q_SIGNALS:
    void progressed(int done, int total, ExportProgress::Unit unit);
    void finished(bool ok, int count, const QString &error);
};

}  // namespace hireloop
