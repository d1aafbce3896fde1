#pragma once

#include "domain/domain.h"

#include <QTextBrowser>
#include <QTimer>

// One application in full: contact and profile links, screening facts with the
// candidate's answers, status, the stage history as a timeline, interviews, and the
// scorecards the acting person may see.
//
// It shows what CurrentApplication has read, and reads nothing itself. While the next
// one is read it keeps what it shows, and says "Loading…" after 150 ms when that is
// another candidate.

namespace hireloop {

class CurrentApplication;
struct CandidateDetail;

class CandidateDetailView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit CandidateDetailView(CurrentApplication *current, QWidget *parent = nullptr);

    // The application whose detail is on screen (0: none, or "Loading…").
    Id shownApplicationId() const { return m_shownApplicationId; }

private:
    void follow();
    void display(const CandidateDetail &detail);
    void showLoading();

    CurrentApplication *m_current;
    Id m_shownApplicationId = 0;
    QTimer m_loading;
    QString m_placeholder;
};

}  // namespace hireloop
