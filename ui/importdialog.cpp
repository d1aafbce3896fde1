#include "importdialog.h"

#include "commands/importcommand.h"
#include "store/store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace hireloop {

namespace {

// The issue list shows this many; a file with more says how many it left out.
constexpr int MaxListed = 500;
// A preview column grows with its header and text up to this many characters.
constexpr int MaxColumnChars = 44;

QString number(qint64 n)
{
    return QLocale().toString(n);
}

}  // namespace

ImportDialog::ImportDialog(Store *store, Id roleId, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_roleId(roleId)
    , m_worker(new ImportWorker(store->path(), store->actorId(), this))
{
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Import Candidates"));
    // As the store keeps the role, or read off the GUI thread once a change made that old.
    m_roleRead.askRole(m_store, this, roleId, [this](const Role &role) {
        m_roleTitle = role.title;
        m_stages = role.stages;
        m_haveRole = true;
        setWindowTitle(tr("Import Candidates into %1").arg(m_roleTitle));
        if (!m_shownValues.isEmpty())
            showValues(m_shownValues);  // their stage choosers had none to offer
    });

    m_fileEdit = new QLineEdit(this);
    m_fileEdit->setObjectName(QStringLiteral("importFile"));
    m_fileEdit->setAccessibleName(tr("File"));
    m_fileEdit->setReadOnly(true);
    m_fileEdit->setPlaceholderText(tr("A CSV file: one candidate per line, the first line naming the columns"));
    m_chooseButton = new QPushButton(tr("&Choose…"), this);
    m_chooseButton->setObjectName(QStringLiteral("chooseFileButton"));
    auto *fileRow = new QHBoxLayout;
    auto *fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_chooseButton);
    fileRow->addWidget(fileLabel);
    fileRow->addWidget(m_fileEdit, 1);
    fileRow->addWidget(m_chooseButton);

    m_fileInfo = new QLabel(this);
    m_fileInfo->setObjectName(QStringLiteral("importFileInfo"));
    m_fileInfo->setWordWrap(true);
    m_fileInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *hint = new QLabel(tr("Each column's field is guessed from its header: check the first row and change any "
                               "that is wrong. Columns set to \"(ignore)\" are not imported."),
                            this);
    hint->setWordWrap(true);

    m_preview = new QTableWidget(this);
    m_preview->setObjectName(QStringLiteral("importPreview"));
    m_preview->setAccessibleName(tr("Preview of the file's first rows"));
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->setSelectionMode(QAbstractItemView::NoSelection);
    m_preview->setWordWrap(false);
    m_preview->setAlternatingRowColors(true);
    m_preview->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_preview->verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_preview->setToolTip(tr("The file's first rows; the number on the left is the line in the file"));
    // Every column is there: a wide file scrolls sideways rather than squeezing them.
    m_preview->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_preview->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_preview->horizontalHeader()->setStretchLastSection(false);

    m_valuePane = new QWidget(this);
    auto *valueHint = new QLabel(
        tr("Stages and statuses in the file: each value goes to the stage or status "
           "chosen here. Values that are not ours (in bold) are proposed a place; change any."),
        m_valuePane);
    valueHint->setObjectName(QStringLiteral("importValuesHint"));
    valueHint->setWordWrap(true);
    m_values = new QTableWidget(m_valuePane);
    m_values->setObjectName(QStringLiteral("importValues"));
    m_values->setAccessibleName(tr("Stages and statuses in the file, and where they go"));
    m_values->setColumnCount(4);
    m_values->setHorizontalHeaderLabels({tr("Column"), tr("Value in the file"), tr("Rows"), tr("Goes to")});
    m_values->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_values->setSelectionMode(QAbstractItemView::NoSelection);
    m_values->verticalHeader()->hide();
    m_values->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_values->horizontalHeader()->setStretchLastSection(false);
    auto *valueLayout = new QVBoxLayout(m_valuePane);
    valueLayout->setContentsMargins(0, 0, 0, 0);
    valueLayout->addWidget(valueHint);
    valueLayout->addWidget(m_values, 1);
    m_valuePane->hide();

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("importStatus"));
    m_status->setWordWrap(true);

    m_issues = new QTreeWidget(this);
    m_issues->setObjectName(QStringLiteral("importIssues"));
    m_issues->setAccessibleName(tr("Problems and duplicates"));
    m_issues->setRootIsDecorated(false);
    m_issues->setUniformRowHeights(true);
    m_issues->setAlternatingRowColors(true);
    m_issues->setHeaderLabels({tr("Line"), tr("Column"), tr("Problem")});
    m_issues->header()->setStretchLastSection(true);
    const int ch = fontMetrics().averageCharWidth();
    m_issues->setColumnWidth(0, 9 * ch);
    m_issues->setColumnWidth(1, 18 * ch);
    m_values->setColumnWidth(0, 18 * ch);
    m_values->setColumnWidth(1, 30 * ch);
    m_values->setColumnWidth(2, 8 * ch);
    m_values->setColumnWidth(3, 34 * ch);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_preview);
    splitter->addWidget(m_valuePane);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_status);
    lowerLayout->addWidget(m_issues, 1);
    splitter->addWidget(lower);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 2);

    auto *buttons = new QDialogButtonBox(this);
    m_importButton = buttons->addButton(tr("&Import"), QDialogButtonBox::ActionRole);
    m_importButton->setObjectName(QStringLiteral("importButton"));
    m_importButton->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(fileRow);
    layout->addWidget(m_fileInfo);
    layout->addWidget(hint);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    connect(m_chooseButton, &QPushButton::clicked, this, [this] {
        const QString path = askForFile(this);
        if (!path.isEmpty())
            openFile(path);
    });
    connect(m_importButton, &QPushButton::clicked, this, &ImportDialog::startImport);
    connect(buttons, &QDialogButtonBox::rejected, this, &ImportDialog::reject);
    connect(m_worker, &ImportWorker::fileRead, this, &ImportDialog::onFileRead);
    connect(m_worker, &ImportWorker::checked, this, &ImportDialog::onChecked);
    connect(m_worker, &ImportWorker::imported, this, &ImportDialog::onImported);
    connect(m_worker, &ImportWorker::progressed, this, [this](int done, int total) {
        if (!m_progress)
            return;
        m_progress->setMaximum(std::max(total, 1));
        m_progress->setValue(done);
        m_progress->setLabelText(
            tr("Importing candidates into %1: %2 of %3…").arg(m_roleTitle, number(done), number(total)));
    });

    resize(110 * ch, 46 * fontMetrics().height());
    updateButtons();
}

