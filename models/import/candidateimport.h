#pragma once

#include "import/csvreader.h"
#include "import/importresult.h"

#include <QHash>
#include <QStringList>

// Turns a CSV file of candidates into rows for Store::importCandidates: reads it
// (CsvReader), maps its columns to candidate fields (the common spellings, and those
// of applicant-tracking systems' exports and of our own exports, are recognised
// ignoring case, spaces and punctuation; the caller may change any column's field),
// and checks every row. One bad row makes the whole file bad: validate() then lists
// every problem by line and column, and nothing should be imported. The values of the
// Stage and Status columns are other systems' words as often as ours: each distinct one
// is mapped to a stage of the role or to a status (a proposal the caller may change),
// instead of failing its rows.

namespace hireloop {

enum class ImportField {
    Ignore,
    Name,
    FirstName,
    LastName,
    Email,  // several columns, and several addresses in one cell, are allowed
    Phone,
    Location,
    City,  // City and Country make a location "City, Country" when there is none
    Country,
    Source,
    LinkedIn,
    GitHub,
    Scholar,
    Orcid,
    Arxiv,
    Website,
    Link,  // any profile link(s); the kind comes from the address
    Stage,  // a stage of the role, by name; empty: the first stage
    Status,  // active | rejected | withdrawn | hired; empty: active
    Notes,
};

// A problem with the file or one of its rows.
struct ImportIssue
{
    int line = 0;  // in the file, 1-based; 0 when it is about no line
    int character = 0;  // the column in characters where the field starts; 0 when unknown
    QString column;  // the file's column (its header), empty when it is about no column
    QString message;
};

// One distinct value of a column mapped to Stage or Status, and where its rows go.
struct ImportValue
{
    int column = -1;  // the file's column
    ImportField field = ImportField::Ignore;  // Stage or Status
    QString value;  // as the file first writes it (values differing in case or spacing are one)
    int rows = 0;  // rows that take it from this column
    bool ours = false;  // it names one of our stages or statuses
    bool chosen = false;  // the caller set the mapping; otherwise it is the proposal
    Id stageId = 0;  // Stage: the role's stage these rows start at
    ApplicationStatus status = ApplicationStatus::Active;  // Status
    QString target;  // the stage's name, or the status's name (active, rejected, ...)
};

class CandidateImport
{
public:
    static constexpr qint64 MaxFileBytes = qint64(256) << 20;
    static constexpr int PreviewRows = 100;
    // validate() lists this many problems, then one line saying how many more the file has.
    static constexpr int MaxIssues = 200;

    // Reading: decodes the file and reads its header and first rows (the rest is read
    // by validate(), in one pass). False with readError() on a file error, an encoding
    // problem (then needsEncoding(): read again with Windows1252 or Latin1), an empty
    // file or a malformed header; a malformed record among the first rows is left out of
    // the preview, and validate() reports it.
    bool readFile(const QString &path, TextFile::Encoding eightBit = TextFile::Encoding::Unknown);
    bool read(const QByteArray &bytes, TextFile::Encoding eightBit = TextFile::Encoding::Unknown);
    ImportIssue readError() const { return m_readError; }
    bool needsEncoding() const { return m_needsEncoding; }
    // When needsEncoding(): the line with the first non-UTF-8 byte, read as Windows-1252.
    QString eightBitSample() const { return m_sample; }
    TextFile::Encoding encoding() const { return m_encoding; }

    int headerLine() const { return m_headerLine; }
    QStringList columns() const { return m_columns; }  // the header, as in the file
    QString columnLabel(int column) const;  // the header, or "column N" when it is empty
    // The first PreviewRows data rows (blank ones left out), for showing the mapping.
    const QList<CsvRow> &previewRows() const { return m_preview; }

