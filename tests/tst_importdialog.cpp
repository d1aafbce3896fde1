// The import dialog offscreen, as a coordinator uses it: a file's preview under the
// guessed fields, a column's field changed, problems that keep Import off, an 8-bit
// file read only after asking, the import (and its cancelling) reaching the candidate
// list; and how the main window offers it (File menu, context menu, a dropped file).

#include "commands/undohistory.h"
#include "itemmodels/candidatemodel.h"
#include "candidatespane.h"
#include "importdialog.h"
#include "mainwindow.h"
#include "store/store.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUrl>
#include <QtTest>

#include "guitestsupport.h"
#include "panelfixture.h"

using namespace hireloop;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;

class TestImportDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void previewShowsRowsUnderGuessedFields();
    void changingAColumnsFieldRechecks();
    void problemsKeepImportOff();
    void eightBitFileIsReadAfterAsking();
    void importAddsRowsToTheCandidateModel();
    void cancellingKeepsNothing();
    void valueMappingChosenInTheTableIsImported();
    void wideFilesScrollSideways();
    void everyProblemOfABrokenFileIsListed();
    void previewShowsEveryColumnOfAWideFile();
    void undoInTheMainWindowTakesTheImportBack();
    void mainWindowOffersIt();

private:
    QString writeFile(const QString &name, const QByteArray &bytes);
    // Opens path in the dialog and waits for the check of every row.
    bool openAndCheck(ImportDialog *dialog, const QString &path);
    QStringList issues(ImportDialog *dialog);

    PanelFixture m_fx;
};

void TestImportDialog::init()
{
    QVERIFY(m_fx.open());
}

void TestImportDialog::cleanup()
{
    m_fx.close();
}

QString TestImportDialog::writeFile(const QString &name, const QByteArray &bytes)
{
    const QString path = m_fx.filePath(name);
    test::writeAll(path, bytes);
    return path;
}

bool TestImportDialog::openAndCheck(ImportDialog *dialog, const QString &path)
{
    QSignalSpy checked(dialog, &ImportDialog::checkFinished);
    dialog->openFile(path);
    return checked.wait(20000) && !dialog->isBusy();
}

QStringList TestImportDialog::issues(ImportDialog *dialog)
{
    QStringList list;
    for (int i = 0; i < dialog->issueList()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = dialog->issueList()->topLevelItem(i);
        list << QStringLiteral("%1|%2|%3").arg(item->text(0), item->text(1), item->text(2));
    }
    return list;
}

void TestImportDialog::previewShowsRowsUnderGuessedFields()
{
    const QString file = writeFile("greenhouse.csv",
                                   "First Name,Last Name,Email,Current Stage,Salary\r\n"
                                   "Ada,Lovelace,ada@x.org,Recruiter screen,1\r\n"
                                   "Grace,Hopper,grace@x.org,,2\r\n"
                                   "Alan,Turing,alan@x.org,,3\r\n");
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QTableWidget *preview = dialog.previewTable();
    QCOMPARE(preview->columnCount(), 5);
    QCOMPARE(preview->rowCount(), 4);  // the fields, then three rows
    QCOMPARE(preview->horizontalHeaderItem(2)->text(), QStringLiteral("Email"));
    QCOMPARE(preview->verticalHeaderItem(1)->text(), QStringLiteral("2"));  // the line in the file
    QCOMPARE(preview->item(1, 0)->text(), QStringLiteral("Ada"));
    QCOMPARE(preview->item(3, 1)->text(), QStringLiteral("Turing"));
    QCOMPARE(ImportField(dialog.fieldChooser(0)->currentData().toInt()), ImportField::FirstName);
    QCOMPARE(ImportField(dialog.fieldChooser(3)->currentData().toInt()), ImportField::Stage);
    QCOMPARE(ImportField(dialog.fieldChooser(4)->currentData().toInt()), ImportField::Ignore);
    QVERIFY(dialog.importButton()->isEnabled());
    QCOMPARE(dialog.importButton()->text().remove(QLatin1Char('&')), QStringLiteral("Import 3 Candidates"));
    QVERIFY(dialog.findChild<QLabel *>("importFileInfo")->text().contains("not imported: Salary"));
}