ImportDialog::~ImportDialog() = default;

QString ImportDialog::askForFile(QWidget *parent)
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileDialog::getOpenFileName(parent, tr("Import Candidates"), dir,
                                        tr("CSV files (*.csv *.tsv *.txt);;All files (*)"));
}

QComboBox *ImportDialog::fieldChooser(int column) const
{
    return qobject_cast<QComboBox *>(m_preview->cellWidget(0, column));
}

QComboBox *ImportDialog::valueChooser(int row) const
{
    return qobject_cast<QComboBox *>(m_values->cellWidget(row, 3));
}

QUndoCommand *ImportDialog::takeUndoCommand()
{
    if (m_importResult.imported < 1)
        return nullptr;
    auto *command = new ImportCommand(m_store, m_roleId, m_importedRows, m_importResult);
    m_importResult = ImportResult();
    m_importedRows.clear();
    return command;
}

void ImportDialog::openFile(const QString &path)
{
    m_path = path;
    m_eightBit = TextFile::Encoding::Unknown;
    m_haveFile = false;
    m_checked = false;
    m_fileEdit->setText(QDir::toNativeSeparators(path));
    m_fileInfo->clear();
    m_preview->clear();
    m_preview->setRowCount(0);
    m_preview->setColumnCount(0);
    m_values->setRowCount(0);
    m_valuePane->hide();
    m_issues->clear();
    setBusy(true, tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_worker->read(path, m_eightBit);
}

void ImportDialog::onFileRead(const CandidateImport &import)
{
    const QString name = QFileInfo(m_path).fileName();
    if (import.headerLine() == 0 || import.readError().line > 0 || !import.readError().message.isEmpty()) {
        const ImportIssue e = import.readError();
        if (import.needsEncoding() && m_eightBit == TextFile::Encoding::Unknown) {
            // An 8-bit file is read as Windows-1252 only when the user says so.
            QMessageBox box(QMessageBox::Question, tr("Import Candidates"),
                            tr("%1 is not UTF-8 text: line %2, column %3 has a byte that UTF-8 does not use.")
                                .arg(name)
                                .arg(e.line)
                                .arg(e.character),
                            QMessageBox::NoButton, this);
            box.setObjectName(QStringLiteral("encodingQuestion"));
            box.setInformativeText(
                tr("Spreadsheets often save CSV files as Windows-1252 (Western European). Read as Windows-1252, "
                   "line %1 says:\n\n%2\n\nDoes that look right?")
                    .arg(e.line)
                    .arg(import.eightBitSample()));
            QPushButton *yes = box.addButton(tr("&Read as Windows-1252"), QMessageBox::YesRole);
            yes->setObjectName(QStringLiteral("readAsWindows1252"));
            box.addButton(QMessageBox::Cancel);
            box.setDefaultButton(yes);
            box.exec();
            if (box.clickedButton() == yes) {
                m_eightBit = TextFile::Encoding::Windows1252;
                setBusy(true, tr("Reading %1 as Windows-1252…").arg(name));
                m_worker->read(m_path, m_eightBit);
                return;
            }
        }
        setBusy(false, tr("%1 cannot be imported.").arg(name));
        auto *item = new QTreeWidgetItem(m_issues);
        item->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxCritical));
        item->setText(0, e.line > 0 ? QString::number(e.line) : QString());
        item->setText(1, e.column.isEmpty() && e.character > 0 ? tr("character %1").arg(e.character) : e.column);
        item->setText(2, e.message);
        item->setToolTip(2, e.message);
        updateButtons();
        return;
    }
    m_import = import;
    m_haveFile = true;
    showPreview();
    startCheck();
}

