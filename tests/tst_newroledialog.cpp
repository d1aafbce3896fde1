// "New role from posting": the dialog offscreen, driven through its widgets, checked
// against what it shows and what the store holds afterwards.

#include "newroledialog.h"
#include "panelfixture.h"
#include "posting/postingparser.h"
#include "store/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeView>
#include <QtTest>

using namespace hireloop;
using hireloop::test::PanelFixture;

class TestNewRoleDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void previewOfTheSeedPosting();
    void previewFollowsTypingAfterADelay();
    void changingAKindUpdatesTheSummaryAndTheRole();
    void userKindLastsWhileTheSectionExists();
    void withoutRateableSectionsTheRoleNeedsAHandWrittenRubric();
    void proseOnlyPostingMakesARoleWithANote();
    void previewOfAHugePostingIsCapped();
    void loadFileRefusesLatin1AndKeepsTheText();
    void loadFileReadsUtf8();
    void editedTitleIsKeptAndUsed();
    void storeFailureKeepsTheDialogOpen();
    void tabOrder();

private:
    QString seedText() const;
    QModelIndex sectionNamed(const QString &name) const;
    void pasteSeed();
    void setKindByKeyboard(const QString &section, const QString &label);

    template <typename T>
    T *child(const char *name) const
    {
        T *widget = m_dialog->findChild<T *>(QLatin1String(name));
        if (!widget)
            qFatal("no widget %s", name);
        return widget;
    }
    QAbstractItemModel *preview() const { return child<QTreeView>("previewView")->model(); }
    QString summary() const { return child<QLabel>("summaryLabel")->text(); }
    QPushButton *createButton() const { return child<QPushButton>("createRoleButton"); }

    PanelFixture m_fx;
    NewRoleDialog *m_dialog = nullptr;
};

void TestNewRoleDialog::init()
{
    QVERIFY(m_fx.open());
    QCOMPARE(m_fx->roles().size(), 1);
    m_dialog = m_fx.show(new NewRoleDialog(m_fx.store()), true);  // active
    QVERIFY(m_dialog);
}

void TestNewRoleDialog::cleanup()
{
    m_dialog = nullptr;
    m_fx.close();
}

QString TestNewRoleDialog::seedText() const
{
    QFile file(QStringLiteral(HIRELOOP_SOURCE_DIR) + "/resources/roles/distributed-training-researcher.txt");
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the seed posting");
    return QString::fromUtf8(file.readAll());
}

QModelIndex TestNewRoleDialog::sectionNamed(const QString &name) const
{
    const QAbstractItemModel *m = preview();
    for (int row = 0; row < m->rowCount(); ++row)
        if (m->index(row, NewRoleDialog::SectionColumn).data().toString() == name)
            return m->index(row, NewRoleDialog::SectionColumn);
    return {};
}

void TestNewRoleDialog::pasteSeed()
{
    child<QPlainTextEdit>("postingEdit")->setPlainText(seedText());
    m_dialog->refreshPreview();
}

// F2 on the section's Kind cell focuses its combo box; typing picks the entry.
void TestNewRoleDialog::setKindByKeyboard(const QString &section, const QString &label)
{
    auto *view = child<QTreeView>("previewView");
    const QModelIndex kind = sectionNamed(section).siblingAtColumn(NewRoleDialog::KindColumn);
    QVERIFY(kind.isValid());
    view->setFocus();
    view->setCurrentIndex(kind);
    QTest::keyClick(view, Qt::Key_F2);
    auto *combo = qobject_cast<QComboBox *>(view->indexWidget(kind));
    QVERIFY(combo);
    QTRY_VERIFY(combo->hasFocus());
    QTest::keyClicks(combo, label.left(1));
    QCOMPARE(combo->currentText(), label);
}

