#pragma once

#include "domain/domain.h"

#include <QDialog>
#include <QStringList>

class QLabel;
class QPushButton;
class QTableView;

// The debrief of one application, as the acting person may see it: the weighted score,
// the recommendation tally, must-have flags, evidence gaps, the discussion agenda, the
// per-attribute table and the decisions. A hiring manager records the decision here;
// anyone may export the packet as PDF. Follows the store while open. Nothing here waits
// on the database in the GUI thread: the debrief is read by DebriefModel, a decision
// written through StoreReads and the packet by an ExportWorker.

namespace hireloop {

class DebriefModel;
class Store;

class DebriefDialog : public QDialog
{
    Q_OBJECT

public:
    DebriefDialog(Store *store, Id applicationId, QWidget *parent = nullptr);

    Id applicationId() const;
    DebriefModel *model() const { return m_model; }
    // Asks for the outcome (DecisionDialog) and records it, off the GUI thread on a team
    // server: false when cancelled. decisionAnswered says how it went (at once on a file);
    // a refusal is also said in a message box.
    bool recordDecision();
    // Feedback still to come for the application, one line each: scorecards owed for
    // interviews that have ended, and interviews not yet held.
    QStringList pendingFeedback() const;
    // Writes the packet (full profile) to path on a worker thread (ExportWorker); then
    // packetExported, and a message box on failure.
    void exportPacket(const QString &path);

Q_SIGNALS:
    void decisionAnswered(bool recorded);
    void packetExported(bool ok);

private:
    void refresh();
    void showLoading();
    QString nextStageName() const;

    Store *m_store;
    DebriefModel *m_model;
    QLabel *m_header;
    QLabel *m_figures;
    QLabel *m_agenda;
    QLabel *m_decisions;
    QTableView *m_table;
    QPushButton *m_record;
    QPushButton *m_export;
    bool m_exporting = false;
    static constexpr int LoadingAfterMs = 150;  // as the detail pane: a quick answer shows no flicker
};

}  // namespace hireloop