void TestImportDialog::changingAColumnsFieldRechecks()
{
    // No column says "name": nothing can be imported until one is chosen.
    const QString file = writeFile("nick.csv",
                                   "Nickname,Email,Stage\nAda,ada@x.org,Offer\nBob,bob@x.org,Interview 7\n");
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QVERIFY(!dialog.importButton()->isEnabled());
    QVERIFY2(issues(&dialog).first().contains("no column gives the candidates' names"),
             qPrintable(issues(&dialog).join('\n')));

    QSignalSpy checked(&dialog, &ImportDialog::checkFinished);
    QComboBox *nickname = dialog.fieldChooser(0);
    nickname->setCurrentIndex(nickname->findData(int(ImportField::Name)));
    QVERIFY(checked.wait(20000));
    // A stage that is not ours is no problem: it is in the value table, with where it goes.
    QVERIFY(issues(&dialog).isEmpty());
    QVERIFY(dialog.importButton()->isEnabled());
    QCOMPARE(dialog.valueTable()->rowCount(), 2);
    QCOMPARE(dialog.valueTable()->item(1, 1)->text(), QStringLiteral("Interview 7"));
    QCOMPARE(dialog.valueChooser(1)->currentText(), m_fx.role.stages.first().name);
    QVERIFY(dialog.valueTable()->isVisibleTo(&dialog));
    // Ignoring the column leaves no values to map.
    QComboBox *stage = dialog.fieldChooser(2);
    stage->setCurrentIndex(stage->findData(int(ImportField::Ignore)));
    QVERIFY(checked.wait(20000));
    QVERIFY(issues(&dialog).isEmpty());
    QCOMPARE(dialog.valueTable()->rowCount(), 0);
    QVERIFY(!dialog.valueTable()->isVisibleTo(&dialog));
    QVERIFY(dialog.importButton()->isEnabled());
}

void TestImportDialog::problemsKeepImportOff()
{
    Candidate existing;
    existing.name = QStringLiteral("Grace Hopper");
    existing.emails = {QStringLiteral("grace@x.org")};
    QVERIFY(m_fx->addCandidate(existing, m_fx.role.id));
    const QString file = writeFile("bad.csv", "Name,Email\nAda,ada@x.org\nBob,bob-at-x.org\nGrace H.,GRACE@x.org\n");
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QVERIFY(!dialog.importButton()->isEnabled());
    const QStringList list = issues(&dialog);
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0), QStringLiteral("3|Email|\"bob-at-x.org\" is not a valid email address"));
    QVERIFY2(list.at(1).startsWith("4||Already there: Grace Hopper"), qPrintable(list.at(1)));
    // The bad cell is marked in the preview, with the reason.
    QCOMPARE(dialog.previewTable()->item(2, 1)->toolTip(),
             QStringLiteral("\"bob-at-x.org\" is not a valid email address"));
}

void TestImportDialog::eightBitFileIsReadAfterAsking()
{
    const QString file = writeFile("latin.csv", "Name,Email,City\r\nZo\xEB M\xFCller,zoe@x.org,K\xF6ln\r\n");
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QString question;
    const ModalAnswer asked = onModal<QMessageBox>([&question](QMessageBox *box) {
        QCOMPARE(box->objectName(), QStringLiteral("encodingQuestion"));
        question = box->text() + "\n" + box->informativeText();
        auto *yes = box->findChild<QPushButton *>("readAsWindows1252");
        QVERIFY(yes);
        yes->click();
    });
    QVERIFY(openAndCheck(&dialog, file));
    QVERIFY2(question.contains("line 2, column 3") && question.contains("Zoë Müller,zoe@x.org,Köln"),
             qPrintable(question));
    QCOMPARE(dialog.previewTable()->item(1, 0)->text(), QStringLiteral("Zoë Müller"));
    QVERIFY(dialog.findChild<QLabel *>("importFileInfo")->text().contains("windows-1252"));
    QVERIFY(dialog.importButton()->isEnabled());
}