void TestNewRoleDialog::previewOfTheSeedPosting()
{
    pasteSeed();
    QCOMPARE(child<QLineEdit>("titleEdit")->text(), QStringLiteral("Distributed Training Researcher"));

    const QAbstractItemModel *m = preview();
    QCOMPARE(m->rowCount(), 5);
    struct Expected
    {
        const char *name;
        SectionKind kind;
        const char *label;
        int items;
    };
    const Expected expected[] = {
        {"Role overview", SectionKind::Info, "Information", 1},
        {"Responsibilities", SectionKind::Rateable, "Rated in the rubric", 6},
        {"Requirements", SectionKind::Rateable, "Rated in the rubric", 5},
        {"Nice to have", SectionKind::Rateable, "Rated in the rubric", 2},
        {"Benefits and work setup", SectionKind::Screening, "Screening fact", 3},
    };
    for (int row = 0; row < 5; ++row) {
        const Expected &e = expected[row];
        const QModelIndex section = m->index(row, NewRoleDialog::SectionColumn);
        QCOMPARE(section.data().toString(), QLatin1String(e.name));
        const QModelIndex kind = section.siblingAtColumn(NewRoleDialog::KindColumn);
        QCOMPARE(SectionKind(kind.data(NewRoleDialog::KindRole).toInt()), e.kind);
        QCOMPARE(kind.data().toString(), QLatin1String(e.label));
        QCOMPARE(section.siblingAtColumn(NewRoleDialog::ItemsColumn).data().toString(), QString::number(e.items));
        QCOMPARE(m->rowCount(section), e.items);
        // The combo box in the Kind cell shows the same choice.
        auto *combo = qobject_cast<QComboBox *>(child<QTreeView>("previewView")->indexWidget(kind));
        QVERIFY(combo);
        QCOMPARE(combo->currentText(), QLatin1String(e.label));
    }
    QCOMPARE(m->index(1, 0, sectionNamed("Requirements")).data().toString(),
             QStringLiteral("Hands-on experience designing and running experiments at thousand-GPU scale"));
    QCOMPARE(summary(), QStringLiteral("13 attributes in 3 categories, 3 screening facts"));
    QVERIFY(createButton()->isEnabled());
}

void TestNewRoleDialog::previewFollowsTypingAfterADelay()
{
    auto *edit = child<QPlainTextEdit>("postingEdit");
    edit->setFocus();
    for (const char *line : {"Data Engineer", "", "Requirements", "", "- SQL", "- Python"}) {
        QTest::keyClicks(edit, QLatin1String(line));
        QTest::keyClick(edit, Qt::Key_Return);
    }
    // Not parsed on every key: the preview waits for a pause.
    QCOMPARE(preview()->rowCount(), 0);
    QTRY_COMPARE(preview()->rowCount(), 1);
    QCOMPARE(child<QLineEdit>("titleEdit")->text(), QStringLiteral("Data Engineer"));
    QCOMPARE(summary(), QStringLiteral("2 attributes in 1 category, no screening facts"));
    QVERIFY(createButton()->isEnabled());
}

void TestNewRoleDialog::changingAKindUpdatesTheSummaryAndTheRole()
{
    const QString text = seedText();
    pasteSeed();
    setKindByKeyboard(QStringLiteral("Nice to have"), QStringLiteral("Information"));
    QCOMPARE(SectionKind(sectionNamed("Nice to have").siblingAtColumn(1).data(NewRoleDialog::KindRole).toInt()),
             SectionKind::Info);
    QCOMPARE(summary(), QStringLiteral("11 attributes in 2 categories, 3 screening facts"));

    QTest::mouseClick(createButton(), Qt::LeftButton);
    QCOMPARE(m_dialog->result(), int(QDialog::Accepted));
    QVERIFY(!m_dialog->isVisible());
    QVERIFY(m_dialog->createdRoleId() != 0);

    const QList<RoleSummary> roles = m_fx->roles();
    QCOMPARE(roles.size(), 2);
    Role role;
    QVERIFY(m_fx->role(m_dialog->createdRoleId(), &role));
    QCOMPARE(role.title, QStringLiteral("Distributed Training Researcher"));
    QCOMPARE(role.posting, text);

    // Every attribute is one posting line, exactly, from the two sections still rated.
    const ParsedPosting parsed = PostingParser::parse(text);
    QStringList expectedLines;
    for (const PostingSection &s : parsed.sections)
        if (s.name == QLatin1String("Responsibilities") || s.name == QLatin1String("Requirements"))
            expectedLines += s.items;
    QCOMPARE(expectedLines.size(), 11);
    const QList<Attribute> attributes = role.attributes();
    QCOMPARE(attributes.size(), 11);
    QStringList lines;
    for (const Attribute &a : attributes) {
        lines << a.sourceLine;
        QVERIFY2(text.contains(a.sourceLine), qPrintable(a.sourceLine));
        QVERIFY(a.sourceSection != QLatin1String("Nice to have"));
    }
    QCOMPARE(lines, expectedLines);
    QCOMPARE(role.categories.size(), 2);
    QCOMPARE(role.screening.size(), 3);
    QCOMPARE(role.screening.at(0).text, QStringLiteral("Remote position open to candidates in the US or EU"));
}

