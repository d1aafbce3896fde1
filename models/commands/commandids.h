#pragma once

// The ids of undo commands that merge with their successor (QUndoCommand::id()), in one
// enum so no two kinds share one. Commands that never merge keep the default -1.

namespace hireloop {

enum CommandId {
    EditAttributeCommandId = 1,
};

}  // namespace hireloop
