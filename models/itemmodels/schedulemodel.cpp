#include "itemmodels/schedulemodel.h"

#include "itemmodels/modelroles.h"
#include "itemmodels/myinterviewsmodel.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QDateTime>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <optional>

namespace hireloop {

namespace {

QDate localDate(qint64 secs)
{
    return QDateTime::fromSecsSinceEpoch(secs).date();
}

qint64 startOfDay(const QDate &date)
{
    return date.startOfDay().toSecsSinceEpoch();
}

QString timeRange(const Interview &iv)
{
    return QStringLiteral("%1 – %2").arg(shortTime(QDateTime::fromSecsSinceEpoch(iv.startsAt).time()),
                                         shortTime(QDateTime::fromSecsSinceEpoch(iv.endsAt()).time()));
}

bool before(const Interview &a, const Interview &b)
{
    return a.startsAt != b.startsAt ? a.startsAt < b.startsAt : a.id < b.id;
}

bool sameRow(const Interview &a, const Interview &b)
{
    return a.startsAt == b.startsAt && a.durationMin == b.durationMin && a.stage == b.stage
        && a.candidate == b.candidate && a.panelNames == b.panelNames && a.location == b.location
        && a.cancelled == b.cancelled && a.version == b.version;
}

}  // namespace

ScheduleModel::ScheduleModel(Store *store, QObject *parent, bool readsHeld)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    m_first = QDateTime::fromSecsSinceEpoch(store->now()).date();
    m_first = m_first.addDays(-((m_first.dayOfWeek() - QLocale().firstDayOfWeek() + 7) % 7));
    connect(store, &Store::interviewChanged, this, &ScheduleModel::onInterviewChanged);
    // Names shown in the rows: the candidate's, the stage's, the panelists'.
    connect(store, &Store::candidateChanged, this, &ScheduleModel::reread);
    connect(store, &Store::candidateRemoved, this, &ScheduleModel::reread);
    connect(store, &Store::personChanged, this, &ScheduleModel::reread);
    connect(store, &Store::stageChanged, this, &ScheduleModel::reread);
    connect(store, &Store::stageRemoved, this, &ScheduleModel::reread);
    connect(store, &Store::actorChanged, this, &ScheduleModel::reread);
    connect(store, &Store::dataReset, this, &ScheduleModel::reload);
    connect(store, &Store::opened, this, &ScheduleModel::reload);
    if (readsHeld)
        m_rangeRead.hold();
    reload();
}

void ScheduleModel::setRoleId(Id roleId)
{
    if (roleId == m_roleId)
        return;
    m_roleId = roleId;
    m_stage = 0;  // stages belong to a role
    beginResetModel();
    m_rows = wantedRows();
    endResetModel();
}

void ScheduleModel::setSpan(Span span)
{
    if (span == m_span)
        return;
    // A week becomes its day that is today, or its first; a day becomes its week.
    QDate keep = m_first;
    const QDate now = QDateTime::fromSecsSinceEpoch(m_store->now()).date();
    if (span == Day && now >= m_first && now <= lastDay())
        keep = now;
    m_span = span;
    m_first = QDate();
    showDate(keep);
}

void ScheduleModel::showDate(const QDate &date)
{
    QDate first = date;
    if (m_span == Week)
        first = first.addDays(-((first.dayOfWeek() - QLocale().firstDayOfWeek() + 7) % 7));
    if (first == m_first)
        return;
    m_first = first;
    reread();
    Q_EMIT rangeChanged();
}

void ScheduleModel::next()
{
    showDate(m_first.addDays(m_span == Week ? 7 : 1));
}

void ScheduleModel::previous()
{
    showDate(m_first.addDays(m_span == Week ? -7 : -1));
}

void ScheduleModel::today()
{
    showDate(QDateTime::fromSecsSinceEpoch(m_store->now()).date());
}

QDate ScheduleModel::lastDay() const
{
    return m_first.addDays(m_span == Week ? 6 : 0);
}

qint64 ScheduleModel::rangeFrom() const
{
    return startOfDay(m_first);
}

qint64 ScheduleModel::rangeTo() const
{
    return startOfDay(lastDay().addDays(1));
}

void ScheduleModel::setInterviewer(Id personId)
{
    if (personId == m_interviewer)
        return;
    m_interviewer = personId;
    sync(wantedRows());
}

void ScheduleModel::setStage(Id stageId)
{
    if (stageId == m_stage)
        return;
    m_stage = stageId;
    sync(wantedRows());
}

