#pragma once

#include "domain/domain.h"

// What a candidate import hands to the store, and what the store reports back:
// CandidateImport makes the rows from a CSV file, Store::importCandidates writes them.

namespace hireloop {

// One candidate to add, from one line of a file.
struct ImportedCandidate
{
    int line = 0;  // where the row starts in the file, for reports
    Candidate candidate;  // name, emails, phone, location, source, notes, links
    Id stageId = 0;  // 0: the role's first stage
    ApplicationStatus status = ApplicationStatus::Active;
};

// A row that was not imported because the person is already there.
struct ImportDuplicate
{
    int line = 0;
    QString key;  // "email" | "link"
    QString value;  // the normalized email or link both share
    Id existingId = 0;  // the candidate in the database; 0 when an earlier row of the file
    QString existingName;
    int existingLine = 0;  // the earlier row of the file, when existingId is 0
};

struct ImportResult
{
    bool dryRun = false;
    int rows = 0;  // rows given
    int imported = 0;  // added (or, in a dry run, that would be)
    QList<ImportDuplicate> duplicates;
    // The rows added got the candidate ids firstCandidateId, firstCandidateId + 1, ... and
    // the application ids from firstApplicationId, in the order of the rows (0 in a dry
    // run or when none was added): what an undo of the import removes, a redo takes again.
    Id firstCandidateId = 0;
    Id firstApplicationId = 0;
};

}  // namespace hireloop

// Lists of a hundred thousand rows grow by moving bytes, not element by element.
Q_DECLARE_TYPEINFO(hireloop::ImportedCandidate, Q_RELOCATABLE_TYPE);