void ImportDialog::showPreview()
{
    const QStringList columns = m_import.columns();
    const QList<CsvRow> &rows = m_import.previewRows();
    m_preview->clear();
    m_preview->setColumnCount(int(columns.size()));
    m_preview->setRowCount(int(rows.size()) + 1);
    QStringList headers;
    for (int c = 0; c < columns.size(); ++c)
        headers << m_import.columnLabel(c);
    m_preview->setHorizontalHeaderLabels(headers);
    QStringList lines{tr("Field")};
    for (const CsvRow &row : rows)
        lines << QString::number(row.line);
    m_preview->setVerticalHeaderLabels(lines);

    for (int c = 0; c < columns.size(); ++c) {
        auto *combo = new QComboBox(m_preview);
        combo->setObjectName(QStringLiteral("fieldChooser%1").arg(c));
        combo->setAccessibleName(tr("Field of the column %1").arg(m_import.columnLabel(c)));
        for (ImportField f : CandidateImport::allFields())
            combo->addItem(CandidateImport::fieldLabel(f), int(f));
        combo->setCurrentIndex(combo->findData(int(m_import.field(c))));
        connect(combo, &QComboBox::currentIndexChanged, this, [this, c, combo] {
            m_import.setField(c, ImportField(combo->currentData().toInt()));
            markPreview();
            startCheck();
        });
        m_preview->setCellWidget(0, c, combo);
    }
    for (int r = 0; r < rows.size(); ++r) {
        const QList<CsvField> &fields = rows.at(r).fields;
        for (int c = 0; c < columns.size() && c < fields.size(); ++c) {
            QString text = fields.at(c).text;
            auto *item = new QTableWidgetItem(text.replace(QLatin1Char('\n'), QStringLiteral(" ↵ ")));
            item->setToolTip(fields.at(c).text.size() > 40 ? fields.at(c).text : QString());
            m_preview->setItem(r + 1, c, item);
        }
    }
    // Each column as wide as its whole header and its field chooser, and as its first
    // rows' text up to a maximum (a longer value is the cell's tooltip, a longer header
    // the header's): measuring every cell through the style (resizeColumnsToContents)
    // costs the GUI thread more than a frame.
    const QFontMetrics metrics = m_preview->fontMetrics();
    const int ch = metrics.averageCharWidth();
    const QHeaderView *header = m_preview->horizontalHeader();
    for (int c = 0; c < columns.size(); ++c) {
        const int chooser = fieldChooser(c) ? fieldChooser(c)->sizeHint().width() : 0;
        const int maxWidth = std::max(MaxColumnChars * ch, chooser);
        int width = std::max({header->sectionSizeHint(c), chooser, 8 * ch});
        for (int r = 0; r < std::min<qsizetype>(rows.size(), 30) && width < maxWidth; ++r)
            if (const QTableWidgetItem *item = m_preview->item(r + 1, c))
                width = std::max(width, metrics.horizontalAdvance(item->text()) + 2 * ch);
        m_preview->setColumnWidth(c, std::min(width, maxWidth));
    }
    m_preview->setRowHeight(0, fieldChooser(0) ? fieldChooser(0)->sizeHint().height() + 4 : m_preview->rowHeight(0));
    markPreview();
}

