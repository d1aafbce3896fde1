#include "itemmodels/myinterviewsmodel.h"

#include "itemmodels/modelroles.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

namespace hireloop {

QString shortTimeFormat()
{
    QString format = QLocale().timeFormat(QLocale::ShortFormat);
    static const QRegularExpression seconds(QStringLiteral("[:.]ss"));
    format.remove(seconds);
    return format;
}

QString shortTime(const QTime &time)
{
    return QLocale().toString(time, shortTimeFormat());
}

QString shortDateTime(qint64 secsSinceEpoch)
{
    const QDateTime t = QDateTime::fromSecsSinceEpoch(secsSinceEpoch);
    const QString day = t.date().year() == QDate::currentDate().year() ? QStringLiteral("ddd d MMM")
                                                                       : QStringLiteral("ddd d MMM yyyy");
    return QStringLiteral("%1 %2").arg(QLocale().toString(t.date(), day), shortTime(t.time()));
}

namespace {

bool sameRow(const Interview &a, const Interview &b)
{
    return a.startsAt == b.startsAt && a.durationMin == b.durationMin && a.stage == b.stage
        && a.candidate == b.candidate && a.panelNames == b.panelNames && a.location == b.location
        && a.cancelled == b.cancelled;
}

}  // namespace

MyInterviewsModel::MyInterviewsModel(Store *store, QObject *parent, bool readsHeld)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(store, &Store::interviewChanged, this, &MyInterviewsModel::refresh);
    connect(store, &Store::candidateChanged, this, &MyInterviewsModel::refresh);
    connect(store, &Store::candidateRemoved, this, &MyInterviewsModel::refresh);
    connect(store, &Store::actorChanged, this, &MyInterviewsModel::refresh);
    connect(store, &Store::dataReset, this, &MyInterviewsModel::reload);
    connect(store, &Store::opened, this, &MyInterviewsModel::reload);
    if (readsHeld)
        m_read.hold();
    reload();
}

void MyInterviewsModel::reload()
{
    ask(true);
}

void MyInterviewsModel::refresh()
{
    ask(false);
}

void MyInterviewsModel::ask(bool reset)
{
    using Upcoming = std::pair<QList<Interview>, QHash<Id, Id>>;
    m_read.ask<Upcoming>(
        m_store, this,
        [](Store &s) {
            Upcoming upcoming;
            if (!s.isOpen() || !s.actorId())
                return upcoming;
            upcoming.first = s.upcomingInterviews(s.actorId());
            QList<Id> ids;
            for (const Interview &i : std::as_const(upcoming.first))
                ids << i.id;
            upcoming.second = s.myScorecards(ids);
            return upcoming;
        },
        [this, reset](const Upcoming &upcoming) {
            const QList<Interview> &fresh = upcoming.first;
            m_myScorecards = upcoming.second;
            if (!reset) {
                sync(fresh);
                return;
            }
            beginResetModel();
            m_rows = fresh;
            endResetModel();
        });
}

// Turns the rows into fresh with row signals only: removals, then for each place a
// move, an insertion or a change.
void MyInterviewsModel::sync(const QList<Interview> &fresh)
{
    QSet<Id> keep;
    for (const Interview &i : fresh)
        keep.insert(i.id);
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (keep.contains(m_rows.at(row).id))
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    }
    for (int i = 0; i < fresh.size(); ++i) {
        const Interview &want = fresh.at(i);
        if (i < m_rows.size() && m_rows.at(i).id == want.id) {
            if (!sameRow(m_rows.at(i), want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
            }
            continue;
        }
        const int from = rowOfInterview(want.id);
        if (from > i) {
            beginMoveRows({}, from, from, {}, i);
            m_rows.move(from, i);
            endMoveRows();
            if (!sameRow(m_rows.at(i), want)) {
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

Id MyInterviewsModel::interviewIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : 0;
}

int MyInterviewsModel::rowOfInterview(Id interviewId) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).id == interviewId)
            return i;
    return -1;
}

int MyInterviewsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MyInterviewsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MyInterviewsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Interview &iv = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case WhenColumn: {
            return QStringLiteral("%1 – %2").arg(shortDateTime(iv.startsAt),
                                                 shortTime(QDateTime::fromSecsSinceEpoch(iv.endsAt()).time()));
        }
        case CandidateColumn:
            return iv.candidate;
        case StageColumn:
            return iv.stage;
        case DurationColumn:
            return tr("%1 min").arg(iv.durationMin);
        case PanelColumn:
            return iv.panelNames.join(QStringLiteral(", "));
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == WhenColumn || index.column() == DurationColumn)
            return iv.location.isEmpty() ? QVariant() : tr("Where: %1").arg(iv.location);
        if (index.column() == PanelColumn)
            return iv.panelNames.join(QLatin1Char('\n'));
        break;
    case SortRole:
        switch (index.column()) {
        case WhenColumn:
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
    }
    return {};
}

QVariant MyInterviewsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WhenColumn:
        return tr("When");
    case CandidateColumn:
        return tr("Candidate");
    case StageColumn:
        return tr("Stage");
    case DurationColumn:
        return tr("Duration");
    case PanelColumn:
        return tr("Panel");
    }
    return {};
}

}  // namespace hireloop
