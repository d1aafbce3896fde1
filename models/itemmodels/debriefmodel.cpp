#include "itemmodels/debriefmodel.h"

#include "store/store.h"

#include <QBrush>
#include <QColor>
#include <QFont>

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
        if (roleId == m_role.id)
            setApplicationId(m_applicationId);  // names, weights or must-haves changed
    });
}

void DebriefModel::setApplicationId(Id applicationId)
{
    beginResetModel();
    m_applicationId = applicationId;
    m_role = Role();
    m_attributes.clear();
    m_categoryOf.clear();
    Application a;
    if (applicationId && m_store->application(applicationId, &a) && m_store->role(a.roleId, &m_role)) {
        for (const Category &c : std::as_const(m_role.categories)) {
            for (const Attribute &attr : c.attributes) {
                m_attributes << attr;
                m_categoryOf.insert(attr.id, c.name);
            }
        }
    }
    m_summary = DebriefSummary();
    if (applicationId)
        m_store->debriefSummary(applicationId, &m_summary);
    endResetModel();
    Q_EMIT summaryChanged();
}

void DebriefModel::onApplication(Id applicationId)
{
    if (applicationId && applicationId == m_applicationId)
        reload();
}

void DebriefModel::reload()
{
    m_summary = DebriefSummary();
    if (m_applicationId)
        m_store->debriefSummary(m_applicationId, &m_summary);
    if (!m_attributes.isEmpty())
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
    const AttributeDebrief *a = m_summary.attribute(attr.id);
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
