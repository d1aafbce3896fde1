#include "newroledialog.h"

#include "problemlabel.h"
#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "settings.h"
#include "store/store.h"
#include "store/storereads.h"
#include "import/textfile.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <utility>

namespace hireloop {

namespace {

constexpr int kParseDelayMs = 200;
const SectionKind kKinds[] = {SectionKind::Rateable, SectionKind::Screening, SectionKind::Info};

QString kindLabel(SectionKind kind)
{
    switch (kind) {
    case SectionKind::Rateable:
        return NewRoleDialog::tr("Rated in the rubric");
    case SectionKind::Screening:
        return NewRoleDialog::tr("Screening fact");
    case SectionKind::Info:
        break;
    }
    return NewRoleDialog::tr("Information");
}

QString kindToolTip(SectionKind kind)
{
    switch (kind) {
    case SectionKind::Rateable:
        return NewRoleDialog::tr("Each line becomes a rubric attribute that interviewers rate");
    case SectionKind::Screening:
        return NewRoleDialog::tr("Each line becomes a screening fact (location, on-call, visa) asked once, not rated");
    case SectionKind::Info:
        break;
    }
    return NewRoleDialog::tr("Kept with the posting; not rated and not asked");
}

bool isKindCell(const QModelIndex &index)
{
    return index.isValid() && !index.parent().isValid() && index.column() == NewRoleDialog::KindColumn;
}

// The Kind cell of a section row: a combo box that commits as soon as the choice
// changes, so the summary follows the user's choice without leaving the cell.
class KindDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!isKindCell(index))
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto *combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("kindCombo"));
        // Not a Tab stop of its own: the keyboard reaches it with F2 on the cell.
        combo->setFocusPolicy(Qt::ClickFocus);
        const QString section = index.siblingAtColumn(NewRoleDialog::SectionColumn).data().toString();
        combo->setAccessibleName(NewRoleDialog::tr("Kind of section %1").arg(section));
        combo->setToolTip(NewRoleDialog::tr("How the lines of “%1” are used").arg(section));
        for (SectionKind kind : kKinds) {
            combo->addItem(kindLabel(kind), int(kind));
            combo->setItemData(combo->count() - 1, kindToolTip(kind), Qt::ToolTipRole);
        }
        auto *self = const_cast<KindDelegate *>(this);
        QObject::connect(combo, QOverload<int>::of(&QComboBox::currentIndexChanged), self,
                         [self, combo] { Q_EMIT self->commitData(combo); });
        return combo;
    }

    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        auto *combo = qobject_cast<QComboBox *>(editor);
        if (!combo || !isKindCell(index))
            return QStyledItemDelegate::setEditorData(editor, index);
        const QSignalBlocker blocker(combo);
        combo->setCurrentIndex(combo->findData(index.data(NewRoleDialog::KindRole)));
    }

    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        auto *combo = qobject_cast<QComboBox *>(editor);
        if (!combo || !isKindCell(index))
            return QStyledItemDelegate::setModelData(editor, model, index);
        const QVariant kind = combo->currentData();
        if (kind.isValid() && kind != index.data(NewRoleDialog::KindRole))
            model->setData(index, kind, NewRoleDialog::KindRole);
    }

    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const override
    {
        if (isKindCell(index))
            editor->setGeometry(option.rect.adjusted(1, 1, -1, -1));
        else
            QStyledItemDelegate::updateEditorGeometry(editor, option, index);
    }

    // Section rows are as tall and the column as wide as the combo box they hold; the
    // lines under them wrap to the view's width (QTreeView asks without a width).
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const auto *view = qobject_cast<const QTreeView *>(option.widget);
        if (view && view->wordWrap() && index.parent().isValid() && index.column() == 0) {
            int depth = view->rootIsDecorated() ? 1 : 0;
            for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
                ++depth;
            QStyleOptionViewItem wrapped(option);
            // The style wraps only within a valid rect, so give it a height too.
            wrapped.rect = QRect(0, 0, qMax(80, view->header()->length() - view->indentation() * depth), 1 << 16);
            return QStyledItemDelegate::sizeHint(wrapped, index);
        }
        QSize size = QStyledItemDelegate::sizeHint(option, index);
        if (!index.parent().isValid()) {
            int width = 0;
            for (SectionKind kind : kKinds)
                width = qMax(width, option.fontMetrics.horizontalAdvance(kindLabel(kind)));
            QStyleOptionComboBox box;
            box.fontMetrics = option.fontMetrics;
            box.editable = false;
            const QStyle *style = option.widget ? option.widget->style() : QApplication::style();
            const QSize combo = style->sizeFromContents(QStyle::CT_ComboBox, &box,
                                                        QSize(width + 8, option.fontMetrics.height()), option.widget);
            size.setHeight(qMax(size.height(), combo.height() + 2));
            if (isKindCell(index))
                size.setWidth(qMax(size.width(), combo.width() + 2));
        }
        return size;
    }
};

}  // namespace