void TestImportDialog::importAddsRowsToTheCandidateModel()
{
    CandidateModel model(m_fx.store());
    model.setRoleId(m_fx.role.id);
    const int before = model.rowCount();
    const QString file = writeFile("people.csv",
                                   QStringLiteral("Name,Email,Stage\nAda,ada@x.org,%1\nBob,bob@x.org,\n"
                                                  "Carol,carol@x.org,\n")
                                       .arg(m_fx.role.stages.at(1).name)
                                       .toUtf8());
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    // The progress dialog comes first; the summary is answered when it is up.
    QString summary;
    ModalAnswer summarised = onModal<QMessageBox>(QStringLiteral("importSummary"), [&summary](QMessageBox *box) {
        summary = box->text();
        box->button(QMessageBox::Ok)->click();
    });
    summarised.setDeadline(20000);  // the import runs first
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isVisible(), 20000);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.importedCount(), 3);
    QCOMPARE(summary, QStringLiteral("Imported 3 candidates into %1.").arg(m_fx.role.title));
    QTRY_COMPARE(model.rowCount(), before + 3);  // the model reloads on its worker after a bulk change
    QStringList names;
    for (int r = 0; r < model.rowCount(); ++r)
        names << model.index(r, CandidateModel::NameColumn).data().toString();
    QVERIFY(names.contains("Ada") && names.contains("Bob") && names.contains("Carol"));
}

void TestImportDialog::cancellingKeepsNothing()
{
    QByteArray csv("Name,Email\n");
    for (int i = 0; i < 20000; ++i)
        csv += QStringLiteral("Person %1,p%1@example.org\n").arg(i).toUtf8();
    const QString file = writeFile("many.csv", csv);
    CandidateModel model(m_fx.store());
    model.setRoleId(m_fx.role.id);
    const int before = model.rowCount();
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QVERIFY(dialog.importButton()->isEnabled());
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    auto *progress = dialog.findChild<QProgressDialog *>("importProgress");
    QVERIFY(progress);
    auto *cancel = progress->findChild<QPushButton *>();
    QVERIFY(cancel);
    cancel->click();
    auto *status = dialog.findChild<QLabel *>("importStatus");
    QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("Cancelled: nothing was imported."), 20000);
    QVERIFY(dialog.isVisible());
    QCOMPARE(model.rowCount(), before);
    QCOMPARE(m_fx->candidateRows(m_fx.role.id).size(), before);
    QVERIFY(dialog.importButton()->isEnabled());  // it can be run again
}

void TestImportDialog::valueMappingChosenInTheTableIsImported()
{
    // Another system's export: its stage and status words are proposed a place each.
    const QString file = writeFile("lever.csv",
                                   "Name,Email,Stage,Archive Reason\n"
                                   "Ada Quill,ada@x.org,Recruiter screen,\n"
                                   "Bo Lind,bo@x.org,On-site interview,\n"
                                   "Cy Rowe,cy@x.org,On-site interview,Withdrew\n"
                                   "Di Park,di@x.org,Reached out,Underqualified\n");
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QTableWidget *values = dialog.valueTable();
    QStringList rows;
    for (int r = 0; r < values->rowCount(); ++r)
        rows << QStringLiteral("%1|%2|%3|%4")
                    .arg(values->item(r, 0)->text(), values->item(r, 1)->text(), values->item(r, 2)->text(),
                         dialog.valueChooser(r)->currentText());
    const QString first = m_fx.role.stages.first().name;
    QCOMPARE(rows,
             (QStringList{"Stage|Recruiter screen|1|Recruiter screen", "Stage|On-site interview|2|" + first,
                          "Archive Reason|Withdrew|1|" + applicationStatusLabel(ApplicationStatus::Withdrawn),
                          "Stage|Reached out|1|" + first,
                          "Archive Reason|Underqualified|1|" + applicationStatusLabel(ApplicationStatus::Rejected)}));
    QVERIFY(values->item(0, 1)->font().bold() == false);  // ours
    QVERIFY(values->item(1, 1)->font().bold());  // not ours
    // Every stage of the role, and every status, can be chosen.
    QCOMPARE(dialog.valueChooser(1)->count(), m_fx.role.stages.size());
    QCOMPARE(dialog.valueChooser(2)->count(), 4);

    // "On-site interview" goes to the role's last stage but one instead.
    const Stage chosen = m_fx.role.stages.at(m_fx.role.stages.size() - 2);
    QSignalSpy checked(&dialog, &ImportDialog::checkFinished);
    QComboBox *onsite = dialog.valueChooser(1);
    onsite->setCurrentIndex(onsite->findData(chosen.id));
    QVERIFY(checked.wait(20000));
    QCOMPARE(dialog.valueChooser(1)->currentText(), chosen.name);
    QVERIFY(dialog.importButton()->isEnabled());
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty()) {
        dialog.resize(1100, 760);
        QVERIFY(dialog.grab().save(out + QStringLiteral("/importdialog-values.png")));
    }

    ModalAnswer summarised = onModal<QMessageBox>(QStringLiteral("importSummary"),
                                                  [](QMessageBox *box) { box->button(QMessageBox::Ok)->click(); });
    summarised.setDeadline(20000);
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isVisible(), 20000);
    QHash<QString, CandidateRow> byName;
    for (const CandidateRow &row : m_fx->candidateRows(m_fx.role.id))
        byName.insert(row.name, row);
    QCOMPARE(byName.value("Bo Lind").stageId, chosen.id);
    QCOMPARE(byName.value("Cy Rowe").stageId, chosen.id);
    QCOMPARE(byName.value("Cy Rowe").status, ApplicationStatus::Withdrawn);
    QCOMPARE(byName.value("Ada Quill").stage, QStringLiteral("Recruiter screen"));
    QCOMPARE(byName.value("Di Park").stageId, m_fx.role.stages.first().id);
    QCOMPARE(byName.value("Di Park").status, ApplicationStatus::Rejected);
}