void ScheduleModel::setShowCancelled(bool show)
{
    if (show == m_withCancelled)
        return;
    m_withCancelled = show;
    sync(wantedRows());
}

void ScheduleModel::refresh()
{
    reread();
}

// The range read again (on the connection thread on a team server); its answer replaces
// the rows with one reset. Another database's rows are not shown while it comes.
void ScheduleModel::reload()
{
    if (!StoreReads::answersAtOnce(m_store) && !m_rows.isEmpty()) {
        beginResetModel();
        m_read.clear();
        m_rows.clear();
        endResetModel();
    }
    readRange([this] {
        beginResetModel();
        m_rows = wantedRows();
        endResetModel();
    });
}

void ScheduleModel::reread()
{
    readRange([this] { sync(wantedRows()); });
}

// Every interview overlapping the range into m_read, then show(). Only the latest ask
// counts, and only for the range it was asked for.
void ScheduleModel::readRange(std::function<void()> show)
{
    if (!m_store->isOpen()) {
        m_rangeRead.cancel();
        m_read.clear();
        show();
        return;
    }
    const qint64 from = rangeFrom(), to = rangeTo();
    m_rangeRead.ask<QList<Interview>>(
        m_store, this, [from, to](Store &store) { return store.interviewsBetween(0, from, to, true); },
        [this, from, to, show = std::move(show)](const QList<Interview> &interviews) {
            if (from != rangeFrom() || to != rangeTo())
                return;
            m_read = interviews;
            show();
        });
}

// One interview read alone and put in its place among those read, or taken out.
void ScheduleModel::onInterviewChanged(Id applicationId, Id interviewId)
{
    Q_UNUSED(applicationId)
    if (!m_store->isOpen())
        return;
    const qint64 from = rangeFrom(), to = rangeTo();
    using Found = std::optional<Interview>;
    StoreReads::of(m_store)->ask<Found>(
        this,
        [interviewId](Store &store) {
            Interview iv;
            return store.interview(interviewId, &iv) ? Found(iv) : std::nullopt;
        },
        [this, interviewId, from, to](const Found &found) {
            if (from != rangeFrom() || to != rangeTo())
                return;  // a new range is on its way, read after the change
            for (qsizetype i = 0; i < m_read.size(); ++i)
                if (m_read.at(i).id == interviewId) {
                    m_read.removeAt(i);
                    break;
                }
            if (found && found->startsAt < to && found->endsAt() > from)
                m_read.insert(std::upper_bound(m_read.begin(), m_read.end(), *found, before), *found);
            sync(wantedRows());
        });
}

bool ScheduleModel::shows(const Interview &iv) const
{
    return (!m_roleId || iv.roleId == m_roleId) && (!m_stage || iv.stageId == m_stage)
        && (!m_interviewer || iv.panel.contains(m_interviewer)) && (m_withCancelled || !iv.cancelled)
        && iv.startsAt >= rangeFrom() && iv.startsAt < rangeTo();
}

// The rows the filters let through, each with its clashes: two standing interviews
// that overlap in time and share a panelist clash, whichever role or stage they are of.
QList<ScheduleModel::Row> ScheduleModel::wantedRows() const
{
    QList<Row> rows;
    QDate lastDate;
    for (qsizetype i = 0; i < m_read.size(); ++i) {
        const Interview &iv = m_read.at(i);
        if (!shows(iv))
            continue;
        Row row;
        row.interview = iv;
        if (!iv.cancelled) {
            for (qsizetype j = 0; j < m_read.size(); ++j) {
                const Interview &other = m_read.at(j);
                if (j == i || other.cancelled || other.startsAt >= iv.endsAt() || other.endsAt() <= iv.startsAt)
                    continue;
                for (qsizetype p = 0; p < iv.panel.size(); ++p) {
                    if (!other.panel.contains(iv.panel.at(p)))
                        continue;
                    const QString name = iv.panelNames.value(p);
                    if (!row.clashNames.contains(name))
                        row.clashNames << name;
                    row.clashDetails << tr("%1 is also interviewing %2 (%3) %4")
                                            .arg(name, other.candidate, other.stage,
                                                 localDate(other.startsAt) == localDate(iv.startsAt)
                                                     ? timeRange(other)
                                                     : shortDateTime(other.startsAt));
                }
            }
        }
        const QDate day = localDate(iv.startsAt);
        row.firstOfDay = day != lastDate;
        lastDate = day;
        rows << row;
    }
    return rows;
}

