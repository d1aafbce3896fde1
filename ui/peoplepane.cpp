#include "peoplepane.h"

#include "commands/editpersoncommand.h"
#include "commands/undohistory.h"
#include "itemmodels/personmodel.h"
#include "pendingselection.h"
#include "permittedaction.h"
#include "persondialog.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace hireloop {

PeoplePane::PeoplePane(Store *store, UndoHistory *undo, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_undo(undo)
    , m_model(new PersonModel(store, this))
{
    setObjectName(QStringLiteral("peoplePane"));

    QString kinds;
    for (PersonKind k : {PersonKind::HiringManager, PersonKind::Coordinator, PersonKind::Interviewer})
        kinds += QStringLiteral("<li><b>%1</b>: %2</li>")
                     .arg(personKindLabel(k).toHtmlEscaped(), PersonDialog::kindDuties(k).toHtmlEscaped());
    auto *intro = new QLabel(tr("<p>The people of this hiring loop. Hireloop always acts for one of them: what you "
                                "see and may do follows their kind, and the audit log records them.</p><ul "
                                "style='margin-left:-20px'>%1</ul><p>Deactivated people keep their interviews and "
                                "scorecards but leave every list of people to pick from.</p>")
                                 .arg(kinds),
                             this);
    intro->setObjectName(QStringLiteral("peopleIntro"));
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("peopleView"));
    m_view->setAccessibleName(tr("People"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Columns fit their contents whenever the people change (a few dozen rows at most).
    auto fit = [this] { m_view->resizeColumnsToContents(); };
    connect(m_model, &QAbstractItemModel::modelReset, m_view, fit);
    connect(m_model, &QAbstractItemModel::rowsInserted, m_view, fit);
    connect(m_model, &QAbstractItemModel::dataChanged, m_view, fit);
    fit();
    // A person just added is selected once their row is read (off the GUI thread on a
    // team server); choosing another row first takes the wish back.
    m_selectWhenListed = new PendingSelection(
        m_model,
        [this](Id personId) {
            const int row = m_model->rowOf(personId);
            if (row >= 0)
                m_view->setCurrentIndex(m_model->index(row, PersonModel::NameColumn));
            return row >= 0;
        },
        this);
    m_view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);

    auto make = [this](const QString &text, const QString &tip, const char *name, auto slot) {
        auto *a = new QAction(text, this);
        a->setObjectName(QLatin1String(name));
        a->setToolTip(tip);
        connect(a, &QAction::triggered, this, slot);
        m_actions << a;
        return a;
    };
    make(tr("&Add Person…"), tr("Add a hiring manager, coordinator or interviewer"), "addPersonAction",
         [this] { addPerson(); });
    make(tr("&Edit…"), tr("Change the selected person's name, email or kind"), "editPersonAction",
         [this] { editPerson(); });
    make(tr("&Deactivate"), tr("The selected person keeps their history but can no longer act or be picked"),
         "deactivatePersonAction", [this] { setActive(false); });
    make(tr("&Reactivate"), tr("The selected person may act and be picked again"), "reactivatePersonAction",
         [this] { setActive(true); });
    make(tr("&Switch to"), tr("Act as the selected person"), "switchToPersonAction",
         [this] { Q_EMIT switchRequested(currentPersonId()); });

    auto *buttons = new QHBoxLayout;
    for (QAction *a : std::as_const(m_actions)) {
        auto *b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        buttons->addWidget(b);
    }
    buttons->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);

    connect(m_view, &QAbstractItemView::doubleClicked, this, [this] {
        if (action(EditPerson)->isEnabled())
            editPerson();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        m_selectWhenListed->drop();
        update();
    });
    for (auto signal : {&Store::actorChanged, &Store::personChanged})
        connect(m_store, signal, this, &PeoplePane::update);
    connect(m_store, &Store::opened, this, &PeoplePane::update);
    update();
}

QAction *PeoplePane::action(ActionId id) const
{
    return m_actions.value(id);
}

Id PeoplePane::currentPersonId() const
{
    return currentPerson().id;
}

Person PeoplePane::currentPerson() const
{
    return m_model->personAt(m_view->currentIndex().row());
}

void PeoplePane::selectPerson(Id personId)
{
    m_selectWhenListed->want(personId);
}

void PeoplePane::update()
{
    const Person p = m_model->personAt(m_view->currentIndex().row());
    const AccessPolicy &policy = m_store->access();
    const bool writable = m_store->isOpen() && !m_store->isReadOnly();
    using A = AccessPolicy::Action;
    setPermitted(action(AddPerson), policy, A::ManagePeople, writable);
    setPermitted(action(EditPerson), policy, A::ManagePeople, writable && p.id);
    setPermitted(action(DeactivatePerson), policy, A::ManagePeople,
                 writable && p.id && p.active && p.id != m_store->actorId());
    setPermitted(action(ReactivatePerson), policy, A::ManagePeople, writable && p.id && !p.active);
    // Anyone may switch to anyone active: the solo file trusts its desk (see the README).
    action(SwitchToPerson)->setEnabled(p.id && p.active && p.id != m_store->actorId());
    action(DeactivatePerson)->setVisible(!p.id || p.active);
    action(ReactivatePerson)->setVisible(p.id && !p.active);
}

Id PeoplePane::addPerson()
{
    PersonDialog dialog(Person(), this);
    Id added = 0;
    // Written on the connection thread on a team server; answered while the dialog lives.
    dialog.setSaver([this, &dialog, &added](const Person &p, const PersonDialog::Reply &reply) {
        StoreReads::of(m_store)->add(
            &dialog, [p](Store &s) { return s.addPerson(p); },
            [&added, reply](const StoreReads::Added &a) {
                added = a.id;
                reply(a.why);
            });
    });
    if (dialog.exec() != QDialog::Accepted || !added)
        return 0;
    selectPerson(added);
    Q_EMIT message(tr("Added %1 (%2)").arg(dialog.person().name, personKindLabel(dialog.person().kind)), 4000);
    return added;
}

void PeoplePane::editPerson()
{
    // As the list has them: read with it, and kept up to date by the store's signals.
    const Person before = currentPerson();
    if (!before.id)
        return;
    PersonDialog dialog(before, this);
    // The dialog stays open until the store has the edit, and with what was typed when it
    // is refused (the reason shown in it, a conflict too).
    dialog.setSaver([this, before](const Person &after, const PersonDialog::Reply &reply) {
        if (after.name == before.name && after.email == before.email && after.kind == before.kind) {
            reply(QString());
            return;
        }
        m_undo->push(new EditPersonCommand(m_store, before, after),
                     [reply](const StoreCommand::Outcome &outcome) { reply(outcome.ok ? QString() : outcome.why); });
    });
    dialog.exec();
}

void PeoplePane::setActive(bool active)
{
    const Person before = currentPerson();
    if (!before.id)
        return;
    Person after = before;
    after.active = active;
    m_undo->push(new EditPersonCommand(m_store, before, after));
    update();
}

}  // namespace hireloop
