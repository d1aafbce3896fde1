#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QFrame>

#include <functional>

class QLabel;
class QPushButton;

// The first steps of a new database, as a checklist above the tabs: add the team, check
// the role's rubric and interview plan, import or add candidates. Each step is ticked
// as soon as the store says it is done; an undone step the acting person may do has a
// button for it (the window connects the requests to its own actions), one they may not
// do is only information. Never modal; gone once every step is done, when nothing on it
// is the acting person's to do (an interviewer), or after "Not Now" (remembered for
// that file).

namespace hireloop {

class Store;

class WelcomeBanner : public QFrame
{
    Q_OBJECT

public:
    enum Step { TeamStep, RubricStep, CandidatesStep, StepCount };

    explicit WelcomeBanner(Store *store, QWidget *parent = nullptr);

    // Where the steps about a role find it: the role the window shows.
    void setRoleSource(std::function<Id()> roleSource);
    // Shows or hides the banner, and ticks its steps, for the store's file as it is now.
    void refresh();

    bool isDone(Step step) const { return m_done[step]; }
    QLabel *stepText(Step step) const { return m_rows[step].text; }
    QPushButton *stepButton(Step step) const { return m_rows[step].button; }

Q_SIGNALS:
    void addTeamRequested();
    void rubricRequested();  // show the role's rubric and plan
    void newRoleRequested();  // no role yet: one from its posting
    void importCandidatesRequested();
    void addCandidateRequested();

private:
    struct Row
    {
        QLabel *mark = nullptr;
        QLabel *text = nullptr;
        QPushButton *button = nullptr;
        QPushButton *second = nullptr;
    };
    void setStep(Step step, bool done, bool mayDo, const QString &text);
    // The third step, once whether the role has candidates is known; then whether the
    // banner stays up.
    // What the steps are about, as read for one refresh.
    struct Facts
    {
        QList<Person> persons;
        RoleSummary role;  // the current role, or the first; id 0 when there is none
        bool hasCandidates = false;
    };
    void showSteps(const Facts &facts, const Person &me, bool mayManagePeople, bool mayEditRubric,
                   bool mayAddCandidates);
    void showCandidatesStep(Id roleId, const QString &title, bool mayAddCandidates, bool hasCandidates);

    Store *m_store;
    std::function<Id()> m_roleSource;
    QLabel *m_text;
    Row m_rows[StepCount];
    bool m_done[StepCount] = {};
    LatestRead m_read;  // what the steps say
};

}  // namespace hireloop
