#include "badfiles.h"

#include "storage/database.h"
#include "store/store.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QtEndian>
#include <QtTest>

namespace hireloop::test {

QByteArray realDatabase(const QString &dir)
{
    const QString file = QDir(dir).filePath(QStringLiteral("real.sqlite"));
    {
        Store store;
        store.setClock([] { return qint64(1749600000); });
        if (!store.open(file) || !store.ensureDefaultData() || !store.addDemoData(store.roles().first().id, 15, 11)
            || !store.database().exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")))
            return {};
    }
    const QByteArray bytes = readAll(file);
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(file + QLatin1String(suffix));
    return bytes;
}

QByteArray otherSqliteFile(const QString &dir, const QString &name, const QStringList &statements)
{
    const QString file = QDir(dir).filePath(name);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(file);
        db.open();
        for (const QString &s : statements)
            QSqlQuery(db).exec(s);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    const QByteArray bytes = readAll(file);
    QFile::remove(file);
    return bytes;
}

QByteArray scribblePages(QByteArray database)
{
    for (int i = 4096 + 8; i < qMin(int(database.size()), 3 * 4096); ++i)
        database[i] = char(0xA5);
    return database;
}

QList<BadFile> badDatabaseFiles(const QString &dir, const QByteArray &real)
{
    const QString notSqlite = QStringLiteral("not an SQLite database");
    const QString other = QStringLiteral("another application");
    const QString newer = QStringLiteral("newer Hireloop");
    const QString damaged = QStringLiteral("damaged");

    QByteArray noise(16384, '\0');
    QRandomGenerator rng(7);
    for (char &c : noise)
        c = char(rng.bounded(256));
    QByteArray newerHireloop = real;
    qToBigEndian<qint32>(Database::latestVersion() + 1, newerHireloop.data() + 60);  // the header's user_version

    return {
        {QStringLiteral("text"), QByteArray("name,email\r\nAda Lovelace,ada@example.org\r\n"), notSqlite},
        {QStringLiteral("random bytes"), noise, notSqlite},
        {QStringLiteral("another application's SQLite"),
         otherSqliteFile(dir, QStringLiteral("bookmarks"),
                         {QStringLiteral("CREATE TABLE bookmarks (url TEXT, title TEXT)"),
                          QStringLiteral("INSERT INTO bookmarks VALUES ('https://example.org', 'Example')")}),
         other},
        {QStringLiteral("another application's SQLite with its id"),
         otherSqliteFile(dir, QStringLiteral("notes"),
                         {QStringLiteral("PRAGMA application_id = 1936614772"),
                          QStringLiteral("PRAGMA user_version = 3"), QStringLiteral("CREATE TABLE notes (x)")}),
         other},
        {QStringLiteral("another application id without a version"),
         otherSqliteFile(dir, QStringLiteral("other-id"),
                         {QStringLiteral("PRAGMA application_id = 1234"), QStringLiteral("CREATE TABLE notes (x)")}),
         other},
        {QStringLiteral("another application's user_version"),
         otherSqliteFile(dir, QStringLiteral("other-version"),
                         {QStringLiteral("PRAGMA user_version = 7"), QStringLiteral("CREATE TABLE t (x)")}),
         other},
        {QStringLiteral("newer schema"), newerHireloop, newer},
        {QStringLiteral("newer schema, new file"),
         otherSqliteFile(dir, QStringLiteral("newer"),
                         {QStringLiteral("PRAGMA application_id = %1").arg(Database::ApplicationId),
                          QStringLiteral("PRAGMA user_version = %1").arg(Database::latestVersion() + 1),
                          QStringLiteral("CREATE TABLE future (x)")}),
         newer},
        {QStringLiteral("truncated to half"), real.left(real.size() / 2), damaged},
        {QStringLiteral("truncated to its header"), real.left(100), damaged},
        {QStringLiteral("truncated inside its header"), real.left(40), damaged},
        {QStringLiteral("damaged pages"), scribblePages(real), damaged},
    };
}

void addBadFileRows(const QString &dir, const QByteArray &real)
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    QVERIFY2(real.size() > 4 * 4096, "a real database to damage");
    for (const BadFile &f : badDatabaseFiles(dir, real))
        QTest::newRow(qPrintable(f.tag)) << f.bytes << f.reason;
}

}  // namespace hireloop::test
