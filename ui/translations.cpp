#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

namespace hireloop {

QStringList Translations::searchPaths()
{
    QStringList dirs;
    if (const QString own = qEnvironmentVariable("HIRELOOP_TRANSLATIONS"); !own.isEmpty())
        dirs << own;
    const QDir bin(QCoreApplication::applicationDirPath());
    dirs << bin.filePath(QStringLiteral("../share/hireloop/translations"))
         << bin.filePath(QStringLiteral("../translations"));
    return dirs;
}

QStringList Translations::install(QCoreApplication *app, const QLocale &locale, const QStringList &dirs)
{
    QStringList loaded;
    // Owned by the application, so they live as long as the strings they translate.
    auto load = [&](const QString &name, const QString &dir) {
        auto *translator = new QTranslator(app);
        if (translator->load(locale, name, QStringLiteral("_"), dir)
            && QCoreApplication::installTranslator(translator)) {
            loaded << translator->filePath();
            return true;
        }
        delete translator;
        return false;
    };
    load(QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    for (const QString &dir : dirs)
        if (load(QStringLiteral("hireloop"), dir))
            break;
    return loaded;
}

}  // namespace hireloop
