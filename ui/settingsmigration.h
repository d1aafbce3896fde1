#pragma once

#include <QString>

// Moves the settings, once, from where they lived before the application named its
// organisation (QSettings' "Unknown Organization" folder) to the organisation's folder.
// The old file is only ever read: when the copy fails, nothing is lost and the next start
// tries again.

namespace hireloop {

class SettingsMigration
{
public:
    enum class Result {
        NothingToMove,  // no old file, or an empty one
        AlreadyThere,  // the new location already has settings (moved before, or new ones)
        Moved,
        Failed,  // the old file is untouched; error says why
    };

    // The settings file of this application without an organisation, and with the one
    // now set: QSettings' own paths for the application name.
    static QString oldFile();
    static QString newFile();

    // Copies every key of oldFile() to newFile() when newFile() has none, and records
    // where they came from under MarkerKey.
    static Result run(QString *error = nullptr);
    static Result run(const QString &oldFile, const QString &newFile, QString *error = nullptr);

    static const QString MarkerKey;
};

}  // namespace hireloop