NewRoleDialog::NewRoleDialog(Store *store, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("newRoleDialog"));
    setWindowTitle(tr("New Role from Posting"));

    // Left: the posting.
    m_posting = new QPlainTextEdit(this);
    m_posting->setObjectName(QStringLiteral("postingEdit"));
    m_posting->setAccessibleName(tr("Posting text"));
    m_posting->setPlaceholderText(tr("Paste a job posting here: a title line, then sections such as "
                                     "Responsibilities, Requirements, Nice to have and Work setup, "
                                     "each with its lines or bullets."));
    m_posting->setToolTip(tr("The posting as published; the preview follows as you type or paste"));
    m_posting->setTabChangesFocus(true);
    auto *postingLabel = new QLabel(tr("&Posting:"), this);
    postingLabel->setBuddy(m_posting);

    m_openFile = new QPushButton(tr("&Open File…"), this);
    m_openFile->setObjectName(QStringLiteral("openFileButton"));
    m_openFile->setAccessibleName(tr("Open posting file"));
    m_openFile->setToolTip(tr("Read the posting from a UTF-8 or UTF-16 text or Markdown file (%1)")
                               .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)));
    // Alt+O through the mnemonic, and the platform's Open shortcut too.
    auto *openShortcut = new QShortcut(QKeySequence::Open, this);
    connect(openShortcut, &QShortcut::activated, this, &NewRoleDialog::openFile);
    m_openFile->setAutoDefault(false);
    connect(m_openFile, &QPushButton::clicked, this, &NewRoleDialog::openFile);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *postingHeader = new QHBoxLayout;
    postingHeader->addWidget(postingLabel);
    postingHeader->addStretch();
    postingHeader->addWidget(m_openFile);
    leftLayout->addLayout(postingHeader);
    leftLayout->addWidget(m_posting);

    // Right: what the role will be made of.
    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("titleEdit"));
    m_title->setAccessibleName(tr("Role title"));
    m_title->setPlaceholderText(tr("Required"));
    m_title->setToolTip(tr("Taken from the posting; what you type here is kept when the posting changes. "
                           "Clear it to take the posting's title again."));
    auto *titleForm = new QFormLayout;
    titleForm->setContentsMargins(0, 0, 0, 0);
    titleForm->addRow(tr("&Title:"), m_title);

    m_model = new QStandardItemModel(0, ColumnCount, this);
    m_model->setHorizontalHeaderLabels({tr("Section"), tr("Kind"), tr("Items")});
    m_model->horizontalHeaderItem(SectionColumn)->setToolTip(tr("Section heading as written in the posting"));
    m_model->horizontalHeaderItem(KindColumn)
        ->setToolTip(tr(
            "How the section's lines are used: rated in the rubric, asked as screening facts, or kept as information"));
    m_model->horizontalHeaderItem(ItemsColumn)->setToolTip(tr("Number of lines in the section"));

    m_preview = new QTreeView(this);
    m_preview->setObjectName(QStringLiteral("previewView"));
    m_preview->setAccessibleName(tr("Sections of the posting"));
    m_preview->setAccessibleDescription(tr("One row per section with its kind; expand a section to see its lines. "
                                           "Press F2 on a kind to change it."));
    m_preview->setModel(m_model);
    m_preview->setItemDelegate(new KindDelegate(m_preview));
    m_preview->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_preview->setAlternatingRowColors(true);
    m_preview->setTextElideMode(Qt::ElideRight);
    m_preview->setWordWrap(true);
    m_preview->header()->setStretchLastSection(false);
    m_preview->header()->setSectionResizeMode(SectionColumn, QHeaderView::Stretch);
    m_preview->header()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    m_preview->header()->setSectionResizeMode(ItemsColumn, QHeaderView::ResizeToContents);
    auto *previewLabel = new QLabel(tr("&Sections:"), this);
    previewLabel->setBuddy(m_preview);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setToolTip(tr("What the new role's rubric will hold"));

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("rubricNoteLabel"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setToolTip(tr("The role can be created; its rubric is then to be written by hand"));
    m_note->hide();

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(titleForm);
    rightLayout->addWidget(previewLabel);
    rightLayout->addWidget(m_preview, 1);
    rightLayout->addWidget(m_summary);
    rightLayout->addWidget(m_note);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("newRoleSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({390, 490});

    m_problem = new ProblemLabel(this);
    m_problem->setTextFormat(Qt::RichText);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("buttonBox"));
    m_create = m_buttons->button(QDialogButtonBox::Ok);
    m_create->setText(tr("Create Role"));
    m_create->setObjectName(QStringLiteral("createRoleButton"));
    m_buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("cancelButton"));
    m_creating = WaitingButtons(m_buttons, QDialogButtonBox::Ok);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NewRoleDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_splitter, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    setTabOrder(m_posting, m_openFile);
    setTabOrder(m_openFile, m_title);
    setTabOrder(m_title, m_preview);
    setTabOrder(m_preview, m_create);

    m_parseTimer = new QTimer(this);
    m_parseTimer->setSingleShot(true);
    m_parseTimer->setInterval(kParseDelayMs);
    connect(m_parseTimer, &QTimer::timeout, this, &NewRoleDialog::refreshPreview);
    connect(m_posting, &QPlainTextEdit::textChanged, m_parseTimer, QOverload<>::of(&QTimer::start));
    connect(m_posting, &QPlainTextEdit::textChanged, m_problem, &QWidget::hide);

    connect(m_title, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_titleEdited = !text.trimmed().isEmpty();
        m_problem->hide();
        updateSummary();
    });
    connect(m_model, &QStandardItemModel::itemChanged, this, &NewRoleDialog::kindEdited);
    auto remember = [this](bool expanded) {
        return [this, expanded](const QModelIndex &index) {
            if (!m_rebuilding && !index.parent().isValid())
                m_expanded.insert(index.siblingAtColumn(SectionColumn).data().toString(), expanded);
        };
    };
    connect(m_preview, &QTreeView::expanded, this, remember(true));
    connect(m_preview, &QTreeView::collapsed, this, remember(false));
    // Wrapped lines change height with the width: lay the rows out again, once per burst.
    connect(m_preview->header(), &QHeaderView::sectionResized, this, [this](int column, int oldWidth, int newWidth) {
        if (column != SectionColumn || oldWidth == newWidth || m_relayoutPending)
            return;
        m_relayoutPending = true;
        QTimer::singleShot(0, this, [this] {
            m_relayoutPending = false;
            m_preview->doItemsLayout();
        });
    });

    resize(900, 650);
    m_splitter->restoreState(Settings::instance().state(QStringLiteral("newRoleDialog/splitter")));
    refreshPreview();
    m_posting->setFocus();
}

