#include "welcomebanner.h"

#include "settings.h"
#include "store/store.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace hireloop {

namespace {

const char *const StepNames[WelcomeBanner::StepCount] = {"teamStep", "rubricStep", "candidatesStep"};

}  // namespace

WelcomeBanner::WelcomeBanner(Store *store, QWidget *parent)
    : QFrame(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("welcomeBanner"));
    setAccessibleName(tr("Next steps"));
    setStyleSheet(QStringLiteral("QFrame#welcomeBanner { background: #e8f1fb; border-bottom: 1px solid #a9c7e8; }"
                                 " QFrame#welcomeBanner QLabel { color: #1d3b5c; }"
                                 " QLabel[stepMark=\"todo\"] { border: 1px solid #5b7fa6; border-radius: 10px;"
                                 " background: white; font-weight: bold; }"
                                 " QLabel[stepMark=\"info\"] { border: 1px dashed #8aa4c0; border-radius: 10px; }"
                                 " QLabel[stepMark=\"done\"] { border-radius: 10px; background: #1a9850;"
                                 " font-weight: bold; }"
                                 " QFrame#welcomeBanner QLabel[stepMark=\"done\"] { color: white; }"));
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("welcomeText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);

    auto *later = new QPushButton(tr("Not Now"), this);
    later->setObjectName(QStringLiteral("dismissWelcomeButton"));
    later->setToolTip(tr("Hide these steps for this database"));
    connect(later, &QPushButton::clicked, this, [this] {
        Settings::instance().setWelcomeDismissed(m_store->path());
        hide();
    });

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(12, 8, 12, 8);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(4);
    grid->addWidget(m_text, 0, 0, 1, 2);
    grid->addWidget(later, 0, 2, Qt::AlignRight | Qt::AlignTop);
    grid->setColumnStretch(1, 1);

    auto makeButton = [this](const QString &text, const char *name, void (WelcomeBanner::*signal)()) {
        auto *button = new QPushButton(text, this);
        button->setObjectName(QLatin1String(name));
        connect(button, &QPushButton::clicked, this, signal);
        return button;
    };
    m_rows[TeamStep].button = makeButton(tr("&Add Your Team…"), "addTeamButton", &WelcomeBanner::addTeamRequested);
    m_rows[RubricStep].button = makeButton(tr("Open R&ubric and Plan"), "rubricButton",
                                           &WelcomeBanner::rubricRequested);
    m_rows[RubricStep].second = makeButton(tr("New &Role from Posting…"), "newRoleButton",
                                           &WelcomeBanner::newRoleRequested);
    m_rows[CandidatesStep].button = makeButton(tr("&Import Candidates…"), "importCandidatesButton",
                                               &WelcomeBanner::importCandidatesRequested);
    m_rows[CandidatesStep].second = makeButton(tr("A&dd Candidate…"), "addCandidateButton",
                                               &WelcomeBanner::addCandidateRequested);
    for (int s = 0; s < StepCount; ++s) {
        Row &row = m_rows[s];
        row.mark = new QLabel(this);
        row.mark->setObjectName(QString::fromLatin1(StepNames[s]) + QStringLiteral("Mark"));
        row.mark->setFixedSize(20, 20);
        row.mark->setAlignment(Qt::AlignCenter);
        row.text = new QLabel(this);
        row.text->setObjectName(QLatin1String(StepNames[s]));
        row.text->setWordWrap(true);
        row.text->setTextFormat(Qt::RichText);
        auto *buttons = new QHBoxLayout;
        buttons->setSpacing(6);
        buttons->addStretch(1);
        for (QPushButton *button : {row.button, row.second})
            if (button)
                buttons->addWidget(button);
        grid->addWidget(row.mark, s + 1, 0, Qt::AlignTop);
        grid->addWidget(row.text, s + 1, 1);
        grid->addLayout(buttons, s + 1, 2);
    }

    connect(m_store, &Store::personAdded, this, [this] {
        if (!m_done[TeamStep])
            refresh();
    });
    connect(m_store, &Store::candidateAdded, this, [this] {
        if (!m_done[CandidatesStep])
            refresh();
    });
    for (auto signal : {&Store::stageAdded, &Store::stageRemoved, &Store::attributeChanged})
        connect(m_store, signal, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::personChanged, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::roleAdded, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::candidateRemoved, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::opened, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::actorChanged, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::dataReset, this, &WelcomeBanner::refresh);
    refresh();
}

void WelcomeBanner::setRoleSource(std::function<Id()> roleSource)
{
    m_roleSource = std::move(roleSource);
    refresh();
}

void WelcomeBanner::setStep(Step step, bool done, bool mayDo, const QString &text)
{
    Row &row = m_rows[step];
    m_done[step] = done;
    row.mark->setText(done ? QStringLiteral("\u2713") : mayDo ? QString::number(step + 1) : QStringLiteral("i"));
    row.mark->setProperty("stepMark", QLatin1String(done ? "done" : mayDo ? "todo" : "info"));
    row.mark->setAccessibleName(done ? tr("Done") : mayDo ? tr("To do") : tr("For information"));
    row.mark->style()->unpolish(row.mark);
    row.mark->style()->polish(row.mark);
    row.text->setText(text);
    for (QPushButton *button : {row.button, row.second})
        if (button)
            button->setVisible(!done && mayDo);
}