void TestNewRoleDialog::userKindLastsWhileTheSectionExists()
{
    pasteSeed();
    setKindByKeyboard(QStringLiteral("Nice to have"), QStringLiteral("Screening fact"));
    QCOMPARE(summary(), QStringLiteral("11 attributes in 2 categories, 5 screening facts"));

    // Another edit elsewhere re-parses: the choice holds.
    auto *edit = child<QPlainTextEdit>("postingEdit");
    edit->setPlainText(seedText() + QStringLiteral("\n\nAbout us\n\nA small lab.\n"));
    m_dialog->refreshPreview();
    QCOMPARE(preview()->rowCount(), 6);
    QCOMPARE(sectionNamed("Nice to have").siblingAtColumn(1).data().toString(), QStringLiteral("Screening fact"));
    QCOMPARE(summary(), QStringLiteral("11 attributes in 2 categories, 5 screening facts"));

    // Renaming the heading makes it another section: the parser's kind again, and
    // the old choice is forgotten once no section has that name.
    const QString renamed = seedText().replace(QStringLiteral("Nice to have"), QStringLiteral("Bonus points"));
    edit->setPlainText(renamed);
    m_dialog->refreshPreview();
    QVERIFY(!sectionNamed("Nice to have").isValid());
    QCOMPARE(sectionNamed("Bonus points").siblingAtColumn(1).data().toString(), QStringLiteral("Rated in the rubric"));
    edit->setPlainText(seedText());
    m_dialog->refreshPreview();
    QCOMPARE(sectionNamed("Nice to have").siblingAtColumn(1).data().toString(), QStringLiteral("Rated in the rubric"));
    QCOMPARE(summary(), QStringLiteral("13 attributes in 3 categories, 3 screening facts"));
}

// Without a rated section the role can still be made (title, information, screening
// facts), and the dialog says its rubric will have to be written by hand. This test
// used to hold that Create stayed disabled; postings from the wild made that a refusal
// of roles worth having.
void TestNewRoleDialog::withoutRateableSectionsTheRoleNeedsAHandWrittenRubric()
{
    QVERIFY(!createButton()->isEnabled());  // empty
    auto *note = child<QLabel>("rubricNoteLabel");
    QVERIFY(!note->isVisible());
    auto *edit = child<QPlainTextEdit>("postingEdit");
    edit->setPlainText(QStringLiteral("Office Manager\n\nAbout us\n\nWe are a small lab.\n\n"
                                      "Benefits\n\n- Lunch\n- Gym\n\nWork setup\n\n- On site in Berlin\n"));
    m_dialog->refreshPreview();
    QCOMPARE(child<QLineEdit>("titleEdit")->text(), QStringLiteral("Office Manager"));
    QVERIFY(preview()->rowCount() >= 2);
    QVERIFY2(summary().startsWith(QStringLiteral("Nothing to rate")), qPrintable(summary()));
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("written by hand")), qPrintable(note->text()));
    QVERIFY(createButton()->isEnabled());

    // Making a section rateable gives a rubric and the note goes; clearing the title
    // disables Create.
    setKindByKeyboard(QStringLiteral("Benefits"), QStringLiteral("Rated in the rubric"));
    QCOMPARE(summary(), QStringLiteral("2 attributes in 1 category, 1 screening fact"));
    QVERIFY(!note->isVisible());
    QVERIFY(createButton()->isEnabled());
    auto *title = child<QLineEdit>("titleEdit");
    title->setFocus();
    title->selectAll();
    QTest::keyClick(title, Qt::Key_Backspace);
    QVERIFY(title->text().isEmpty());
    QVERIFY(!createButton()->isEnabled());
    m_dialog->accept();  // refused too
    QVERIFY(m_dialog->isVisible());
    QCOMPARE(m_fx->roles().size(), 1);

    // Back to information, with the title: the role is made, without attributes. (The
    // wait keeps the combo's type-ahead from reading "R" and "I" as one search.)
    QTest::qWait(QApplication::keyboardInputInterval() + 100);
    setKindByKeyboard(QStringLiteral("Benefits"), QStringLiteral("Information"));
    QTest::keyClicks(title, QStringLiteral("Office Manager"));
    QVERIFY(note->isVisible());
    QTest::mouseClick(createButton(), Qt::LeftButton);
    QCOMPARE(m_dialog->result(), int(QDialog::Accepted));
    Role role;
    QVERIFY(m_fx->role(m_dialog->createdRoleId(), &role));
    QCOMPARE(role.title, QStringLiteral("Office Manager"));
    QVERIFY(role.attributes().isEmpty());
    QCOMPARE(role.screening.size(), 1);
    QCOMPARE(role.screening.first().text, QStringLiteral("On site in Berlin"));
}

