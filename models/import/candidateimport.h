#pragma once

#include "import/csvreader.h"
#include "import/importresult.h"

#include <QStringList>

// Turns a CSV file of candidates into rows for Store::importCandidates: reads it
// (CsvReader), maps its columns to candidate fields (the common spellings, and those
// of applicant-tracking systems' exports and of our own exports, are recognised
// ignoring case, spaces and punctuation; the caller may change any column's field),
// and checks every row. One bad row makes the whole file bad: validate() then lists
// every problem by line and column, and nothing should be imported.

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

class CandidateImport
{
public:
    static constexpr qint64 MaxFileBytes = qint64(256) << 20;
    static constexpr int PreviewRows = 100;

    // Reading: decodes the file and reads its header and first rows (the rest is read
    // by validate(), in one pass). False with readError() on a file error, an encoding
    // problem (then needsEncoding(): read again with Windows1252 or Latin1), an empty
    // file or malformed CSV among those first rows.
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
    // bad: *errors then lists the problems by line (at most maxErrors, then one that
    // says how many more there are). *rowCount: the data rows read, blank ones left out.
    bool validate(const Role &role, QList<ImportedCandidate> *candidates, QList<ImportIssue> *errors,
                  int *rowCount = nullptr, int maxErrors = 1000) const;

private:
    bool failRead(const CsvError &error);
    ImportIssue issueOf(const CsvError &error) const;

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
};

}  // namespace hireloop