void ImportDialog::markPreview()
{
    // Columns that are not imported are greyed; rows with problems are red,
    // duplicates grey and italic, with the reason as their tooltip.
    const QColor grey = palette().color(QPalette::Disabled, QPalette::Text);
    const QColor errorBackground(0xfd, 0xe7, 0xe9);
    QHash<int, QList<ImportIssue>> errorsByLine;
    QHash<int, QString> duplicateByLine;
    if (m_checked) {
        for (const ImportIssue &e : std::as_const(m_check.errors))
            errorsByLine[e.line] << e;
        for (const ImportDuplicate &d : std::as_const(m_check.result.duplicates))
            duplicateByLine.insert(d.line,
                                   d.existingId ? tr("Already there: %1").arg(d.existingName)
                                                : tr("Also on line %1").arg(d.existingLine));
    }
    const QList<CsvRow> &rows = m_import.previewRows();
    for (int c = 0; c < m_preview->columnCount(); ++c) {
        const bool ignored = m_import.field(c) == ImportField::Ignore;
        if (QTableWidgetItem *header = m_preview->horizontalHeaderItem(c)) {
            header->setForeground(ignored ? QBrush(grey) : QBrush());
            // The whole header, however narrow its column, and where its values go.
            header->setToolTip(ignored
                                   ? tr("%1\nNot imported").arg(m_import.columnLabel(c))
                                   : tr("%1\nImported as: %2")
                                         .arg(m_import.columnLabel(c), CandidateImport::fieldLabel(m_import.field(c))));
        }
        for (int r = 0; r < rows.size(); ++r) {
            QTableWidgetItem *item = m_preview->item(r + 1, c);
            if (!item)
                continue;
            const int line = rows.at(r).line;
            QString problem;
            for (const ImportIssue &e : errorsByLine.value(line))
                if (e.column.isEmpty() || e.column == m_import.columnLabel(c))
                    problem = e.message;
            const bool duplicate = duplicateByLine.contains(line);
            item->setBackground(problem.isEmpty() ? QBrush() : QBrush(errorBackground));
            item->setForeground(ignored || duplicate ? QBrush(grey) : QBrush());
            QFont font = item->font();
            font.setItalic(duplicate);
            item->setFont(font);
            item->setToolTip(!problem.isEmpty() ? problem
                                 : duplicate    ? duplicateByLine.value(line)
                                             : (item->text().size() > 40 ? rows.at(r).fields.at(c).text : QString()));
        }
    }
}