// A forum comment without headings or bullets: the preview shows its paragraphs and the
// work-setup facts found in them, the note, and Create makes the role.
void TestNewRoleDialog::proseOnlyPostingMakesARoleWithANote()
{
    const QString path = test::sourcePath(QStringLiteral("tests/data/postings/01-hn-firmware-berlin.txt"));
    QVERIFY(m_dialog->loadFile(path));
    QCOMPARE(child<QLineEdit>("titleEdit")->text(), QStringLiteral("Senior Firmware Engineer"));
    QCOMPARE(SectionKind(sectionNamed(QStringLiteral("Work setup"))
                             .siblingAtColumn(NewRoleDialog::KindColumn)
                             .data(NewRoleDialog::KindRole)
                             .toInt()),
             SectionKind::Screening);
    QVERIFY2(summary().startsWith(QStringLiteral("Nothing to rate (6 screening facts)")), qPrintable(summary()));
    auto *note = child<QLabel>("rubricNoteLabel");
    QVERIFY(note->isVisible());
    QVERIFY(note->text().contains(QStringLiteral("no rubric yet")));
    QVERIFY(createButton()->isEnabled());

    QTest::mouseClick(createButton(), Qt::LeftButton);
    QCOMPARE(m_dialog->result(), int(QDialog::Accepted));
    Role role;
    QVERIFY(m_fx->role(m_dialog->createdRoleId(), &role));
    QCOMPARE(role.title, QStringLiteral("Senior Firmware Engineer"));
    QVERIFY(role.overview.startsWith(QStringLiteral("We build small autonomous carts")));
    QVERIFY(role.attributes().isEmpty());
    QCOMPARE(role.screening.size(), 6);
    QStringList facts;
    for (const ScreeningFact &f : role.screening)
        facts << f.text;
    QVERIFY2(facts.contains(QStringLiteral("VISA")), qPrintable(facts.join(QLatin1Char('|'))));
    QVERIFY2(facts.contains(QStringLiteral("We sponsor visas and help with relocation to Berlin, including the "
                                           "paperwork for the EU Blue Card.")),
             qPrintable(facts.join(QLatin1Char('|'))));
}

// 100,000 lines in one section: the preview lists the first ones and says how many more.
void TestNewRoleDialog::previewOfAHugePostingIsCapped()
{
    QString text = QStringLiteral("Data Labeller\n\nRequirements\n");
    for (int i = 0; i < 100000; ++i)
        text += QStringLiteral("- L%1\n").arg(i);
    QVERIFY(text.toUtf8().size() < (1 << 20));  // what a posting file may have
    child<QPlainTextEdit>("postingEdit")->setPlainText(text);
    m_dialog->refreshPreview();
    const QModelIndex section = sectionNamed(QStringLiteral("Requirements"));
    QVERIFY(section.isValid());
    QCOMPARE(section.siblingAtColumn(NewRoleDialog::ItemsColumn).data().toString(), QStringLiteral("100000"));
    QCOMPARE(preview()->rowCount(section), NewRoleDialog::MaxLinesShown + 1);
    QCOMPARE(preview()->index(0, 0, section).data().toString(), QStringLiteral("L0"));
    QCOMPARE(preview()->index(NewRoleDialog::MaxLinesShown, 0, section).data().toString(),
             QStringLiteral("\u2026 and %1 more lines").arg(100000 - NewRoleDialog::MaxLinesShown));
    QCOMPARE(summary(), QStringLiteral("100000 attributes in 1 category, no screening facts"));
}

void TestNewRoleDialog::loadFileRefusesLatin1AndKeepsTheText()
{
    auto *edit = child<QPlainTextEdit>("postingEdit");
    edit->setPlainText(QStringLiteral("Draft posting\n\nRequirements\n\n- Kept\n"));
    m_dialog->refreshPreview();
    QVERIFY(!child<QLabel>("problemLabel")->isVisible());

    const QString path = m_fx.filePath(QStringLiteral("latin1.txt"));
    QVERIFY(test::writeAll(path,
                           QByteArray("Chef\n\nRequirements\n\n- Cr\xe8"
                                      "me br\xfb"
                                      "l\xe9"
                                      "e\n")));
    QVERIFY(!m_dialog->loadFile(path));

    auto *problem = child<QLabel>("problemLabel");
    QVERIFY(problem->isVisible());
    const QString where = QDir::toNativeSeparators(path) + QStringLiteral(":5:5");
    QVERIFY2(problem->text().contains(where), qPrintable(problem->text()));
    QCOMPARE(edit->toPlainText(), QStringLiteral("Draft posting\n\nRequirements\n\n- Kept\n"));
    QCOMPARE(child<QLineEdit>("titleEdit")->text(), QStringLiteral("Draft posting"));
    QCOMPARE(preview()->rowCount(), 1);

    // A missing file is named too.
    QVERIFY(!m_dialog->loadFile(m_fx.filePath(QStringLiteral("missing.md"))));
    QVERIFY(problem->text().contains(QStringLiteral("missing.md")));
    QCOMPARE(edit->toPlainText(), QStringLiteral("Draft posting\n\nRequirements\n\n- Kept\n"));
}

