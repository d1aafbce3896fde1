#pragma once

#include "domain/domain.h"

#include "waitingbuttons.h"

#include <QDialog>
#include <QHash>
#include <QSet>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QStandardItem;
class QStandardItemModel;
class QTimer;
class QTreeView;

// "New role from posting…": the user pastes or opens a job posting, sees how the parser
// splits it into sections, corrects each section's kind (rated in the rubric, screening
// fact, information) and the title, and creates the role through the store. The parse
// is live (debounced); the user's corrections survive re-parses.

namespace hireloop {

class Store;

class NewRoleDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewRoleDialog(Store *store, QWidget *parent = nullptr);
    ~NewRoleDialog() override;

    // Reads a posting (strict UTF-8/UTF-16) into the editor. On failure the problem
    // label names file, line and column and the editor keeps its text.
    bool loadFile(const QString &path);
    // Parses the editor's text now instead of after the debounce delay.
    void refreshPreview();

    // The role the dialog created, 0 until accepted.
    Id createdRoleId() const { return m_createdRoleId; }
    QString roleTitle() const;  // as typed or taken from the posting
    // Create Role was pressed and the store has not answered yet (a team server's
    // connection thread writes the role; the dialog stays open with what was typed).
    bool isCreating() const { return m_creating.isWaiting(); }

    void accept() override;
    void reject() override;  // not while saving: the write is on its way, and will land
    void done(int result) override;

    // Column layout of the preview model, for tests and the delegate.
    enum Column { SectionColumn, KindColumn, ItemsColumn, ColumnCount };
    static constexpr int KindRole = Qt::UserRole + 1;  // int(SectionKind) on Kind cells
    // Lines shown under a section; a longer section ends in a "… and N more" row.
    static constexpr int MaxLinesShown = 200;

private:
    void openFile();
    void rebuildPreview();
    void kindEdited(QStandardItem *item);
    void applyKindLook(int row);
    ParsedPosting postingWithUserKinds() const;
    void updateSummary();
    void showProblem(const QString &text);

    Store *m_store;
    Id m_createdRoleId = 0;
    WaitingButtons m_creating{nullptr, QDialogButtonBox::Ok};  // the role on its way to the store

    QSplitter *m_splitter;
    QPlainTextEdit *m_posting;
    QPushButton *m_openFile;
    QLineEdit *m_title;
    QTreeView *m_preview;
    QStandardItemModel *m_model;
    QLabel *m_summary;
    QLabel *m_note;  // the role will have no rubric: it is to be written by hand
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    QPushButton *m_create;
    QTimer *m_parseTimer;

    ParsedPosting m_parsed;  // the last parse, kinds as the parser saw them
    QHash<QString, SectionKind> m_userKinds;  // section name -> kind the user chose
    QHash<QString, bool> m_expanded;  // section name -> expanded, as the user left it
    bool m_titleEdited = false;  // the user typed a title: re-parses keep it
    bool m_rebuilding = false;
    bool m_relayoutPending = false;
};

}  // namespace hireloop