NewRoleDialog::~NewRoleDialog()
{
    // QDialog's destructor hides the dialog, which resizes the preview's header sections
    // after this destructor has run: the handler must not reach a half-destroyed dialog.
    m_preview->header()->disconnect(this);
}

bool NewRoleDialog::loadFile(const QString &path)
{
    QString text;
    QString error;
    if (!TextFile::read(path, &text, &error)) {
        showProblem(error);
        return false;
    }
    m_posting->setPlainText(text);
    refreshPreview();
    m_problem->hide();
    return true;
}

void NewRoleDialog::openFile()
{
    Settings &settings = Settings::instance();
    const QString key = QStringLiteral("newRoleDialog/directory");
    QString dir = QString::fromUtf8(settings.state(key));
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = QDir::homePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Posting"), dir,
                                                      tr("Postings (*.txt *.md);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setState(key, QFileInfo(path).absolutePath().toUtf8());
    loadFile(path);
}

void NewRoleDialog::refreshPreview()
{
    m_parseTimer->stop();
    m_parsed = PostingParser::parse(m_posting->toPlainText());

    // A kind the user chose holds while a section of that name exists.
    QSet<QString> names;
    for (const PostingSection &section : std::as_const(m_parsed.sections))
        names.insert(section.name);
    for (auto it = m_userKinds.begin(); it != m_userKinds.end();) {
        if (names.contains(it.key()))
            ++it;
        else
            it = m_userKinds.erase(it);
    }

    if (!m_titleEdited && m_title->text() != m_parsed.title.trimmed())
        m_title->setText(m_parsed.title.trimmed());
    rebuildPreview();
    updateSummary();
}

void NewRoleDialog::rebuildPreview()
{
    const int scroll = m_preview->verticalScrollBar()->value();
    const QModelIndex current = m_preview->currentIndex();
    const int currentRow = current.isValid() && !current.parent().isValid() ? current.row() : -1;
    const int currentColumn = current.column();

    m_rebuilding = true;
    m_model->removeRows(0, m_model->rowCount());
    for (const PostingSection &section : std::as_const(m_parsed.sections)) {
        const SectionKind kind = m_userKinds.value(section.name, section.kind);
        auto *name = new QStandardItem(section.name);
        name->setEditable(false);
        name->setToolTip(section.items.size() == 1 ? tr("“%1”: 1 line").arg(section.name)
                                                   : tr("“%1”: %2 lines").arg(section.name).arg(section.items.size()));
        auto *kindItem = new QStandardItem(kindLabel(kind));
        kindItem->setData(int(kind), KindRole);
        kindItem->setToolTip(kindToolTip(kind));
        auto *count = new QStandardItem(QString::number(section.items.size()));
        count->setEditable(false);
        count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        // A page of lines is enough to judge a section; the count says how many it has.
        const qsizetype shown = qMin<qsizetype>(section.items.size(), MaxLinesShown);
        for (qsizetype i = 0; i <= shown; ++i) {
            const int more = int(section.items.size() - shown);
            if (i == shown && more == 0)
                break;
            const QString line = i < shown ? section.items.at(i) : tr("\u2026 and %n more lines", "", more);
            auto *item = new QStandardItem(line);
            item->setEditable(false);
            item->setToolTip(line);
            if (i == shown) {
                QFont italic = item->font();
                italic.setItalic(true);
                item->setFont(italic);
                item->setToolTip(
                    tr("All %n lines of “%1” go into the role", "", int(section.items.size())).arg(section.name));
            }
            auto *kindBlank = new QStandardItem;
            kindBlank->setEditable(false);
            auto *countBlank = new QStandardItem;
            countBlank->setEditable(false);
            name->appendRow({item, kindBlank, countBlank});
        }
        m_model->appendRow({name, kindItem, count});
    }

    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex section = m_model->index(row, SectionColumn);
        for (int child = 0; child < m_model->rowCount(section); ++child)
            m_preview->setFirstColumnSpanned(child, section, true);
        const QString name = section.data().toString();
        const auto kind = SectionKind(m_model->index(row, KindColumn).data(KindRole).toInt());
        m_preview->setExpanded(section, m_expanded.value(name, kind != SectionKind::Info));
        m_preview->openPersistentEditor(m_model->index(row, KindColumn));
        applyKindLook(row);
    }
    if (currentRow >= 0 && currentRow < m_model->rowCount())
        m_preview->setCurrentIndex(m_model->index(currentRow, currentColumn));
    m_preview->verticalScrollBar()->setValue(scroll);
    m_rebuilding = false;
}

