#pragma once

#include "storage/database.h"
#include "storage/serverlocation.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QSpinBox;

// File › Connect to Team Server…: where a team database is — host (a name, an address
// or a socket folder), port, database, login and libpq's sslmode — and the URI that
// makes, shown as it is typed. It never asks for a password: libpq finds one in
// ~/.pgpass, or the desktop keyring has one the user chose to remember there, or the
// window asks when the server refuses (askForPassword) and keeps it in memory. Also the
// few words the window uses to name a team database.

namespace hireloop {

class Store;

class ConnectDialog : public QDialog
{
    Q_OBJECT

public:
    static constexpr int DefaultPort = 5432;

    explicit ConnectDialog(QWidget *parent = nullptr);

    // Fills the fields from location (a recent connection, the open database, what was
    // typed before); parameters other than sslmode are not kept.
    void setLocation(const ServerLocation &location);
    // What the fields say; port and sslmode left out when they are libpq's defaults.
    ServerLocation location() const;
    QString uri() const { return location().toDisplayUri(); }

    // The operating system's user name: libpq's login when none is given.
    static QString systemUser();
    // Who location logs in as: its user, else libpq's default (PGUSER, else systemUser()).
    static QString login(const ServerLocation &location);
    // "hiring on db.lab.example (ana)": the window's title and status bar on a team database.
    static QString describe(const ServerLocation &location);

    // True when errorString (Database's or Store's, after a refused open) says the server
    // wants a password: none was given, or it refused the one given.
    static bool asksForPassword(const QString &errorString);
    // Where the desktop keyring keeps location's password: "login@host:port/database",
    // with libpq's defaults filled in, so that sslmode and the like do not matter.
    static QString keyringKey(const ServerLocation &location);

    // Asks for the password of location's login, saying why (errorString); a password
    // given is remembered for this process (Database::rememberPassword) and true returned.
    // False when cancelled or left empty. With remember, the prompt offers "Remember in
    // the desktop keyring" (disabled, saying why, when no keyring answers) and *remember
    // says whether it was ticked; writing it there is the caller's, once the server has
    // accepted it.
    static bool askForPassword(QWidget *parent, const ServerLocation &location, const QString &errorString,
                               bool *remember = nullptr);
    // store->open(path, options); when path is a team server that wants a password, tries
    // the one the desktop keyring has for it (a refused one is removed from there), then
    // asks for it (askForPassword) and tries once more with the password typed (not one
    // the URI carried); a refused one is forgotten, an accepted one written to the keyring
    // when the user ticked the box. False with store->errorString() saying why;
    // *cancelled is set when the prompt was cancelled.
    static bool openAskingForPassword(Store *store, const QString &path, const DatabaseOptions &options,
                                      QWidget *parent, bool *cancelled = nullptr);
    // store->open(path, options) for a team server without blocking this thread: the
    // database opens on a thread of its own (StoreOpener) while this thread's event loop
    // runs. After ConnectingBoxDelayMs a modal "Connecting to …" box offers Cancel, which
    // sets *cancelled and leaves the store on what it had.
    static bool openWithoutWaiting(Store *store, const QString &path, const DatabaseOptions &options, QWidget *parent,
                                   bool *cancelled);
    static constexpr int ConnectingBoxDelayMs = 400;

private:
    void updatePreview();
    void takeUri(const QString &text);

    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_database;
    QLineEdit *m_user;
    QComboBox *m_sslMode;
    QLineEdit *m_preview;
    QDialogButtonBox *m_buttons;
};

}  // namespace hireloop
