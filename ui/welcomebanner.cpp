#include "welcomebanner.h"

#include "persondialog.h"
#include "settings.h"
#include "store/store.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace hireloop {

WelcomeBanner::WelcomeBanner(Store *store, QWidget *parent)
    : QFrame(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("welcomeBanner"));
    setAccessibleName(tr("Welcome"));
    setStyleSheet(QStringLiteral("QFrame#welcomeBanner { background: #e8f1fb; border-bottom: 1px solid #a9c7e8; }"
                                 " QFrame#welcomeBanner QLabel { color: #1d3b5c; }"));
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("welcomeText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);

    auto *add = new QPushButton(tr("&Add Your Team…"), this);
    add->setObjectName(QStringLiteral("addTeamButton"));
    add->setDefault(true);
    auto *later = new QPushButton(tr("Not Now"), this);
    later->setObjectName(QStringLiteral("dismissWelcomeButton"));
    connect(add, &QPushButton::clicked, this, &WelcomeBanner::addTeamRequested);
    connect(later, &QPushButton::clicked, this, [this] {
        Settings::instance().setWelcomeDismissed(m_store->path());
        hide();
    });

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(later);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);

    for (auto signal : {&Store::personAdded, &Store::personChanged})
        connect(m_store, signal, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::opened, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::actorChanged, this, &WelcomeBanner::refresh);
    connect(m_store, &Store::dataReset, this, &WelcomeBanner::refresh);
    refresh();
}

void WelcomeBanner::refresh()
{
    if (!m_store->isOpen() || m_store->isReadOnly() || Settings::instance().welcomeDismissed(m_store->path())
        || !m_store->access().may(AccessPolicy::Action::ManagePeople)) {
        hide();
        return;
    }
    int active = 0;
    for (const Person &p : m_store->persons())
        active += p.active ? 1 : 0;
    if (active > 1) {
        hide();
        return;
    }
    QString kinds;
    for (PersonKind k : {PersonKind::HiringManager, PersonKind::Coordinator, PersonKind::Interviewer})
        kinds += QStringLiteral("<br>• <b>%1</b>: %2")
                     .arg(personKindLabel(k).toHtmlEscaped(), PersonDialog::kindDuties(k).toHtmlEscaped());
    const Person me = m_store->actor();
    m_text->setText(tr("<b>Welcome to Hireloop.</b> You are acting as %1 (%2). A hiring loop is run by three kinds "
                       "of people:%3<br>Add the coordinators and interviewers of this loop so that panels can be "
                       "scheduled with them and each sees only their own kit.")
                        .arg(me.name.toHtmlEscaped(), personKindLabel(me.kind).toHtmlEscaped(), kinds));
    show();
}

}  // namespace hireloop
