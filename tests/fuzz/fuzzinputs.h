#pragma once

#include <QByteArray>
#include <memory>

// What each fuzz target does with one input, shared by the libFuzzer entry points
// (fuzz_<target>.cpp, built with HIRELOOP_FUZZ=ON and clang) and by tst_fuzzregressions,
// which runs every seed and every input that once crashed through the same code in the
// normal suite. Each function returns normally for any bytes; a broken invariant
// aborts (libFuzzer reports it as a crash).

namespace hireloop {

class Store;

namespace fuzz {

// The posting parser and the rubric built from what it found.
void postingParser(const QByteArray &bytes);

// The CSV reader on raw bytes (strict UTF-8, then read as Windows-1252 when it asks
// for an encoding) and on decoded text with each delimiter.
void csvReader(const QByteArray &bytes);

// A candidate import of the bytes as a CSV file into a real database: reading,
// mapping, validation and Store::importCandidates; then the imported candidates are
// removed again so that every input starts from the same database.
class CsvImport
{
public:
    CsvImport();  // a fresh database in a temporary folder (tmpfs when there is one)
    ~CsvImport();
    void run(const QByteArray &bytes);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

}  // namespace fuzz
}  // namespace hireloop
