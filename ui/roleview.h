#pragma once

#include "domain/domain.h"

#include <QWidget>

class QAction;
class QLabel;
class QTableView;
class QTextBrowser;
class QTreeView;
class QVBoxLayout;

// The role editor: the rubric (categories and attributes with weights, must-haves and
// the posting line each came from; renamed, reweighted and reordered by drag and drop
// or keyboard), the selected attribute's guidance, the interview plan (stages added,
// renamed, reordered, removed), the coverage matrix whose ticks set each stage's focus,
// and the posting as parsed. Every edit is an undo command.

namespace hireloop {

class CoverageModel;
class RubricModel;
class RetentionPage;
class StageModel;
class Store;
class UndoHistory;

class RoleView : public QWidget
{
    Q_OBJECT

public:
    RoleView(Store *store, UndoHistory *undo, QWidget *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const;

    RubricModel *rubricModel() const { return m_rubric; }
    StageModel *stageModel() const { return m_stages; }
    CoverageModel *coverageModel() const { return m_coverage; }
    RetentionPage *retentionPage() const { return m_retention; }

    QAction *addStageAction() const { return m_addStage; }
    QAction *removeStageAction() const { return m_removeStage; }
    QAction *stageUpAction() const { return m_stageUp; }
    QAction *stageDownAction() const { return m_stageDown; }
    QAction *attributeUpAction() const { return m_attributeUp; }
    QAction *attributeDownAction() const { return m_attributeDown; }
    QAction *editGuidanceAction() const { return m_editGuidance; }

private:
    void showAttribute(const QModelIndex &index);
    void updateHeader();
    void createPlanActions();
    void updatePlanActions();
    void addStage();
    void moveStage(int delta);
    void removeStage();
    void moveAttribute(int delta);
    void editGuidance();

    Store *m_store;
    UndoHistory *m_undo;
    RubricModel *m_rubric;
    StageModel *m_stages;
    CoverageModel *m_coverage;
    QLabel *m_title;
    QLabel *m_overview;
    QTreeView *m_rubricView;
    QTextBrowser *m_attributeDetail;
    QTableView *m_stageView;
    QTableView *m_coverageView;
    QTextBrowser *m_posting;
    RetentionPage *m_retention;
    QVBoxLayout *m_rubricPageLayout = nullptr;
    QAction *m_addStage = nullptr;
    QAction *m_removeStage = nullptr;
    QAction *m_stageUp = nullptr;
    QAction *m_stageDown = nullptr;
    QAction *m_attributeUp = nullptr;
    QAction *m_attributeDown = nullptr;
    QAction *m_editGuidance = nullptr;
};

}  // namespace hireloop