void TestImportDialog::wideFilesScrollSideways()
{
    QByteArray header("Name,Email");
    QByteArray row("Ada,ada@x.org");
    for (int i = 1; i <= 30; ++i) {
        header += QByteArray(",Custom field ") + QByteArray::number(i);
        row += QByteArray(",value ") + QByteArray::number(i);
    }
    const QString file = writeFile("wide.csv", header + "\n" + row + "\n");
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.resize(900, 600);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QTableWidget *preview = dialog.previewTable();
    QCOMPARE(preview->columnCount(), 32);  // every column
    QCOMPARE(preview->horizontalHeaderItem(31)->text(), QStringLiteral("Custom field 30"));
    QCOMPARE(preview->item(1, 31)->text(), QStringLiteral("value 30"));
    QVERIFY(preview->columnWidth(31) > 0);
    QTRY_VERIFY(preview->horizontalScrollBar()->maximum() > 0);  // scrolls to the last one
    preview->horizontalScrollBar()->setValue(preview->horizontalScrollBar()->maximum());
    const QRect last = preview->visualRect(preview->model()->index(1, 31));
    QVERIFY(preview->viewport()->rect().intersects(last));
}

void TestImportDialog::everyProblemOfABrokenFileIsListed()
{
    const QString file = writeFile("broken.csv",
                                   "Name,Notes,Email\n"
                                   "Ada,fine,ada@x.org\n"
                                   "Bob,met at\n"  // 3: a line break not quoted
                                   "the fair,bob@x.org\n"  // 4: the rest of it
                                   "Cy \"C\" Rowe,,cy@x.org\n"  // 5: a stray quote
                                   "Dee,,dee-at-x.org\n");  // 6: not an email
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    const QStringList list = issues(&dialog);
    QCOMPARE(list.size(), 4);
    QVERIFY2(list.at(0).startsWith("3||line 3 has 2 fields, the header has 3"), qPrintable(list.at(0)));
    QVERIFY2(list.at(1).startsWith("4||line 4 has 2 fields"), qPrintable(list.at(1)));
    QVERIFY2(list.at(2).startsWith("5|Name|a quote inside a field"), qPrintable(list.at(2)));
    QVERIFY2(list.at(3).startsWith("6|Email|"), qPrintable(list.at(3)));
    QVERIFY(!dialog.importButton()->isEnabled());
}