    // The mapping: guessed from the header by read(), changed by the caller.
    ImportField field(int column) const { return m_fields.value(column, ImportField::Ignore); }
    QList<ImportField> mapping() const { return m_fields; }
    void setField(int column, ImportField field);
    // For --map COLUMN=FIELD: every column whose header is COLUMN (as written, else
    // ignoring case, spaces and punctuation), else the COLUMN-th column (1-based).
    bool mapColumn(const QString &column, ImportField field, QString *error);
    QStringList ignoredColumns() const;  // the labels of the columns mapped to nothing

    static ImportField guessField(const QString &header);
    static QList<ImportField> allFields();
    static QString fieldName(ImportField field);  // "first_name": for --map and JSON
    static bool fieldFromName(const QString &name, ImportField *field);
    static QString fieldLabel(ImportField field);  // "First name": for people

    // Candidates for role from every row. False when the file, the mapping or any row is
    // bad: *errors then lists every problem by line, syntax (a broken quote, a stray
    // quote, a row of the wrong shape) and values alike, each broken record skipped
    // without hiding the rows after it: at most maxErrors, then one without a line,
    // "N more problems not listed", N counted to the end of the file. A row with more or
    // fewer fields than the header has columns is bad (fewer is allowed only where the
    // missing columns have no header). *rowCount: the data rows read, blank ones left
    // out. *values: the Stage and Status values met, as mapped.
    bool validate(const Role &role, QList<ImportedCandidate> *candidates, QList<ImportIssue> *errors,
                  int *rowCount = nullptr, int maxErrors = MaxIssues, QList<ImportValue> *values = nullptr) const;

    // The value mapping. values() reads every row once, as validate() does, and lists each
    // distinct value of the Stage and Status columns in the order met, with its row count
    // and where it goes: the caller's choice, else the proposal (see proposedStage and
    // proposedStatus).
    QList<ImportValue> values(const Role &role) const;
    void setValueMapping(int column, const QString &value, Id stageId);
    void setValueMapping(int column, const QString &value, ApplicationStatus status);
    void clearValueMappings();
    // For --map-value COLUMN:VALUE=OURS: COLUMN as mapColumn() finds it, a column mapped to
    // stage or status; OURS a stage of role by name (or id) or a status by name.
    bool mapValue(const QString &column, const QString &value, const QString &ours, const Role &role, QString *error);
    // Whether COLUMN (as mapValue() finds it) is a column of stages or statuses.
    bool hasValueColumn(const QString &column, QString *error) const;
    // A stage named so (case, spaces and punctuation aside) keeps itself; else the stage
    // sharing the most telling words with it ("Phone screen" -> "Recruiter screen"; not
    // "interview", "first", ...); else the first stage.
    static Id proposedStage(const Role &role, const QString &value, bool *ours = nullptr);
    // Ours keep themselves; other systems' words for hired, withdrawn and rejected go there
    // ("Offer accepted", "Withdrew", "Disqualified", ...); anything else is active.
    static ApplicationStatus proposedStatus(const QString &value, bool *ours = nullptr);

private:
    bool failRead(const CsvError &error);
    ImportIssue issueOf(const CsvError &error) const;
    QList<int> columnsNamed(const QString &column) const;
    QList<int> valueColumns(const QString &column, QString *error) const;  // of stages or statuses
    // A value of a Stage or Status column and where it goes: the caller's choice, else the proposal.
    ImportValue valueFor(const Role &role, int column, ImportField field, const QString &text) const;

    ImportIssue m_readError;
    bool m_needsEncoding = false;
    QString m_sample;
    TextFile::Encoding m_encoding = TextFile::Encoding::Unknown;
    int m_headerLine = 0;
    QString m_text;  // the whole file, decoded
    QChar m_delimiter;
    QStringList m_columns;
    QList<CsvRow> m_preview;
    QList<ImportField> m_fields;
    QHash<QString, Id> m_stageChoices;  // by valueKey(column, value)
    QHash<QString, ApplicationStatus> m_statusChoices;
};

}  // namespace hireloop
