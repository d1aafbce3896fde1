#include "itemmodels/duescorecardmodel.h"

#include "itemmodels/modelroles.h"
#include "itemmodels/myinterviewsmodel.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QDateTime>
#include <QSet>
#include <QFont>
#include <QLocale>

#include <algorithm>

namespace hireloop {

namespace {

bool sameRow(const DueScorecard &a, const DueScorecard &b)
{
    return a.interviewEndsAt == b.interviewEndsAt && a.overdue == b.overdue && a.candidate == b.candidate
        && a.stage == b.stage && a.interviewer == b.interviewer && a.interviewId == b.interviewId;
}

QString lapse(qint64 secs)
{
    const qint64 hours = qMax<qint64>(0, secs) / 3600;
    if (hours < 48)
        return hours == 1 ? DueScorecardModel::tr("1 hour") : DueScorecardModel::tr("%1 hours").arg(hours);
    return DueScorecardModel::tr("%1 days").arg(hours / 24);
}

}  // namespace

DueScorecardModel::DueScorecardModel(Store *store, QObject *parent, bool readsHeld)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    // An edit touches one application's rows: only those are read again (the whole list
    // is thousands of rows in a large database).
    const auto one = [this](Id applicationId) {
        refreshApplications([applicationId](Store &) { return QList<Id>{applicationId}; });
    };
    connect(store, &Store::scorecardChanged, this, one);
    connect(store, &Store::interviewChanged, this, one);
    connect(store, &Store::reminderRecorded, this, &DueScorecardModel::reminderRecorded);
    connect(store, &Store::candidateChanged, this, [this](Id candidateId) {
        refreshApplications([candidateId](Store &s) {
            QList<Id> ids;
            for (const Application &a : s.applicationsOf(candidateId))
                ids << a.id;
            return ids;
        });
    });
    connect(store, &Store::candidateRemoved, this, [this](Id, const QList<Id> &applicationIds) {
        refreshApplications([applicationIds](Store &) { return applicationIds; });
    });
    // Interviewers see their own, hiring managers and coordinators everyone's: a new
    // actor is a new list.
    connect(store, &Store::actorChanged, this, &DueScorecardModel::reload);
    connect(store, &Store::dataReset, this, &DueScorecardModel::reload);
    connect(store, &Store::opened, this, &DueScorecardModel::reload);
    if (readsHeld)
        m_read.hold();
    reload();
}

void DueScorecardModel::setOverdueHours(int hours)
{
    if (hours == m_overdueHours)
        return;
    m_overdueHours = hours;
    refresh();
}

DueScorecardModel::Read DueScorecardModel::read(Store &store, int overdueHours)
{
    Read r;
    r.now = store.now();
    r.hours = overdueHours;
    if (!store.isOpen() || !store.actorId())
        return r;
    r.reminded = store.lastReminders();
    r.everyone = store.access().may(AccessPolicy::Action::ChaseScorecards);
    r.rows = store.dueScorecards(r.everyone ? 0 : store.actorId(), overdueHours);
    return r;
}

void DueScorecardModel::ask(std::function<void(const Read &)> apply)
{
    const int hours = m_overdueHours;
    m_read.ask<Read>(
        m_store, this, [hours](Store &s) { return read(s, hours); }, std::move(apply));
}

QList<DueScorecard> DueScorecardModel::take(const Read &read)
{
    m_now = read.now;
    m_readHours = read.hours;
    m_reminded = read.reminded;
    m_everyone = read.everyone;
    return read.rows;
}

void DueScorecardModel::reload()
{
    ask([this](const Read &r) {
        beginResetModel();
        m_rows = take(r);
        endResetModel();
    });
}

void DueScorecardModel::refresh()
{
    ask([this](const Read &r) {
        const bool everyone = m_everyone;
        const qint64 before = m_now;
        const int beforeHours = m_readHours;
        const QHash<Id, qint64> remindedBefore = m_reminded;
        const QList<DueScorecard> fresh = take(r);
        if (everyone != m_everyone) {
            // Another kind of list (the InterviewerColumn means something else).
            beginResetModel();
            m_rows = fresh;
            endResetModel();
            return;
        }
        sync(fresh, before, beforeHours);
        // Reminders others sent, and "2 days ago" that has become "3 days ago".
        for (int row = 0; row < m_rows.size(); ++row) {
            const Id id = m_rows.at(row).scorecardId;
            if (reminded(remindedBefore.value(id), before) != reminded(m_reminded.value(id), m_now))
                Q_EMIT dataChanged(index(row, RemindedColumn), index(row, RemindedColumn));
        }
    });
}