void TestNewRoleDialog::loadFileReadsUtf8()
{
    const QString path = m_fx.filePath(QStringLiteral("posting.md"));
    QVERIFY(
        test::writeAll(path, QStringLiteral("# Pâtissier\n\n## Requirements\n\n- Crème brûlée\n- Éclairs\n").toUtf8()));
    QVERIFY(m_dialog->loadFile(path));
    QVERIFY(!child<QLabel>("problemLabel")->isVisible());
    QCOMPARE(child<QLineEdit>("titleEdit")->text(), QStringLiteral("Pâtissier"));
    QCOMPARE(preview()->rowCount(), 1);
    QCOMPARE(preview()->index(1, 0, sectionNamed("Requirements")).data().toString(), QStringLiteral("Éclairs"));
    QCOMPARE(summary(), QStringLiteral("2 attributes in 1 category, no screening facts"));
}

void TestNewRoleDialog::editedTitleIsKeptAndUsed()
{
    pasteSeed();
    auto *title = child<QLineEdit>("titleEdit");
    title->setFocus();
    title->selectAll();
    QTest::keyClicks(title, QStringLiteral("Staff Research Scientist, Training"));

    // A re-parse does not overwrite what the user typed.
    child<QPlainTextEdit>("postingEdit")
        ->setPlainText(seedText().replace(QStringLiteral("Distributed Training Researcher"),
                                          QStringLiteral("Research Scientist")));
    m_dialog->refreshPreview();
    QCOMPARE(title->text(), QStringLiteral("Staff Research Scientist, Training"));

    // Cleared, it follows the posting again; typed again, it wins again.
    title->selectAll();
    QTest::keyClick(title, Qt::Key_Delete);
    m_dialog->refreshPreview();
    QCOMPARE(title->text(), QStringLiteral("Research Scientist"));
    title->selectAll();
    QTest::keyClicks(title, QStringLiteral("Staff Research Scientist, Training"));
    m_dialog->refreshPreview();
    QCOMPARE(title->text(), QStringLiteral("Staff Research Scientist, Training"));

    QTest::mouseClick(createButton(), Qt::LeftButton);
    QCOMPARE(m_dialog->result(), int(QDialog::Accepted));
    Role role;
    QVERIFY(m_fx->role(m_dialog->createdRoleId(), &role));
    QCOMPARE(role.title, QStringLiteral("Staff Research Scientist, Training"));
    QCOMPARE(role.attributes().size(), 13);
    QCOMPARE(m_fx->findRole(QStringLiteral("Staff Research Scientist, Training")), m_dialog->createdRoleId());
}

void TestNewRoleDialog::storeFailureKeepsTheDialogOpen()
{
    pasteSeed();
    m_fx->close();
    QTest::mouseClick(createButton(), Qt::LeftButton);
    QVERIFY(m_dialog->isVisible());
    QCOMPARE(m_dialog->createdRoleId(), Id(0));
    auto *problem = child<QLabel>("problemLabel");
    QVERIFY(problem->isVisible());
    QVERIFY(!m_fx->errorString().isEmpty());
    QVERIFY2(problem->text().contains(m_fx->errorString().toHtmlEscaped()), qPrintable(problem->text()));
}

void TestNewRoleDialog::tabOrder()
{
    pasteSeed();
    auto *edit = child<QPlainTextEdit>("postingEdit");
    QTRY_VERIFY(edit->hasFocus());
    // Tab leaves the posting rather than inserting a tab; the kind combos are not stops.
    const QList<const char *> order = {"openFileButton",   "titleEdit",    "previewView",
                                       "createRoleButton", "cancelButton", "postingEdit"};
    for (const char *name : order) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QVERIFY2(QApplication::focusWidget(), name);
        QCOMPARE(QApplication::focusWidget()->objectName(), QLatin1String(name));
    }
    QCOMPARE(edit->toPlainText(), seedText());
}

QTEST_MAIN(TestNewRoleDialog)
#include "tst_newroledialog.moc"
