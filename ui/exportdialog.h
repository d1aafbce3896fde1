#pragma once

#include "domain.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

// File › Export…: the role's debrief summary (CSV, JSON or a PDF packet, for the role
// or for the selected candidate) or its scorecards (CSV or JSON), in the full,
// logistics or calibration profile, as the acting person may see them. Writes the
// file on OK; a failed export leaves nothing behind and keeps the dialog open.

namespace hireloop {

class Store;

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    enum What { Summary, Scorecards };

    ExportDialog(Store *store, Id roleId, Id applicationId, const QString &candidate, QWidget *parent = nullptr);

    void setWhat(What what);
    void setFormat(const QString &format);    // csv | json | pdf
    void setProfile(const QString &profile);  // full | logistics | calibration
    void setCandidateOnly(bool on);
    void setPath(const QString &path);
    QString path() const;

    void accept() override;

private:
    void update();
    QString suggestedName() const;

    Store *m_store;
    Id m_roleId;
    Id m_applicationId;
    QComboBox *m_what;
    QComboBox *m_format;
    QComboBox *m_profile;
    QRadioButton *m_wholeRole;
    QRadioButton *m_candidateOnly;
    QLineEdit *m_path;
    QLabel *m_profileHelp;
    QLabel *m_problem;
    bool m_pathEdited = false;
};

} // namespace hireloop