// Turns the rows into fresh with row signals only: removals, then for each place a
// move, an insertion or a change.
void ScheduleModel::sync(const QList<Row> &fresh)
{
    const auto same = [](const Row &a, const Row &b) {
        return sameRow(a.interview, b.interview) && a.clashDetails == b.clashDetails && a.firstOfDay == b.firstOfDay;
    };
    QSet<Id> keep;
    for (const Row &r : fresh)
        keep.insert(r.interview.id);
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (keep.contains(m_rows.at(row).interview.id))
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    }
    for (int i = 0; i < fresh.size(); ++i) {
        const Row &want = fresh.at(i);
        if (i < m_rows.size() && m_rows.at(i).interview.id == want.interview.id) {
            if (!same(m_rows.at(i), want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
            }
            continue;
        }
        const int from = rowOfInterview(want.interview.id);
        if (from > i) {
            beginMoveRows({}, from, from, {}, i);
            m_rows.move(from, i);
            endMoveRows();
            if (!same(m_rows.at(i), want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
            }
        } else {
            beginInsertRows({}, i, i);
            m_rows.insert(i, want);
            endInsertRows();
        }
    }
}

QList<Interview> ScheduleModel::interviews() const
{
    QList<Interview> list;
    list.reserve(m_rows.size());
    for (const Row &r : m_rows)
        list << r.interview;
    return list;
}

int ScheduleModel::rowOfInterview(Id interviewId) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).interview.id == interviewId)
            return i;
    return -1;
}

int ScheduleModel::conflictCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(), [](const Row &r) { return !r.clashNames.isEmpty(); }));
}

int ScheduleModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ScheduleModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScheduleModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows.at(index.row());
    const Interview &iv = row.interview;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DayColumn:
            return row.firstOfDay ? QLocale().toString(localDate(iv.startsAt), QStringLiteral("ddd d MMM")) : QString();
        case TimeColumn:
            return timeRange(iv);
        case DurationColumn:
            return tr("%1 min").arg(iv.durationMin);
        case CandidateColumn:
            return iv.candidate;
        case StageColumn:
            return iv.stage;
        case PanelColumn:
            return iv.panelNames.join(QStringLiteral(", "));
        case LocationColumn:
            return iv.location;
        case ConflictColumn:
            if (iv.cancelled)
                return tr("Cancelled");
            return row.clashNames.isEmpty() ? QString()
                                            : tr("%1 double-booked").arg(row.clashNames.join(QStringLiteral(", ")));
        }
        break;
    case Qt::ToolTipRole:
        if (iv.cancelled)
            return tr("Cancelled");
        if (!row.clashDetails.isEmpty() && index.column() != DayColumn)
            return row.clashDetails.join(QLatin1Char('\n'));
        if (index.column() == DayColumn || index.column() == TimeColumn)
            return QLocale().toString(QDateTime::fromSecsSinceEpoch(iv.startsAt).date(), QLocale::LongFormat);
        if (index.column() == PanelColumn)
            return iv.panelNames.join(QLatin1Char('\n'));
        if (index.column() == LocationColumn && !iv.location.isEmpty())
            return iv.location;
        break;
    case Qt::FontRole:
        if (iv.cancelled && index.column() != DayColumn) {
            QFont font;
            font.setStrikeOut(true);
            return font;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case DayColumn:
        case TimeColumn:
            return iv.startsAt;
        case DurationColumn:
            return iv.durationMin;
        default:
            return data(index, Qt::DisplayRole);
        }
    case IdRole:
        return iv.id;
    case ApplicationIdRole:
        return iv.applicationId;
    case StartsAtRole:
        return iv.startsAt;
    case ConflictRole:
        return !row.clashNames.isEmpty();
    case CancelledRole:
        return iv.cancelled;
    case FirstOfDayRole:
        return row.firstOfDay;
    }
    return {};
}

QVariant ScheduleModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DayColumn:
        return tr("Day");
    case TimeColumn:
        return tr("Time");
    case DurationColumn:
        return tr("Duration");
    case CandidateColumn:
        return tr("Candidate");
    case StageColumn:
        return tr("Stage");
    case PanelColumn:
        return tr("Panel");
    case LocationColumn:
        return tr("Location");
    case ConflictColumn:
        return tr("Conflict");
    }
    return {};
}

}  // namespace hireloop
