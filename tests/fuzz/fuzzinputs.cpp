#include "fuzzinputs.h"

#include "import/candidateimport.h"
#include "import/csvreader.h"
#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "store/store.h"

#include <QDir>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

namespace hireloop::fuzz {

namespace {

// A broken invariant: say which, then abort so the fuzzer keeps the input.
[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::fflush(stderr);
    std::abort();
}

void check(bool ok, const char *what)
{
    if (!ok)
        broken(what);
}

// Every record: fields in order, positions inside the input, 1-based.
void readAll(CsvReader &reader, qsizetype textSize)
{
    CsvRow row;
    int lastLine = 0;
    int records = 0;
    while (reader.next(&row)) {
        check(row.line >= lastLine && row.line >= 1, "record lines go forward");
        lastLine = row.line;
        for (const CsvField &f : std::as_const(row.fields)) {
            check(f.line >= row.line && f.column >= 1, "a field's position is inside its record");
            check(f.text.size() <= textSize, "a field is not longer than the input");
        }
        if (++records > 1000000)
            break;
    }
    if (reader.hasError()) {
        const CsvError e = reader.error();
        check(!e.message.isEmpty() && e.line >= 0 && e.column >= 0, "an error has a message and a position");
    }
}

}  // namespace

void postingParser(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    const ParsedPosting posting = PostingParser::parse(text);
    int items = 0;
    for (const PostingSection &s : posting.sections) {
        PostingParser::classifyHeading(s.name);
        for (const QString &item : s.items) {
            check(!item.isEmpty(), "no empty items");
            check(item == item.trimmed(), "items are trimmed");
            ++items;
        }
    }
    check(items
              == posting.itemCount(SectionKind::Rateable) + posting.itemCount(SectionKind::Screening)
                  + posting.itemCount(SectionKind::Info),
          "item counts add up");
    const Role role = RubricBuilder::fromPosting(posting, text);
    check(role.attributes().size() <= posting.itemCount(SectionKind::Rateable), "attributes come from rateable items");
}

void csvReader(const QByteArray &bytes)
{
    {
        CsvReader reader(bytes);
        readAll(reader, bytes.size());
        if (reader.needsEncoding()) {
            CsvReader again(bytes, TextFile::Encoding::Windows1252);
            readAll(again, bytes.size());
            check(!again.needsEncoding(), "an 8-bit encoding reads any bytes");
        }
    }
    const QString text = QString::fromUtf8(bytes);
    for (QChar delimiter : {QChar(), QChar(QLatin1Char(',')), QChar(QLatin1Char(';')), QChar(QLatin1Char('\t'))}) {
        CsvReader reader(text, delimiter);
        readAll(reader, text.size());
    }
}

struct CsvImport::Private
{
    std::unique_ptr<QTemporaryDir> dir;
    Store store;
    Role role;
};

CsvImport::CsvImport()
    : d(std::make_unique<Private>())
{
    // Under /dev/shm when there is one: a commit per input costs no disk.
    if (QDir(QStringLiteral("/dev/shm")).exists())
        d->dir = std::make_unique<QTemporaryDir>(QStringLiteral("/dev/shm/hireloop-fuzz-XXXXXX"));
    if (!d->dir || !d->dir->isValid())
        d->dir = std::make_unique<QTemporaryDir>();
    check(d->dir->isValid(), "a temporary folder");
    check(d->store.open(d->dir->filePath(QStringLiteral("fuzz.sqlite"))) && d->store.ensureDefaultData(),
          "the database opens");
    check(d->store.role(d->store.roles().value(0).id, &d->role), "the default role");
}

CsvImport::~CsvImport() = default;

void CsvImport::run(const QByteArray &bytes)
{
    CandidateImport import;
    if (!import.read(bytes)) {
        if (!import.needsEncoding() || !import.read(bytes, TextFile::Encoding::Windows1252))
            return;
    }
    QList<ImportedCandidate> rows;
    QList<ImportIssue> issues;
    int rowCount = 0;
    if (!import.validate(d->role, &rows, &issues, &rowCount)) {
        check(!issues.isEmpty(), "a refused file says why");
        return;
    }
    check(rows.size() <= rowCount, "no more candidates than rows");
    ImportResult result;
    if (!d->store.importCandidates(d->role.id, rows, {}, &result, false))
        return;  // refused with a message (a constraint, say): nothing kept
    check(result.imported + result.duplicates.size() == rows.size(), "every row imported or a duplicate");
    // Back to the same database for the next input.
    check(d->store.database().exec(QStringLiteral("DELETE FROM candidate")), "the candidates can be removed");
}

}  // namespace hireloop::fuzz