void ImportDialog::showValues(const QList<ImportValue> &values)
{
    if (!m_haveRole)
        m_shownValues = values;
    m_values->setRowCount(0);
    m_values->setRowCount(int(values.size()));
    m_valuePane->setVisible(!values.isEmpty());
    for (int r = 0; r < values.size(); ++r) {
        const ImportValue &v = values.at(r);
        auto *column = new QTableWidgetItem(m_import.columnLabel(v.column));
        auto *value = new QTableWidgetItem(v.value);
        value->setToolTip(v.ours         ? tr("One of ours")
                              : v.chosen ? tr("Not one of ours: it goes where you chose")
                                         : tr("Not one of ours: the place proposed for it"));
        if (!v.ours) {
            QFont font = value->font();
            font.setBold(true);
            value->setFont(font);
        }
        auto *rows = new QTableWidgetItem(number(v.rows));
        rows->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_values->setItem(r, 0, column);
        m_values->setItem(r, 1, value);
        m_values->setItem(r, 2, rows);

        auto *combo = new QComboBox(m_values);
        combo->setObjectName(QStringLiteral("valueChooser%1").arg(r));
        combo->setAccessibleName(tr("Where \"%1\" of the column %2 goes").arg(v.value, column->text()));
        if (v.field == ImportField::Stage) {
            for (const Stage &stage : std::as_const(m_stages))
                combo->addItem(stage.name, stage.id);
            combo->setCurrentIndex(combo->findData(v.stageId));
        } else {
            for (ApplicationStatus st : {ApplicationStatus::Active, ApplicationStatus::Rejected,
                                         ApplicationStatus::Withdrawn, ApplicationStatus::Hired})
                combo->addItem(applicationStatusLabel(st), int(st));
            combo->setCurrentIndex(combo->findData(int(v.status)));
        }
        const int col = v.column;
        const QString text = v.value;
        const ImportField field = v.field;
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, col, text, field] {
            if (field == ImportField::Stage)
                m_import.setValueMapping(col, text, Id(combo->currentData().toLongLong()));
            else
                m_import.setValueMapping(col, text, ApplicationStatus(combo->currentData().toInt()));
            startCheck();
        });
        m_values->setCellWidget(r, 3, combo);
        m_values->setRowHeight(r, combo->sizeHint().height() + 2);
    }
}

void ImportDialog::startCheck()
{
    m_checked = false;
    setBusy(true, tr("Checking every row…"));
    m_checkSerial = m_worker->check(m_import, m_roleId);
}

void ImportDialog::onChecked(const ImportCheck &check)
{
    if (check.serial != m_checkSerial)
        return;
    m_check = check;
    m_checked = true;
    m_issues->clear();

    const QString name = QFileInfo(m_path).fileName();
    QStringList info{tr("%1 rows").arg(number(check.rows)), TextFile::encodingName(m_import.encoding())};
    const QStringList ignored = m_import.ignoredColumns();
    if (!ignored.isEmpty())
        info << tr("not imported: %1").arg(ignored.join(QStringLiteral(", ")));
    m_fileInfo->setText(info.join(QStringLiteral(" · ")));

    int listed = 0;
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon duplicateIcon = style()->standardIcon(QStyle::SP_MessageBoxInformation);
    auto add = [&](const QIcon &icon, int line, const QString &column, const QString &text) {
        auto *item = new QTreeWidgetItem(m_issues);
        item->setIcon(0, icon);
        item->setText(0, line > 0 ? QString::number(line) : QString());
        item->setText(1, column);
        item->setText(2, text);
        item->setToolTip(2, text);
        ++listed;
    };
    if (!check.databaseError.isEmpty())
        add(errorIcon, 0, QString(), check.databaseError);
    for (const ImportIssue &e : check.errors) {
        if (listed >= MaxListed)
            break;
        add(errorIcon, e.line, e.column, e.message);
    }
    for (const ImportDuplicate &d : check.result.duplicates) {
        if (listed >= MaxListed)
            break;
        const QString what = d.key == QLatin1String("email") ? tr("email %1").arg(d.value) : tr("link %1").arg(d.value);
        add(duplicateIcon, d.line, QString(),
            d.existingId ? tr("Already there: %1 has the same %2; skipped").arg(d.existingName, what)
                         : tr("Same %1 as line %2 (%3); skipped").arg(what).arg(d.existingLine).arg(d.existingName));
    }
    const qsizetype all = check.errors.size() + check.result.duplicates.size()
        + (check.databaseError.isEmpty() ? 0 : 1);
    if (all > listed)
        add(QIcon(), 0, QString(), tr("…and %1 more").arg(number(all - listed)));

    showValues(check.values);

    QString status;
    if (!check.databaseError.isEmpty())
        status = tr("The database could not be read; nothing can be imported.");
    else if (!check.errors.isEmpty())
        status = tr("%1 has problems (listed below, and red in the preview): fix them in the file, or change a "
                    "column's field. Nothing is imported while there are any.")
                     .arg(name);
    else if (check.result.imported == 0)
        status = check.rows == 0 ? tr("%1 has no candidates.").arg(name)
                                 : tr("Every candidate in %1 is already there.").arg(name);
    else
        status = (check.result.duplicates.size() == 1
                      ? tr("%1 of %2 rows to import into %3; 1 duplicate skipped.")
                      : tr("%1 of %2 rows to import into %3; %4 duplicates skipped.")
                            .arg(QStringLiteral("%1"), QStringLiteral("%2"), QStringLiteral("%3"),
                                 number(check.result.duplicates.size())))
                     .arg(number(check.result.imported), number(check.rows), m_roleTitle);
    setBusy(false, status);
    markPreview();
    updateButtons();
    Q_EMIT checkFinished();
}

