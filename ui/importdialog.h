#pragma once

#include "import/importworker.h"
#include "store/storereads.h"

#include <QDialog>
#include <QPointer>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressDialog;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QUndoCommand;

// Imports candidates from a CSV file into a role: the file (asking before an 8-bit
// file is read as Windows-1252), a preview of its first rows (every column, scrolling
// sideways) under a field chooser per column (guessed from the header, any of them can be
// changed), the stages and statuses the file uses with where each goes (another system's
// words are mapped, proposed and changeable, rather than refused), the problems and
// duplicates by line and column, then the import with a progress dialog that can
// cancel it (nothing is kept), and a summary. Reading, checking and importing run in
// an ImportWorker's thread, so the window stays responsive with a hundred thousand rows.

namespace hireloop {

class Store;

class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    ImportDialog(Store *store, Id roleId, QWidget *parent = nullptr);
    ~ImportDialog() override;

    // A file dialog for a CSV file; empty when the user cancels.
    static QString askForFile(QWidget *parent);
    void openFile(const QString &path);

    QString file() const { return m_path; }
    bool isBusy() const { return m_busy; }  // reading, checking or importing
    int importedCount() const { return m_imported; }
    // After an import: the step that takes it back (an ImportCommand, whose first redo()
    // does nothing), for the window's undo history; the caller owns it. Null before one.
    QUndoCommand *takeUndoCommand();
    QTableWidget *previewTable() const { return m_preview; }
    QComboBox *fieldChooser(int column) const;
    QTreeWidget *issueList() const { return m_issues; }
    // One row per distinct Stage or Status value: column, value, rows, and a chooser of
    // where it goes (a stage of the role, or a status).
    QTableWidget *valueTable() const { return m_values; }
    QComboBox *valueChooser(int row) const;
    QPushButton *importButton() const { return m_importButton; }

    // While an import runs this cancels it (nothing is kept) and the dialog stays.
    void reject() override;

Q_SIGNALS:
    void checkFinished();  // the issue list and the Import button are up to date

private:
    void onFileRead(const CandidateImport &import);
    void onChecked(const ImportCheck &check);
    void onImported(bool ok, const ImportResult &result, const QString &error);
    void startCheck();
    void startImport();
    void showPreview();
    void showValues(const QList<ImportValue> &values);
    void markPreview();
    void setBusy(bool busy, const QString &status = QString());
    void updateButtons();

    Store *m_store;
    Id m_roleId;
    QString m_roleTitle;
    QList<Stage> m_stages;
    LatestRead m_roleRead;  // the role's title and stages, off the GUI thread once kept ones are old
    bool m_haveRole = false;
    QList<ImportValue> m_shownValues;  // shown again with the stages, should they come after
    ImportWorker *m_worker;
    QString m_path;
    TextFile::Encoding m_eightBit = TextFile::Encoding::Unknown;
    CandidateImport m_import;
    bool m_haveFile = false;
    ImportCheck m_check;
    bool m_checked = false;
    int m_checkSerial = 0;
    bool m_busy = false;
    bool m_importing = false;
    int m_imported = 0;
    QList<ImportedCandidate> m_importedRows;  // what the last import was given
    ImportResult m_importResult;  // and what it did

    QLineEdit *m_fileEdit;
    QPushButton *m_chooseButton;
    QLabel *m_fileInfo;
    QTableWidget *m_preview;
    QWidget *m_valuePane;
    QTableWidget *m_values;
    QLabel *m_status;
    QTreeWidget *m_issues;
    QPushButton *m_importButton;
    QPointer<QProgressDialog> m_progress;
};

}  // namespace hireloop