void DueScorecardModel::reminderRecorded(Id scorecardId)
{
    const QHash<Id, qint64> last = m_store->lastReminders(scorecardId);
    if (!last.contains(scorecardId))
        return;
    m_reminded.insert(scorecardId, last.value(scorecardId));
    const int row = rowOfScorecard(scorecardId);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, RemindedColumn), index(row, RemindedColumn));
}

QString DueScorecardModel::reminded(qint64 at, qint64 now)
{
    if (at <= 0)
        return {};
    const QDateTime when = QDateTime::fromSecsSinceEpoch(at);
    const qint64 days = when.date().daysTo(QDateTime::fromSecsSinceEpoch(now).date());
    if (days <= 0)
        return tr("Today %1").arg(shortTime(when.time()));
    if (days == 1)
        return tr("Yesterday");
    if (days < 7)
        return tr("%1 days ago").arg(days);
    return QLocale().toString(when.date(), QLocale::ShortFormat);
}

// Turns the rows into fresh with row signals only: removals, then for each place a
// move, an insertion or a change. "Due in" and "overdue by" follow the clock: a status
// that reads differently now than at the last read is one dataChanged for its cell.
void DueScorecardModel::sync(const QList<DueScorecard> &fresh, qint64 before, int beforeHours)
{
    QSet<Id> keep;
    for (const DueScorecard &d : fresh)
        keep.insert(d.scorecardId);
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (keep.contains(m_rows.at(row).scorecardId))
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    }
    auto update = [this, before, beforeHours](int i, const DueScorecard &want) {
        const bool same = sameRow(m_rows.at(i), want);
        const bool sameStatus = status(m_rows.at(i), before, beforeHours) == status(want, m_now, m_readHours);
        m_rows[i] = want;
        if (!same)
            Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
        else if (!sameStatus)
            Q_EMIT dataChanged(index(i, StatusColumn), index(i, StatusColumn));
    };
    for (int i = 0; i < fresh.size(); ++i) {
        const DueScorecard &want = fresh.at(i);
        if (i < m_rows.size() && m_rows.at(i).scorecardId == want.scorecardId) {
            update(i, want);
            continue;
        }
        const int from = rowOfScorecard(want.scorecardId);
        if (from > i) {
            beginMoveRows({}, from, from, {}, i);
            m_rows.move(from, i);
            endMoveRows();
            update(i, want);
        } else {
            beginInsertRows({}, i, i);
            m_rows.insert(i, want);
            endInsertRows();
        }
    }
}

// The list's order, as ScorecardRepository::due sorts it.
bool DueScorecardModel::before(const DueScorecard &a, const DueScorecard &b)
{
    if (a.interviewEndsAt != b.interviewEndsAt)
        return a.interviewEndsAt < b.interviewEndsAt;
    if (a.interviewId != b.interviewId)
        return a.interviewId < b.interviewId;
    if (a.interviewer != b.interviewer)
        return a.interviewer.toUtf8() < b.interviewer.toUtf8();  // SQLite's BINARY order
    return a.scorecardId < b.scorecardId;
}

void DueScorecardModel::refreshApplications(std::function<QList<Id>(Store &)> which)
{
    if (!m_store->isOpen() || !m_store->actorId())
        return;
    // A whole list on its way may have been read before this edit: ask again after it.
    if (m_read.isWaiting())
        refresh();
    struct Fresh
    {
        QList<Id> applications;
        QList<DueScorecard> rows;
    };
    const Id person = m_everyone ? 0 : m_store->actorId();
    const int hours = m_readHours;
    StoreReads::of(m_store)->ask<Fresh>(
        this,
        [which = std::move(which), person, hours](Store &s) {
            Fresh f;
            f.applications = which(s);
            for (Id applicationId : std::as_const(f.applications))
                f.rows += s.dueScorecards(person, hours, applicationId);
            return f;
        },
        [this](const Fresh &f) { placeFresh(f.applications, f.rows); });
}

