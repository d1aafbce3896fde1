// libFuzzer entry point: the CSV reader (see fuzzinputs.h).

#include "fuzzinputs.h"

#include <QCoreApplication>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hireloop::fuzz::csvReader(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    return 0;
}
