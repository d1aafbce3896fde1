#include "itemmodels/debriefmodel.h"

#include "store/store.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace hireloop {

DebriefModel::DebriefModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(store, &Store::scorecardChanged, this, [this](Id applicationId, Id) { onApplication(applicationId); });
    connect(store, &Store::decisionRecorded, this, [this](Id applicationId, Id) { onApplication(applicationId); });
    connect(store, &Store::applicationChanged, this, &DebriefModel::onApplication);
    connect(store, &Store::interviewChanged, this, [this](Id applicationId, Id) { onApplication(applicationId); });
    connect(store, &Store::actorChanged, this, &DebriefModel::reload);
    connect(store, &Store::dataReset, this, &DebriefModel::reload);
    connect(store, &Store::attributeChanged, this, [this](Id roleId, Id) {
        if (roleId == m_detail.role.id)
            reload();  // names, weights or must-haves changed
    });
}

void DebriefModel::setApplicationId(Id applicationId)
{
    m_applicationId = applicationId;
    if (!m_attributes.isEmpty()) {
        beginResetModel();  // another application's rows are not shown while it is read
        m_attributes.clear();
        m_categoryOf.clear();
        endResetModel();
    }
    m_detail = DebriefDetail();
    reload();
}

void DebriefModel::onApplication(Id applicationId)
{
    if (applicationId && applicationId == m_applicationId)
        reload();
}

void DebriefModel::reload()
{
    if (!m_applicationId) {
        m_read.cancel();
        settle(DebriefDetail());
        return;
    }
    m_loaded = false;
    const Id id = m_applicationId;
    m_read.ask<DebriefDetail>(
        m_store, this, [id](Store &s) { return s.debriefDetail(id); },
        [this](const DebriefDetail &detail) { settle(detail); });
}

// The rows are the rubric's attributes: a new rubric (another role, or one edited) resets
// the table; the same one repaints its rows.
void DebriefModel::settle(const DebriefDetail &detail)
{
    QList<Attribute> attributes;
    QHash<Id, QString> categoryOf;
    for (const Category &c : detail.role.categories) {
        for (const Attribute &attr : c.attributes) {
            attributes << attr;
            categoryOf.insert(attr.id, c.name);
        }
    }
    const bool sameRows = attributes.size() == m_attributes.size()
        && std::equal(attributes.cbegin(), attributes.cend(), m_attributes.cbegin(),
                      [](const Attribute &a, const Attribute &b) { return a.id == b.id; });
    if (!sameRows)
        beginResetModel();
    m_detail = detail;
    m_attributes = std::move(attributes);
    m_categoryOf = std::move(categoryOf);
    m_loaded = true;
    if (!sameRows)
        endResetModel();
    else if (!m_attributes.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT summaryChanged();
}

int DebriefModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_attributes.size());
}

int DebriefModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DebriefModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_attributes.size())
        return {};
    const Attribute &attr = m_attributes.at(index.row());
    const AttributeDebrief *a = m_detail.summary.attribute(attr.id);
    const bool rated = a && a->rated();
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case AttributeColumn:
            return attr.mustHave ? tr("%1 (must-have)").arg(attr.name) : attr.name;
        case CategoryColumn:
            return m_categoryOf.value(attr.id);
        case WeightColumn:
            return attr.weight;
        case RatingsColumn:
            return a ? a->count : 0;
        case MeanColumn:
            return rated ? QVariant(QString::number(a->mean, 'f', 2)) : QVariant(QStringLiteral("—"));
        case RangeColumn:
            return rated ? QVariant(QStringLiteral("%1–%2").arg(a->min).arg(a->max)) : QVariant();
        case FlagsColumn: {
            QStringList flags;
            if (a && a->mustHaveFlag())
                flags << tr("must-have rated %1").arg(a->min);
            if (a && a->disagreement())
                flags << tr("disagreement");
            if (a && a->evidenceGap())
                flags << tr("evidence gap");
            return flags.join(QStringLiteral(", "));
        }
        }
    } else if (role == Qt::ForegroundRole) {
        if (index.column() == FlagsColumn && a && (a->mustHaveFlag() || a->disagreement()))
            return QBrush(QColor(0xb3, 0x26, 0x1e));
        if (index.column() == FlagsColumn && a && a->evidenceGap())
            return QBrush(QColor(0x8a, 0x5a, 0x00));
        if (!rated && index.column() >= RatingsColumn && index.column() <= RangeColumn)
            return QBrush(QColor(0x88, 0x88, 0x88));
    } else if (role == Qt::FontRole) {
        if (index.column() == MeanColumn && rated) {
            QFont f;
            f.setBold(true);
            return f;
        }
    } else if (role == Qt::TextAlignmentRole) {
        if (index.column() >= WeightColumn && index.column() <= RangeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole && index.column() == AttributeColumn) {
        return attr.sourceLine;
    }
    return {};
}

QVariant DebriefModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case AttributeColumn:
        return tr("Attribute");
    case CategoryColumn:
        return tr("Category");
    case WeightColumn:
        return tr("Weight");
    case RatingsColumn:
        return tr("Ratings");
    case MeanColumn:
        return tr("Mean");
    case RangeColumn:
        return tr("Range");
    case FlagsColumn:
        return tr("Flags");
    }
    return {};
}

}  // namespace hireloop
