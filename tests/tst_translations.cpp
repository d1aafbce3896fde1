// Translations: a hireloop_<language>.qm made by lrelease from a translator's .ts file is
// found in the search folders and changes the words of the window for a user of that
// language; for a language with no file the window stays in English.

#include "datetimefield.h"
#include "translations.h"

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace hireloop;

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void languageFileChangesTheWindow();
    void searchStartsWithTheUsersFolder();

private:
    static QString calendarText()
    {
        const DateTimeField field(QDateTime(QDate(2026, 12, 8), QTime(14, 30)));
        return field.findChild<QToolButton *>(QStringLiteral("calendarButton"))->text();
    }
};

void TestTranslations::languageFileChangesTheWindow()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString ts = dir.filePath(QStringLiteral("hireloop_de.ts"));
    QFile file(ts);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>hireloop::DateTimeField</name>
    <message>
        <source>Calendar</source>
        <translation>Kalender</translation>
    </message>
</context>
</TS>
)");
    file.close();
    QProcess lrelease;
    lrelease.start(
        QStringLiteral(HIRELOOP_LRELEASE),
        {QStringLiteral("-silent"), ts, QStringLiteral("-qm"), dir.filePath(QStringLiteral("hireloop_de.qm"))});
    QVERIFY(lrelease.waitForFinished(60000));
    QCOMPARE(lrelease.exitCode(), 0);

    // No file for French: English stays.
    QTemporaryDir empty;
    QStringList loaded = Translations::install(qApp, QLocale(QLocale::French, QLocale::France),
                                               {empty.path(), dir.path()});
    QVERIFY2(!loaded.join(QLatin1Char(' ')).contains(QLatin1String("hireloop_")), qPrintable(loaded.join(' ')));
    QCOMPARE(calendarText(), QStringLiteral("Calendar"));

    // German, from the second folder searched: the window's word is the translator's.
    loaded = Translations::install(qApp, QLocale(QLocale::German, QLocale::Germany), {empty.path(), dir.path()});
    QVERIFY2(loaded.contains(dir.filePath(QStringLiteral("hireloop_de.qm"))), qPrintable(loaded.join(' ')));
    QCOMPARE(calendarText(), QStringLiteral("Kalender"));
}

void TestTranslations::searchStartsWithTheUsersFolder()
{
    qputenv("HIRELOOP_TRANSLATIONS", "/opt/lab/translations");
    const QStringList dirs = Translations::searchPaths();
    qunsetenv("HIRELOOP_TRANSLATIONS");
    QCOMPARE(dirs.first(), QStringLiteral("/opt/lab/translations"));
    // Then beside the installed app, and the build tree's folder.
    QVERIFY2(dirs.at(1).endsWith(QLatin1String("share/hireloop/translations")), qPrintable(dirs.at(1)));
    QVERIFY2(dirs.at(2).endsWith(QLatin1String("/translations")), qPrintable(dirs.at(2)));
    QCOMPARE(Translations::searchPaths().size(), dirs.size() - 1);
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
