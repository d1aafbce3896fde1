#include "retentionpage.h"

#include "commands/retentioncommand.h"
#include "store/store.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include "commands/undohistory.h"
#include <QVBoxLayout>

#include <optional>

namespace hireloop {

namespace {

constexpr int DefaultDays = 180;

}  // namespace

RetentionPage::RetentionPage(Store *store, UndoHistory *undo, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_undo(undo)
{
    setObjectName(QStringLiteral("retentionPage"));
    m_enabled = new QCheckBox(tr("&Anonymize rejected and withdrawn candidates automatically"), this);
    m_enabled->setObjectName(QStringLiteral("retentionEnabled"));
    m_days = new QSpinBox(this);
    m_days->setObjectName(QStringLiteral("retentionDays"));
    m_days->setAccessibleName(tr("Days after the rejection or withdrawal"));
    m_days->setRange(0, 36500);
    m_days->setValue(DefaultDays);
    m_days->setSuffix(tr(" days"));
    m_days->setKeyboardTracking(false);

    auto *explain = new QLabel(
        tr("<p>Anonymizing a candidate replaces the name with <i>Anonymized #id</i> and removes the contact "
           "details, profile links, notes, screening answers, the reasons given for moves and rejections, "
           "decision rationale and every free text of the scorecards. Ratings, recommendations, stages and "
           "dates stay, so calibration and the funnel still count them.</p>"
           "<p>Hireloop does it each time it opens this database. A candidate still active or hired in "
           "another role, or also in a role that keeps its candidates, is kept.</p>"),
        this);
    explain->setObjectName(QStringLiteral("retentionExplanation"));
    explain->setWordWrap(true);
    explain->setTextFormat(Qt::RichText);

    m_who = new QLabel(tr("Only hiring managers and coordinators change how long candidates are kept."), this);
    m_who->setObjectName(QStringLiteral("retentionWho"));
    m_who->setWordWrap(true);
    m_due = new QLabel(this);
    m_due->setObjectName(QStringLiteral("retentionDue"));
    m_apply = new QPushButton(tr("Anonymize &Now…"), this);
    m_apply->setObjectName(QStringLiteral("applyRetention"));
    m_apply->setToolTip(tr("Anonymize the candidates whose period has passed, without waiting for the next start"));

    auto *dueRow = new QHBoxLayout;
    dueRow->addWidget(m_due, 1);
    dueRow->addWidget(m_apply);
    auto *form = new QFormLayout;
    form->addRow(m_enabled);
    auto *period = new QHBoxLayout;
    period->addWidget(m_days);
    period->addWidget(new QLabel(tr("after the rejection or withdrawal"), this));
    period->addStretch(1);
    auto *periodLabel = new QLabel(tr("&Period:"), this);
    periodLabel->setBuddy(m_days);
    form->addRow(periodLabel, period);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(explain);
    layout->addLayout(dueRow);
    layout->addWidget(m_who);
    layout->addStretch(1);

    connect(m_enabled, &QCheckBox::toggled, this, [this] {
        if (!m_refreshing)
            commit();
    });
    connect(m_days, &QSpinBox::valueChanged, this, [this] {
        if (!m_refreshing && m_enabled->isChecked())
            commit();
    });
    connect(m_apply, &QPushButton::clicked, this, &RetentionPage::applyNow);
    connect(m_store, &Store::roleRetentionChanged, this, [this](Id roleId) {
        if (roleId == m_roleId)
            refresh();
    });
    for (auto signal : {&Store::actorChanged, &Store::applicationChanged, &Store::candidateChanged})
        connect(m_store, signal, this, &RetentionPage::changed);
    connect(m_store, &Store::candidateRemoved, this, &RetentionPage::changed);
    connect(m_store, &Store::dataReset, this, &RetentionPage::changed);
}

void RetentionPage::setRoleId(Id roleId)
{
    m_roleId = roleId;
    changed();
}

void RetentionPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void RetentionPage::changed()
{
    if (isVisible())
        refresh();
    else
        m_stale = true;
}

void RetentionPage::refresh()
{
    if (!m_store->isOpen())
        return;
    m_stale = false;
    m_read.ask<std::pair<int, int>>(
        m_store, this,
        [roleId = m_roleId](Store &s) {
            const int days = roleId ? s.retentionDays(roleId) : -1;
            return std::make_pair(days, days >= 0 ? int(s.candidatesDueForRetention(roleId).size()) : 0);
        },
        [this](const std::pair<int, int> &read) { showRead(read.first, read.second); });
}

void RetentionPage::showRead(int days, int due)
{
    m_refreshing = true;
    m_storedDays = days;
    const bool may = m_store->access().may(AccessPolicy::Action::ManagePrivacy) && !m_store->isReadOnly()
        && m_roleId > 0;
    m_enabled->setChecked(days >= 0);
    if (days >= 0)
        m_days->setValue(days);
    m_enabled->setEnabled(may);
    m_days->setEnabled(may && days >= 0);
    m_who->setVisible(!m_store->access().may(AccessPolicy::Action::ManagePrivacy));
    m_due->setText(days < 0       ? tr("Candidates of this role are kept until someone anonymizes or erases them.")
                       : due == 0 ? tr("No candidate of this role is due now.")
                       : due == 1 ? tr("1 candidate of this role is due now.")
                                  : tr("%1 candidates of this role are due now.").arg(due));
    m_apply->setEnabled(may && due > 0);
    m_refreshing = false;
}

void RetentionPage::commit()
{
    const Id role = m_roleId;
    const int before = m_storedDays;
    const int after = m_enabled->isChecked() ? m_days->value() : -1;
    if (!role || before < -1 || before == after)
        return;  // nothing read yet, or nothing changed
    m_undo->push(new RetentionCommand(m_store, role, before, after));
    refresh();  // a refused change shows what is stored
}

void RetentionPage::applyNow()
{
    // Every role's due candidates go at once, as at start-up.
    m_applyRead.ask<int>(
        m_store, this, [](Store &s) { return int(s.candidatesDueForRetention().size()); },
        [this](const int &due) { confirmApply(due); });
}

void RetentionPage::confirmApply(int due)
{
    if (due == 0) {
        refresh();
        return;
    }
    QMessageBox box(QMessageBox::Warning, tr("Anonymize Now"),
                    due == 1 ? tr("Anonymize the 1 candidate whose retention period has passed?")
                             : tr("Anonymize the %1 candidates whose roles' retention periods have passed?").arg(due),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("applyRetentionBox"));
    box.setInformativeText(tr("This cannot be undone, and the undo history is cleared."));
    QPushButton *yes = box.addButton(tr("&Anonymize"), QMessageBox::DestructiveRole);
    yes->setObjectName(QStringLiteral("confirmButton"));
    box.setDefaultButton(box.addButton(QMessageBox::Cancel));
    box.exec();
    if (box.clickedButton() != yes)
        return;
    m_apply->setEnabled(false);  // until the answer
    StoreReads::of(m_store)->write<std::optional<int>>(
        this, [](Store &s) { return std::optional<int>(s.applyRetention()); },
        [this](const std::optional<int> &anonymized) {
            if (anonymized && *anonymized >= 0)
                m_undo->clearAll();
            refresh();
        });
}

}  // namespace hireloop
