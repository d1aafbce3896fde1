#pragma once

#include "domain/domain.h"
#include "storage/candidatesearch.h"
#include "store/storereads.h"

#include <QAbstractTableModel>

// The candidates pane's "All roles" scope: every role's candidates whose name or email
// holds the words typed (CandidateSearch), one row per application the viewer may see,
// so the same person in three roles is three rows that each lead to their role. Asked
// off the window's thread (StoreReads) and answered with a whole new list: only the
// latest question counts. Asked again when candidates or applications change, while
// there is a question.

namespace hireloop {

class Store;

class CandidateSearchModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, EmailColumn, RoleColumn, StageColumn, StatusColumn, ColumnCount };
    enum Role {
        ApplicationIdRole = Qt::UserRole + 600,
        RoleIdRole,
        CandidateIdRole,
    };

    explicit CandidateSearchModel(Store *store, QObject *parent = nullptr);

    // Words as the role's own search takes them; empty: nothing asked, no rows.
    void setSearchText(const QString &text);
    QString searchText() const { return m_text; }

    // What the latest answer says besides its rows.
    bool isSearching() const { return m_read.isWaiting(); }
    bool isTooShort() const { return m_answer.tooShort; }  // no word long enough to look up
    bool hasMore() const { return m_answer.more; }
    int candidateCount() const { return m_answer.candidates; }
    int roleCount() const;

    Id applicationIdAt(int row) const;
    Id roleIdAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void searchingChanged(bool searching);
    // The rows and counts of the latest question are in.
    void answered();

private:
    void ask();
    void take(const CandidateSearch::Answer &answer);

    Store *m_store;
    QString m_text;
    QStringList m_words;
    CandidateSearch::Answer m_answer;
    LatestRead m_read;
};

}  // namespace hireloop
