#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QLineEdit;
class QPushButton;
class QRadioButton;

// File › Export…: the role's debrief summary (CSV, JSON or a PDF packet, for the role
// or for the selected candidate) or its scorecards (CSV or JSON), in the full,
// logistics or calibration profile, as the acting person may see them. Export writes
// the file on a worker thread (ExportWorker) with a progress bar; Cancel stops it with
// nothing written. A failed export leaves nothing behind and keeps the dialog open.

namespace hireloop {

class ExportWorker;
class Store;

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    enum What { Summary, Scorecards };

    ExportDialog(Store *store, Id roleId, Id applicationId, const QString &candidate, QWidget *parent = nullptr);

    void setWhat(What what);
    void setFormat(const QString &format);  // csv | json | pdf
    void setProfile(const QString &profile);  // full | logistics | calibration
    void setCandidateOnly(bool on);
    void setPath(const QString &path);
    QString path() const;

    void accept() override;  // starts the export; the dialog closes when the file is written
    void reject() override;  // while exporting: stops it, nothing written, the dialog stays
    bool isExporting() const { return m_worker != nullptr; }

private:
    void update();
    void finish(bool ok, const QString &error);
    void setExporting(bool on);
    QString suggestedName() const;
    // Where a file goes when the user has not chosen: the folder of the last export, else Documents.
    static QString defaultFolder();

    Store *m_store;
    Id m_roleId;
    Id m_applicationId;
    QComboBox *m_what;
    QComboBox *m_format;
    QComboBox *m_profile;
    QRadioButton *m_wholeRole;
    QRadioButton *m_candidateOnly;
    QCheckBox *m_activeOnly;
    QComboBox *m_stage;  // the summary of one stage's applications, or of every stage
    LatestRead m_stagesRead;
    QComboBox *m_status;  // of one status, or any
    QCheckBox *m_inDebriefOnly;
    QLineEdit *m_path;
    QLabel *m_profileHelp;
    QLabel *m_problem;
    QProgressBar *m_progress;
    QDialogButtonBox *m_buttons;
    ExportWorker *m_worker = nullptr;  // while exporting
    bool m_pathEdited = false;
};

}  // namespace hireloop
