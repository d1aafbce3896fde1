#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"
#include "store/storereads.h"
#include "waitingbuttons.h"

#include <QDialog>
#include <functional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QComboBox;

// Adds or edits a candidate: name required, emails checked, and a candidate already
// in the database with the same (normalized) email or profile link shown before
// anything is saved. An edit made on a candidate someone changed since it was opened
// is refused by the store; the dialog then offers to reload it.

namespace hireloop {

class Store;

class CandidateDialog : public QDialog
{
    Q_OBJECT

public:
    CandidateDialog(Store *store, const Candidate &candidate, QWidget *parent = nullptr);

    Candidate candidate() const;

    // Writes the candidate when Save is pressed, then calls reply with what the store
    // said: done closes the dialog; refused (a full disk, a read-only file) keeps it open
    // with everything typed and says why; a conflict (someone changed the candidate since
    // it was opened) offers to reload it. A team server's answer comes later: Save is off
    // until then ("Saving…"). Without a saver, Save only checks and closes.
    using Reply = std::function<void(const StoreCommand::Outcome &)>;
    void setSaver(std::function<void(const Candidate &, const Reply &)> saver) { m_saver = std::move(saver); }
    bool isSaving() const { return m_saving.isWaiting(); }  // asked, not answered yet

    // Checks what was typed, then (the answer of a read: on a team server, off the GUI
    // thread) that no other candidate has the same email or link, then saves.
    void accept() override;
    void reject() override;  // not while saving: the write is on its way, and will land

private:
    bool validate();  // what can be checked without the database
    void showProblem(const QString &problem, QWidget *focus);
    void save();
    void saved(const StoreCommand::Outcome &outcome);
    // After an edit refused because someone changed the candidate meanwhile: the choice
    // to show the candidate as saved now (what was typed is replaced) or keep typing.
    void offerReload(const QString &why);
    void showSaved(const Candidate &fresh);  // in place of what was typed

    Store *m_store;
    Candidate m_original;
    QLineEdit *m_name;
    QLineEdit *m_emails;
    QLineEdit *m_phone;
    QLineEdit *m_location;
    QComboBox *m_source;
    QPlainTextEdit *m_links;
    QPlainTextEdit *m_notes;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    std::function<void(const Candidate &, const Reply &)> m_saver;
    WaitingButtons m_saving{nullptr, QDialogButtonBox::Save};
    LatestRead m_duplicates;
    LatestRead m_reload;  // the candidate as saved, after a conflict
};

}  // namespace hireloop
