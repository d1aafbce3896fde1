#pragma once

#include "domain/domain.h"

#include <QTextBrowser>

// One application in full: contact and profile links, screening facts with the
// candidate's answers, status, the stage history as a timeline, interviews, and the
// scorecards the acting person may see. Follows the store's signals for it.

namespace hireloop {

class Store;

class CandidateDetailView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit CandidateDetailView(Store *store, QWidget *parent = nullptr);

    void setApplicationId(Id applicationId);
    Id applicationId() const { return m_applicationId; }

private:
    void refresh();

    Store *m_store;
    Id m_applicationId = 0;
    Id m_candidateId = 0;
};

}  // namespace hireloop
