#include "passwordkeyring.h"

#include <QEventLoop>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace hireloop {

namespace {

// Starts job (which deletes itself once it has finished) and waits for it at most
// TimeoutMs, with *code and *message its outcome (or the time-out). A job that
// has not finished by then is left to finish on its own: deleting it while D-Bus may
// still answer it is not safe, and the connections below go with the loop.
void run(QKeychain::Job *job, QKeychain::Error *code, QString *message, QString *text = nullptr)
{
    bool finished = false;
    QEventLoop loop;
    QObject::connect(job, &QKeychain::Job::finished, &loop, [&](QKeychain::Job *done) {
        finished = true;
        *code = done->error();
        *message = done->errorString();
        if (auto *read = qobject_cast<QKeychain::ReadPasswordJob *>(done); read && text)
            *text = read->textData();
        loop.quit();
    });
    QTimer::singleShot(PasswordKeyring::TimeoutMs, &loop, &QEventLoop::quit);
    job->start();
    if (!finished)  // a quit() before exec() would be lost
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (!finished) {
        *code = QKeychain::OtherError;
        *message = QObject::tr("the desktop keyring did not answer within %1 s").arg(PasswordKeyring::TimeoutMs / 1000);
    }
}

void setError(QString *error, QKeychain::Error code, const QString &message)
{
    if (!error)
        return;
    if (code == QKeychain::NoError || code == QKeychain::EntryNotFound)
        error->clear();
    else if (code == QKeychain::NoBackendAvailable && message.isEmpty())
        *error = QObject::tr("no desktop keyring is available");
    else
        *error = message.isEmpty() ? QObject::tr("the desktop keyring refused (error %1)").arg(int(code)) : message;
}

}  // namespace

bool PasswordKeyring::isAvailable(QString *error)
{
    // Looking up an entry that is not there asks the keyring without unlocking anything.
    QString why;
    read(QStringLiteral("hireloop-keyring-probe"), &why);
    if (error)
        *error = why;
    return why.isEmpty();
}

QString PasswordKeyring::read(const QString &key, QString *error)
{
    auto *job = new QKeychain::ReadPasswordJob(service());
    job->setKey(key);
    QKeychain::Error code = QKeychain::NoError;
    QString message, text;
    run(job, &code, &message, &text);
    setError(error, code, message);
    return code == QKeychain::NoError ? text : QString();
}

bool PasswordKeyring::write(const QString &key, const QString &password, QString *error)
{
    auto *job = new QKeychain::WritePasswordJob(service());
    job->setKey(key);
    job->setTextData(password);
    QKeychain::Error code = QKeychain::NoError;
    QString message;
    run(job, &code, &message);
    setError(error, code, message);
    return code == QKeychain::NoError;
}

bool PasswordKeyring::remove(const QString &key, QString *error)
{
    auto *job = new QKeychain::DeletePasswordJob(service());
    job->setKey(key);
    QKeychain::Error code = QKeychain::NoError;
    QString message;
    run(job, &code, &message);
    setError(error, code, message);
    return code == QKeychain::NoError || code == QKeychain::EntryNotFound;
}

}  // namespace hireloop