void TestImportDialog::previewShowsEveryColumnOfAWideFile()
{
    // An applicant-tracking system's export: fourteen columns, long headers, one of them
    // longer than any column grows.
    const QStringList headers{"Candidate Full Name",
                              "Email Address",
                              "Mobile Phone",
                              "Current Location (City, Country)",
                              "LinkedIn Profile URL",
                              "GitHub Username",
                              "Google Scholar Profile",
                              "ORCID iD",
                              "Source",
                              "Current Stage",
                              "Application Status",
                              "Recruiter Notes",
                              "Expected yearly salary in US dollars, before tax and bonus (as asked on the form)",
                              "Date Applied"};
    QByteArray csv = "\"" + headers.join("\",\"").toUtf8() + "\"\n";
    const char *people[][3] = {{"Ada Quill", "ada@x.org", "London, UK"}, {"Bo Lind", "bo-at-x.org", "Oslo, NO"},
                               {"Cy Rowe", "cy@x.org", "Austin, US"},    {"Di Park", "di@x.org", "Seoul, KR"},
                               {"Eve Moss", "eve@x.org", "Lyon, FR"},    {"Fay Dunn", "fay@x.org", "Cork, IE"},
                               {"Gil Amar", "gil@x.org", "Haifa, IL"},   {"Hal Ives", "hal@x.org", "Perth, AU"}};
    int n = 0;
    for (const auto &p : people) {
        ++n;
        csv += QStringLiteral("%1,%2,+1 555 010%3,\"%4\",https://linkedin.com/in/p%3,p%3,,,Referral,Recruiter "
                              "screen,Active,\"Met at NeurIPS, wants remote\",120k,2026-11-0%3\n")
                   .arg(QLatin1String(p[0]), QLatin1String(p[1]))
                   .arg(n)
                   .arg(QLatin1String(p[2]))
                   .toUtf8();
    }
    const QString file = writeFile("ats-export.csv", csv);
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    dialog.resize(1280, 800);
    dialog.show();
    QVERIFY(openAndCheck(&dialog, file));
    QTableWidget *preview = dialog.previewTable();
    QCOMPARE(preview->columnCount(), 14);  // every column of the file
    QCOMPARE(preview->rowCount(), 9);  // the fields, then eight rows
    const QHeaderView *header = preview->horizontalHeader();
    const int widest = preview->fontMetrics().averageCharWidth() * 44;  // as wide as a column grows
    for (int c = 0; c < 14; ++c) {
        const QTableWidgetItem *item = preview->horizontalHeaderItem(c);
        QCOMPARE(item->text(), headers.at(c));
        // The whole header is its tooltip, with where the column goes.
        QVERIFY2(item->toolTip().startsWith(headers.at(c) + "\n"), qPrintable(item->toolTip()));
        // Headers are not cut (but for one longer than a column grows), and each column's
        // field chooser is whole.
        if (header->sectionSizeHint(c) <= widest)
            QVERIFY2(preview->columnWidth(c) >= header->sectionSizeHint(c), qPrintable(headers.at(c)));
        else
            QVERIFY2(preview->columnWidth(c) < header->sectionSizeHint(c), qPrintable(headers.at(c)));
        QComboBox *chooser = dialog.fieldChooser(c);
        QVERIFY(chooser);
        QVERIFY2(preview->columnWidth(c) >= chooser->sizeHint().width(), qPrintable(headers.at(c)));
    }
    QVERIFY(preview->horizontalHeaderItem(1)->toolTip().endsWith(CandidateImport::fieldLabel(ImportField::Email)));
    QVERIFY(preview->horizontalHeaderItem(13)->toolTip().endsWith("Not imported"));
    QCOMPARE(ImportField(dialog.fieldChooser(4)->currentData().toInt()), ImportField::LinkedIn);
    QCOMPARE(ImportField(dialog.fieldChooser(10)->currentData().toInt()), ImportField::Status);
    // The row with a bad email is marked, with the reason.
    QCOMPARE(preview->item(2, 1)->toolTip(), QStringLiteral("\"bo-at-x.org\" is not a valid email address"));
    QVERIFY(preview->item(2, 1)->background() != preview->item(1, 1)->background());
    QVERIFY(!dialog.importButton()->isEnabled());
    // Wider than the window: it scrolls sideways to the last column.
    QTRY_VERIFY(preview->horizontalScrollBar()->maximum() > 0);
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
        QVERIFY(dialog.grab().save(out + QStringLiteral("/importdialog-wide.png")));
    preview->horizontalScrollBar()->setValue(preview->horizontalScrollBar()->maximum());
    QVERIFY(preview->viewport()->rect().intersects(preview->visualRect(preview->model()->index(1, 13))));
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
        QVERIFY(dialog.grab().save(out + QStringLiteral("/importdialog-wide-scrolled.png")));
}

