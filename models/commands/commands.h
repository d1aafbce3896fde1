#pragma once

#include "domain/domain.h"

#include <QUndoCommand>
#include <functional>

// Undo commands: one small class per kind of edit. redo() and undo() call the store,
// which writes and signals; the models follow the signals, never the commands.

namespace hireloop {

class Store;

enum CommandId {
    EditAttributeCommandId = 1,
};

// An edit given as two store calls: how to do it and how to take it back. Plan and
// ordering edits (stage focus, stage order, attribute order) are all of this shape.
class StoreCallCommand : public QUndoCommand
{
public:
    StoreCallCommand(const QString &text, std::function<bool()> redo, std::function<bool()> undo,
                     QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::function<bool()> m_redo;
    std::function<bool()> m_undo;
};

// The plan and ordering edits, built on StoreCallCommand.
namespace PlanCommands {
QUndoCommand *setFocus(Store *store, Id stageId, Id attributeId, bool on, const QString &text);
QUndoCommand *addStage(Store *store, Id roleId, const QString &name, int position);
QUndoCommand *renameStage(Store *store, Id stageId, const QString &before, const QString &after);
QUndoCommand *moveStage(Store *store, Id stageId, int from, int to);
QUndoCommand *removeStage(Store *store, Id roleId, const Stage &stage);
QUndoCommand *moveAttribute(Store *store, const Attribute &attribute, Id toCategoryId, int toPosition);
} // namespace PlanCommands

// Adds a candidate with an application to a role. Undo removes them; redo puts them
// back under the same ids, so later commands on the stack still find them.
class AddCandidateCommand : public QUndoCommand
{
public:
    AddCandidateCommand(Store *store, const Candidate &candidate, Id roleId, Id stageId = 0,
                        QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    Id candidateId() const { return m_candidate.id; }
    Id applicationId() const { return m_applicationId; }

private:
    Store *m_store;
    Candidate m_candidate;
    Id m_roleId;
    Id m_stageId;
    Id m_applicationId = 0;
};

class EditCandidateCommand : public QUndoCommand
{
public:
    EditCandidateCommand(Store *store, const Candidate &before, const Candidate &after,
                         QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Store *m_store;
    Candidate m_before;
    Candidate m_after;
};

// Moves an application to a stage and status (advance, reject, withdraw, hire). Undo
// is a move back: the stage history is append-only, so it records both.
class MoveApplicationCommand : public QUndoCommand
{
public:
    MoveApplicationCommand(Store *store, const Application &before, Id toStageId, ApplicationStatus toStatus,
                           const QString &reason, const QString &text, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Store *m_store;
    Application m_before;
    Id m_toStageId;
    ApplicationStatus m_toStatus;
    QString m_reason;
};

// Changes an attribute's name, guidance, weight or must-have flag.
class EditAttributeCommand : public QUndoCommand
{
public:
    EditAttributeCommand(Store *store, const Attribute &before, const Attribute &after,
                         QUndoCommand *parent = nullptr);

    void redo() override;
    void undo() override;
    int id() const override { return EditAttributeCommandId; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    Store *m_store;
    Attribute m_before;
    Attribute m_after;
};

} // namespace hireloop