void ImportDialog::startImport()
{
    if (m_busy || !m_checked || !m_check.errors.isEmpty() || m_check.result.imported == 0)
        return;
    m_importing = true;
    setBusy(true, tr("Importing…"));
    const int total = m_check.result.imported;
    m_progress = new QProgressDialog(tr("Importing candidates into %1…").arg(m_roleTitle), tr("Cancel"), 0,
                                     std::max(total, 1), this);
    m_progress->setObjectName(QStringLiteral("importProgress"));
    m_progress->setWindowTitle(tr("Import Candidates"));
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->setMinimumDuration(0);
    connect(m_progress, &QProgressDialog::canceled, this, [this] {
        m_worker->cancel();
        if (m_progress) {
            m_progress->setLabelText(tr("Cancelling: nothing will be kept…"));
            m_progress->show();
        }
    });
    m_progress->setValue(0);
    m_importedRows = m_check.candidates;
    m_worker->import(m_check.candidates, m_roleId);
}

void ImportDialog::onImported(bool ok, const ImportResult &result, const QString &error)
{
    m_importing = false;
    if (m_progress) {
        m_progress->hide();
        m_progress->deleteLater();
    }
    if (!ok) {
        const bool cancelled = error == QLatin1String("cancelled");
        setBusy(false, cancelled ? tr("Cancelled: nothing was imported.") : tr("Nothing was imported: %1").arg(error));
        updateButtons();
        if (!cancelled)
            QMessageBox::warning(this, tr("Import Candidates"), tr("Nothing was imported: %1").arg(error));
        return;
    }
    m_imported = result.imported;
    m_importResult = result;
    // The worker wrote through its own connection: the window's models reload.
    m_store->notifyDataReset();
    setBusy(false, tr("Imported %1 candidates.").arg(number(result.imported)));
    QMessageBox box(QMessageBox::Information, tr("Import Candidates"),
                    result.imported == 1
                        ? tr("Imported 1 candidate into %1.").arg(m_roleTitle)
                        : tr("Imported %1 candidates into %2.").arg(number(result.imported), m_roleTitle),
                    QMessageBox::Ok, this);
    box.setObjectName(QStringLiteral("importSummary"));
    if (!result.duplicates.isEmpty())
        box.setInformativeText(
            result.duplicates.size() == 1
                ? tr("1 row was skipped: that person is already there.")
                : tr("%1 rows were skipped: those people are already there.").arg(number(result.duplicates.size())));
    box.exec();
    accept();
}

void ImportDialog::reject()
{
    if (m_importing) {
        m_worker->cancel();
        return;
    }
    QDialog::reject();
}

void ImportDialog::setBusy(bool busy, const QString &status)
{
    m_busy = busy;
    if (!status.isNull())
        m_status->setText(status);
    m_chooseButton->setEnabled(!busy || !m_importing);
    m_preview->setEnabled(!m_importing);
    m_values->setEnabled(!m_importing);
    updateButtons();
}

void ImportDialog::updateButtons()
{
    const bool ready = !m_busy && m_haveFile && m_checked && m_check.errors.isEmpty() && m_check.databaseError.isEmpty()
        && m_check.result.imported > 0;
    m_importButton->setEnabled(ready);
    m_importButton->setText(ready ? (m_check.result.imported == 1
                                         ? tr("&Import 1 Candidate")
                                         : tr("&Import %1 Candidates").arg(number(m_check.result.imported)))
                                  : tr("&Import"));
    m_chooseButton->setEnabled(!m_importing);
}

}  // namespace hireloop
