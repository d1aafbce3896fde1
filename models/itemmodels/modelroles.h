#pragma once

#include <Qt>

// Item data roles shared by Hireloop's models, views and delegates.

namespace hireloop {

enum ModelRole {
    IdRole = Qt::UserRole + 1,  // the row's database id (qint64)
    SortRole,  // a value that sorts right: numbers as numbers
    GuidanceRole,  // an attribute's "what Strong yes looks like"
    SourceLineRole,  // the exact posting line an attribute came from
    CoverageRole,  // how many stages assess an attribute
    KindRole,  // what a tree row is (see RubricModel::RowKind)
};

}  // namespace hireloop
