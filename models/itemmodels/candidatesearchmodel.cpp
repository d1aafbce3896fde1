#include "itemmodels/candidatesearchmodel.h"

#include "itemmodels/candidateentry.h"
#include "store/store.h"

#include <QSet>

namespace hireloop {

CandidateSearchModel::CandidateSearchModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    // Whatever can add, rename, move or take away a candidate or an application.
    connect(store, &Store::candidateAdded, this, &CandidateSearchModel::ask);
    connect(store, &Store::candidateChanged, this, &CandidateSearchModel::ask);
    connect(store, &Store::candidateRemoved, this, &CandidateSearchModel::ask);
    connect(store, &Store::applicationChanged, this, &CandidateSearchModel::ask);
    connect(store, &Store::roleAdded, this, &CandidateSearchModel::ask);
    connect(store, &Store::stageChanged, this, &CandidateSearchModel::ask);
    connect(store, &Store::dataReset, this, &CandidateSearchModel::ask);
    connect(store, &Store::opened, this, &CandidateSearchModel::ask);
    connect(store, &Store::actorChanged, this, &CandidateSearchModel::ask);  // who may see whom
}

void CandidateSearchModel::setSearchText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_words = CandidateFilter::wordsOf(text);
    ask();
}

void CandidateSearchModel::ask()
{
    if (m_words.isEmpty() || !m_store->isOpen()) {
        m_read.cancel();
        take(CandidateSearch::Answer());
        return;
    }
    const bool wasSearching = m_read.isWaiting();
    m_read.ask<CandidateSearch::Answer>(
        m_store, this,
        [words = m_words](Store &s) { return CandidateSearch(s.database()).find(words, s.access().visibility()); },
        [this](const CandidateSearch::Answer &answer) { take(answer); });
    // A file answers at once; a server later, and the old rows stay until then.
    if (m_read.isWaiting() && !wasSearching)
        Q_EMIT searchingChanged(true);
}

void CandidateSearchModel::take(const CandidateSearch::Answer &answer)
{
    beginResetModel();
    m_answer = answer;
    endResetModel();
    Q_EMIT searchingChanged(false);
    Q_EMIT answered();
}

int CandidateSearchModel::roleCount() const
{
    QSet<Id> roles;
    for (const CandidateMatch &m : m_answer.matches)
        roles.insert(m.roleId);
    return int(roles.size());
}

Id CandidateSearchModel::applicationIdAt(int row) const
{
    return row >= 0 && row < m_answer.matches.size() ? m_answer.matches.at(row).applicationId : 0;
}

Id CandidateSearchModel::roleIdAt(int row) const
{
    return row >= 0 && row < m_answer.matches.size() ? m_answer.matches.at(row).roleId : 0;
}

int CandidateSearchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_answer.matches.size());
}

int CandidateSearchModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CandidateSearchModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_answer.matches.size())
        return {};
    const CandidateMatch &m = m_answer.matches.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return m.name;
        case EmailColumn:
            return m.email;
        case RoleColumn:
            return m.role;
        case StageColumn:
            return m.stage;
        case StatusColumn:
            return applicationStatusLabel(m.status);
        }
        return {};
    case Qt::ToolTipRole:
        return tr("%1 in %2: press Enter or double-click to open in its role").arg(m.name, m.role);
    case ApplicationIdRole:
        return m.applicationId;
    case RoleIdRole:
        return m.roleId;
    case CandidateIdRole:
        return m.candidateId;
    }
    return {};
}

QVariant CandidateSearchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case EmailColumn:
        return tr("Email");
    case RoleColumn:
        return tr("Role");
    case StageColumn:
        return tr("Stage");
    case StatusColumn:
        return tr("Status");
    }
    return {};
}

}  // namespace hireloop
