#pragma once

#include <QString>

// Passwords in the desktop's keyring (the Secret Service of GNOME Keyring or KWallet,
// through QtKeychain), under the service name "Hireloop" and a key the caller chooses.
// QtKeychain's jobs answer asynchronously over D-Bus; each call here waits for its job
// in a local event loop (timers and painting go on, user input waits), at most
// TimeoutMs, so callers stay simple. Nothing is ever written anywhere else (no plain-text
// fallback): without a keyring every call fails and says why.

namespace hireloop {

class PasswordKeyring
{
public:
    static constexpr int TimeoutMs = 5000;

    // True when a keyring answers (an entry that is not there counts as an answer).
    static bool isAvailable(QString *error = nullptr);
    // The password stored under key; empty when there is none or no keyring answered.
    static QString read(const QString &key, QString *error = nullptr);
    static bool write(const QString &key, const QString &password, QString *error = nullptr);
    // True when no entry is left under key (also when there was none).
    static bool remove(const QString &key, QString *error = nullptr);

    static QString service() { return QStringLiteral("Hireloop"); }
};

}  // namespace hireloop