// Lines of an Information section are greyed: they will not be rated or asked.
void NewRoleDialog::applyKindLook(int row)
{
    QStandardItem *section = m_model->item(row, SectionColumn);
    const auto kind = SectionKind(m_model->item(row, KindColumn)->data(KindRole).toInt());
    const QVariant colour = kind == SectionKind::Info
        ? QVariant(m_preview->palette().brush(QPalette::Disabled, QPalette::Text))
        : QVariant();
    for (int child = 0; child < section->rowCount(); ++child)
        section->child(child, SectionColumn)->setData(colour, Qt::ForegroundRole);
    m_model->item(row, ItemsColumn)->setData(colour, Qt::ForegroundRole);
}

void NewRoleDialog::kindEdited(QStandardItem *item)
{
    if (m_rebuilding || item->parent() || item->column() != KindColumn)
        return;
    const auto kind = SectionKind(item->data(KindRole).toInt());
    const QString name = m_model->item(item->row(), SectionColumn)->text();
    m_userKinds.insert(name, kind);

    // Sections that share the name share the choice, as they share the category.
    m_rebuilding = true;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->item(row, SectionColumn)->text() != name)
            continue;
        QStandardItem *cell = m_model->item(row, KindColumn);
        cell->setData(int(kind), KindRole);
        cell->setText(kindLabel(kind));
        cell->setToolTip(kindToolTip(kind));
        applyKindLook(row);
    }
    m_rebuilding = false;
    m_problem->hide();
    updateSummary();
}