void TestImportDialog::undoInTheMainWindowTakesTheImportBack()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    const int before = m_fx->candidateRows(m_fx.role.id).size();
    const QString file = writeFile("three.csv",
                                   "Name,Email\nAda Quill,ada@x.org\nBo Lind,bo@x.org\nCy Rowe,cy@x.org\n");
    // The dialog is answered as a user would: Import, then OK on the summary.
    bool imported = false;
    const ModalAnswer importing = onModal<ImportDialog>([&imported](ImportDialog *dialog) {
        QTRY_VERIFY_WITH_TIMEOUT(dialog->importButton()->isEnabled(), 20000);
        ModalAnswer summarised = onModal<QMessageBox>(QStringLiteral("importSummary"),
                                                      [](QMessageBox *box) { box->button(QMessageBox::Ok)->click(); });
        summarised.setDeadline(20000);
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        imported = summarised.wait();
    });
    Q_EMIT window->candidatesPane()->importRequested(file);  // as a file dropped on the list
    QVERIFY(imported);
    QCOMPARE(m_fx->candidateRows(m_fx.role.id).size(), before + 3);
    QUndoStack *stack = window->undoHistory()->stack();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Import 3 candidates"));

    // Edit > Undo: the three are gone, and nobody else.
    QAction *undo = nullptr;
    for (QAction *menu : window->menuBar()->actions())
        if (menu->menu())
            for (QAction *a : menu->menu()->actions())
                if (a->text().remove('&').startsWith(QLatin1String("Undo")))
                    undo = a;
    QVERIFY(undo && undo->isEnabled());
    undo->trigger();
    QCOMPARE(m_fx->candidateRows(m_fx.role.id).size(), before);
    QVERIFY(stack->canRedo());
    stack->redo();
    QCOMPARE(m_fx->candidateRows(m_fx.role.id).size(), before + 3);

    // Once one of them has moved, the undo is refused, saying who, and nothing goes.
    CandidateRow bo;
    for (const CandidateRow &row : m_fx->candidateRows(m_fx.role.id))
        if (row.name == QLatin1String("Bo Lind"))
            bo = row;
    QVERIFY(m_fx->moveApplication(bo.applicationId, m_fx.role.stages.at(1).id, ApplicationStatus::Active));
    QString refusal;
    const ModalAnswer refused = onModal<QMessageBox>([&refusal](QMessageBox *box) {
        refusal = box->text();
        box->button(QMessageBox::Ok)->click();
    });
    window->undoHistory()->undo();
    QTRY_VERIFY(!refusal.isEmpty());
    QVERIFY2(refusal.contains("Bo Lind") && refusal.contains("Nothing was removed"), qPrintable(refusal));
    QCOMPARE(m_fx->candidateRows(m_fx.role.id).size(), before + 3);
}

void TestImportDialog::mainWindowOffersIt()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    QAction *import = window->action(MainWindow::ImportCandidates);
    QVERIFY(import && import->isEnabled());
    bool inFileMenu = false;
    for (QAction *menu : window->menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(import))
            inFileMenu = menu->text().remove('&') == QLatin1String("File");
    QVERIFY(inFileMenu);
    QTableView *view = window->candidatesPane()->candidateView();
    QVERIFY(view->actions().contains(import));  // the candidate list's context menu

    // A CSV file dropped on the candidate list asks for its import; other files do not.
    QSignalSpy requested(window->candidatesPane(), &CandidatesPane::importRequested);
    auto drop = [view](const QString &path) {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        const QPoint at = view->viewport()->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view->viewport(), &enter);
        const bool accepted = enter.isAccepted();
        QDropEvent dropEvent(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view->viewport(), &dropEvent);
        return accepted;
    };
    const QString csv = writeFile("dropped.csv", "Name,Email\nAda,ada@x.org\n");
    QVERIFY(!drop(writeFile("notes.txt", "hello")));
    QVERIFY(drop(csv));
    // The import dialog opens on the dropped file; closing it imports nothing.
    QString opened;
    const ModalAnswer closed = onModal<ImportDialog>([&opened](ImportDialog *dialog) {
        opened = dialog->file();
        dialog->reject();
    });
    QTRY_COMPARE(requested.size(), 1);
    QCOMPARE(requested.first().first().toString(), csv);
    QTRY_COMPARE(opened, csv);
}

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
