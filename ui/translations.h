#pragma once

#include <QLocale>
#include <QStringList>

class QCoreApplication;

// Puts the user's language on the window: Qt's own strings (standard buttons, dialogs)
// from Qt's translations folder, and Hireloop's from hireloop_<language>.qm in the
// first folder of searchPaths() that has one. A translator's .ts file in
// resources/translations is built into such a .qm and installed with the app; with no
// file for the language, the window stays in English.

namespace hireloop {

class Translations
{
public:
    // $HIRELOOP_TRANSLATIONS, then beside the installed app (share/hireloop/translations),
    // then the build tree's translations folder.
    static QStringList searchPaths();

    // Installs the translators for locale on app; returns the files loaded.
    static QStringList install(QCoreApplication *app, const QLocale &locale = QLocale(),
                               const QStringList &dirs = searchPaths());
};

}  // namespace hireloop