ParsedPosting NewRoleDialog::postingWithUserKinds() const
{
    ParsedPosting posting = m_parsed;
    for (PostingSection &section : posting.sections)
        section.kind = m_userKinds.value(section.name, section.kind);
    return posting;
}

void NewRoleDialog::updateSummary()
{
    const ParsedPosting posting = postingWithUserKinds();
    const int attributes = posting.itemCount(SectionKind::Rateable);
    const int screening = posting.itemCount(SectionKind::Screening);
    QSet<QString> categories;
    for (const PostingSection &section : posting.sections)
        if (section.kind == SectionKind::Rateable && !section.items.isEmpty())
            categories.insert(section.name);

    const QString facts = screening == 0 ? tr("no screening facts")
        : screening == 1                 ? tr("1 screening fact")
                                         : tr("%1 screening facts").arg(screening);
    QString summary;
    if (posting.sections.isEmpty()) {
        summary = tr("Paste a posting or open a file to see its sections.");
    } else if (attributes == 0) {
        summary = tr("Nothing to rate (%2): the role can be created without a rubric, or set a section's kind to “%1”.")
                      .arg(kindLabel(SectionKind::Rateable), facts);
    } else {
        const QString a = attributes == 1 ? tr("1 attribute") : tr("%1 attributes").arg(attributes);
        const QString c = categories.size() == 1 ? tr("1 category") : tr("%1 categories").arg(categories.size());
        summary = tr("%1 in %2, %3").arg(a, c, facts);
    }
    m_summary->setText(summary);

    // A posting of paragraphs only still makes a role: title, overview, screening facts;
    // the note says its rubric is to be written by hand.
    const bool needsRubric = !posting.sections.isEmpty() && attributes == 0;
    m_note->setText(needsRubric ? RubricBuilder::needsRubricNote() : QString());
    m_note->setVisible(needsRubric);

    const bool hasTitle = !m_title->text().trimmed().isEmpty();
    m_create->setEnabled(hasTitle && !posting.sections.isEmpty() && !isCreating());
    m_create->setToolTip(!hasTitle                        ? tr("The role needs a title")
                             : posting.sections.isEmpty() ? tr("Paste a posting or open a file first")
                             : attributes == 0 ? tr("Create the role without a rubric; its attributes are then to be "
                                                    "written by hand")
                                               : tr("Create the role with this rubric and a default interview plan"));
}

void NewRoleDialog::showProblem(const QString &text)
{
    m_problem->setText(text.toHtmlEscaped());
    m_problem->show();
}

void NewRoleDialog::accept()
{
    if (m_parseTimer->isActive())
        refreshPreview();
    const QString title = m_title->text().trimmed();
    const ParsedPosting posting = postingWithUserKinds();
    if (title.isEmpty()) {
        showProblem(tr("The role needs a title."));
        m_title->setFocus();
        return;
    }
    if (posting.sections.isEmpty()) {
        showProblem(tr("The posting is empty: paste a posting or open a file."));
        m_posting->setFocus();
        return;
    }
    if (isCreating())
        return;
    Role role = RubricBuilder::fromPosting(posting, m_posting->toPlainText());
    role.title = title;
    // A role from a long posting is a few hundred rows: on a team server they are written
    // on the connection thread, and the dialog closes once the server has them.
    m_creating.start();
    m_problem->hide();
    StoreReads::of(m_store)->add(
        this, [role](Store &s) { return s.addRole(role); },
        [this](const StoreReads::Added &created) {
            m_creating.finish();
            if (!created.id) {
                updateSummary();
                showProblem(created.why);
                return;
            }
            m_createdRoleId = created.id;
            QDialog::accept();
        });
    if (isCreating())
        m_summary->setText(tr("Creating the role…"));
}

void NewRoleDialog::done(int result)
{
    Settings::instance().setState(QStringLiteral("newRoleDialog/splitter"), m_splitter->saveState());
    QDialog::done(result);
}

QString NewRoleDialog::roleTitle() const
{
    return m_title->text().trimmed();
}

void NewRoleDialog::reject()
{
    if (!isCreating())
        QDialog::reject();
}

}  // namespace hireloop
