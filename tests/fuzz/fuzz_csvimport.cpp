// libFuzzer entry point: a CSV import into a real database (see fuzzinputs.h). The
// database lives for the whole run; every input's candidates are removed after it.

#include "fuzzinputs.h"

#include <QCoreApplication>

namespace {

hireloop::fuzz::CsvImport *s_import = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    static hireloop::fuzz::CsvImport import;
    s_import = &import;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    s_import->run(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    return 0;
}