void WelcomeBanner::refresh()
{
    m_read.cancel();  // whatever this refresh decides, an older answer is old
    if (!m_store->isOpen() || m_store->isReadOnly() || Settings::instance().welcomeDismissed(m_store->path())) {
        hide();
        return;
    }
    const AccessPolicy &access = m_store->access();
    const bool mayManagePeople = access.may(AccessPolicy::Action::ManagePeople);
    const bool mayEditRubric = access.may(AccessPolicy::Action::EditRubric)
        || access.may(AccessPolicy::Action::EditPlan);
    const bool mayAddCandidates = access.may(AccessPolicy::Action::EditCandidates);
    if (!mayManagePeople && !mayEditRubric && !mayAddCandidates) {
        hide();  // an interviewer's work is in "My interviews", not here
        return;
    }
    const Person me = m_store->actor();
    m_text->setText(tr("<b>Welcome to Hireloop.</b> Three steps set up this hiring loop; each is ticked as it "
                       "is done. You are acting as %1 (%2).")
                        .arg(me.name.toHtmlEscaped(), personKindLabel(me.kind).toHtmlEscaped()));
    // What the steps say is read off the window's thread (a team server may be far away):
    // the banner settles when the answer comes.
    const Id chosen = m_roleSource ? m_roleSource() : 0;
    m_read.ask<Facts>(
        m_store, this,
        [chosen](Store &s) {
            Facts facts;
            facts.persons = s.persons();
            const QList<RoleSummary> roles = s.roles();
            for (const RoleSummary &r : roles)
                if (r.id == (chosen ? chosen : roles.first().id))
                    facts.role = r;
            facts.hasCandidates = facts.role.id && s.applicationCount(facts.role.id, 1) > 0;
            return facts;
        },
        [this, me, mayManagePeople, mayEditRubric, mayAddCandidates](const Facts &facts) {
            showSteps(facts, me, mayManagePeople, mayEditRubric, mayAddCandidates);
        });
}

void WelcomeBanner::showSteps(const Facts &facts, const Person &me, bool mayManagePeople, bool mayEditRubric,
                              bool mayAddCandidates)
{
    // 1. The team: anyone active besides the acting person.
    int others = 0;
    for (const Person &p : facts.persons)
        others += p.active && p.id != me.id ? 1 : 0;
    const QString team = tr("<b>Add your team.</b> ");
    if (others > 0)
        setStep(TeamStep, true, mayManagePeople,
                team
                    + (others == 1 ? tr("1 other person on the team; the People tab lists everyone.")
                                   : tr("%1 other people on the team; the People tab lists everyone.").arg(others)));
    else
        setStep(TeamStep, false, mayManagePeople,
                team
                    + (mayManagePeople
                           ? tr("The coordinators who schedule the panels and the interviewers who sit on them: "
                                "a panel is made of people added here, and each sees only their own kit.")
                           : tr("A hiring manager or coordinator adds the coordinators and interviewers on the "
                                "People tab.")));

    // 2. The current role's rubric and plan.
    const RoleSummary &role = facts.role;
    const Id roleId = role.id;
    const QString title = role.title.toHtmlEscaped();
    const QString rubric = tr("<b>Check the rubric and interview plan.</b> ");
    if (!roleId) {
        setStep(RubricStep, false, mayEditRubric,
                tr("<b>Create a role.</b> New Role from Posting turns a job posting into a role: its "
                   "responsibilities and requirements become the attributes interviewers rate."));
        m_rows[RubricStep].button->setVisible(false);
    } else if (role.attributes > 0 && role.stages > 0) {
        setStep(
            RubricStep, true, mayEditRubric,
            rubric
                + tr("%1 has %2 and %3: the Rubric and plan tab shows what each stage assesses.")
                      .arg(title, (role.attributes == 1 ? tr("1 attribute") : tr("%1 attributes").arg(role.attributes)),
                           (role.stages == 1 ? tr("1 interview stage") : tr("%1 interview stages").arg(role.stages))));
    } else {
        const QString missing = role.attributes == 0
            ? tr("%1 has no rubric yet: its attributes are what interviewers rate.").arg(title)
            : tr("%1 has no interview stages yet: each stage says which attributes it assesses.").arg(title);
        setStep(RubricStep, false, mayEditRubric,
                rubric + missing
                    + (mayEditRubric ? QString() : tr(" The hiring manager sets them up on the Rubric and plan tab.")));
        m_rows[RubricStep].second->setVisible(false);
    }

    // 3. Candidates for the current role.
    showCandidatesStep(roleId, title, mayAddCandidates, facts.hasCandidates);
}

void WelcomeBanner::showCandidatesStep(Id roleId, const QString &title, bool mayAddCandidates, bool hasCandidates)
{
    const QString candidates = tr("<b>Import or add candidates.</b> ");
    if (hasCandidates)
        setStep(CandidatesStep, true, mayAddCandidates,
                candidates + tr("%1 has candidates: the Candidates tab shows them by stage.").arg(title));
    else if (!roleId)
        setStep(CandidatesStep, false, false, candidates + tr("Once there is a role, its candidates come next."));
    else
        setStep(CandidatesStep, false, mayAddCandidates,
                candidates
                    + (mayAddCandidates ? tr("Import a CSV file (a spreadsheet's or an applicant-tracking system's "
                                             "export) into %1, or add them one by one.")
                                              .arg(title)
                                        : tr("A hiring manager or coordinator adds the candidates of %1.").arg(title)));

    // Only what is still to do and concerns the acting person keeps the banner up.
    bool offered = false;
    for (int s = 0; s < StepCount; ++s)
        offered |= !m_done[s] && m_rows[s].mark->property("stepMark").toString() == QLatin1String("todo");
    setVisible(offered);
}

}  // namespace hireloop