void DueScorecardModel::placeFresh(const QList<Id> &applications, QList<DueScorecard> fresh)
{
    const QSet<Id> touched(applications.cbegin(), applications.cend());
    QSet<Id> keep;
    for (DueScorecard &d : fresh) {
        d.overdue = m_now >= d.interviewEndsAt + qint64(m_readHours) * 3600;  // as the rest were read
        keep.insert(d.scorecardId);
    }
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        const DueScorecard &d = m_rows.at(row);
        if (!touched.contains(d.applicationId) || keep.contains(d.scorecardId))
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    }
    for (const DueScorecard &want : std::as_const(fresh)) {
        const int at = rowOfScorecard(want.scorecardId);
        if (at >= 0 && !before(want, m_rows.at(at)) && !before(m_rows.at(at), want)) {
            if (!sameRow(m_rows.at(at), want)) {
                m_rows[at] = want;
                Q_EMIT dataChanged(index(at, 0), index(at, ColumnCount - 1));
            }
            continue;
        }
        if (at >= 0) {  // it sorts elsewhere now
            beginRemoveRows({}, at, at);
            m_rows.removeAt(at);
            endRemoveRows();
        }
        const int to = int(std::lower_bound(m_rows.cbegin(), m_rows.cend(), want, before) - m_rows.cbegin());
        beginInsertRows({}, to, to);
        m_rows.insert(to, want);
        endInsertRows();
    }
}

int DueScorecardModel::overdueCount() const
{
    int n = 0;
    for (const DueScorecard &d : m_rows)
        n += d.overdue ? 1 : 0;
    return n;
}

Id DueScorecardModel::scorecardIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).scorecardId : 0;
}

int DueScorecardModel::rowOfScorecard(Id scorecardId) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).scorecardId == scorecardId)
            return i;
    return -1;
}

QString DueScorecardModel::status(const DueScorecard &due, qint64 now, int overdueHours) const
{
    const qint64 deadline = due.interviewEndsAt + qint64(overdueHours) * 3600;
    if (due.overdue)
        return tr("Overdue by %1").arg(lapse(now - deadline));
    return tr("Due in %1").arg(lapse(deadline - now));
}

int DueScorecardModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DueScorecardModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DueScorecardModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const DueScorecard &d = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case CandidateColumn:
            return d.candidate;
        case StageColumn:
            return d.stage;
        case InterviewerColumn:
            return d.interviewer;
        case EndedColumn:
            return shortDateTime(d.interviewEndsAt);
        case StatusColumn:
            return status(d, m_now, m_readHours);
        case RemindedColumn:
            return reminded(m_reminded.value(d.scorecardId), m_now);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == StatusColumn)
            return tr("A scorecard is overdue %1 hours after its interview ended (Settings)").arg(m_readHours);
        if (index.column() == RemindedColumn && m_reminded.value(d.scorecardId) > 0)
            return tr("Last reminder sent %1").arg(shortDateTime(m_reminded.value(d.scorecardId)));
        break;
    case Qt::FontRole:
        if (d.overdue && index.column() == StatusColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case SortRole:
        if (index.column() == RemindedColumn)
            return m_reminded.value(d.scorecardId);
        return index.column() == EndedColumn || index.column() == StatusColumn ? QVariant(d.interviewEndsAt)
                                                                               : data(index, Qt::DisplayRole);
    case IdRole:
        return d.scorecardId;
    case InterviewIdRole:
        return d.interviewId;
    case ApplicationIdRole:
        return d.applicationId;
    case InterviewerIdRole:
        return d.interviewerId;
    case OverdueRole:
        return d.overdue;
    case RemindedAtRole:
        return m_reminded.value(d.scorecardId);
    }
    return {};
}

QVariant DueScorecardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CandidateColumn:
        return tr("Candidate");
    case StageColumn:
        return tr("Stage");
    case InterviewerColumn:
        return tr("Interviewer");
    case EndedColumn:
        return tr("Interview ended");
    case StatusColumn:
        return tr("Status");
    case RemindedColumn:
        return tr("Reminded");
    }
    return {};
}

}  // namespace hireloop
