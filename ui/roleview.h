#pragma once

#include "domain.h"

#include <QWidget>

class QLabel;
class QTableView;
class QTextBrowser;
class QTreeView;
class QUndoStack;

// One role at a glance: the rubric (categories and attributes with weights, must-haves
// and the posting line each came from), the selected attribute's guidance, the
// interview plan, the coverage matrix and the posting as parsed.

namespace hireloop {

class CoverageModel;
class RubricModel;
class StageModel;
class Store;

class RoleView : public QWidget
{
    Q_OBJECT

public:
    RoleView(Store *store, QUndoStack *undoStack, QWidget *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const;

    RubricModel *rubricModel() const { return m_rubric; }
    StageModel *stageModel() const { return m_stages; }
    CoverageModel *coverageModel() const { return m_coverage; }

private:
    void showAttribute(const QModelIndex &index);
    void updateHeader();

    Store *m_store;
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
};

} // namespace hireloop
