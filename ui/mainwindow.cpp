#include "mainwindow.h"

#include "modelroles.h"
#include "rolelistmodel.h"
#include "roleview.h"
#include "store.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace hireloop {

MainWindow::MainWindow(Store *store, QWidget *parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_undoStack(new QUndoStack(this))
    , m_roles(new RoleListModel(store, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/hireloop.svg")));
    m_roleView = new RoleView(store, m_undoStack, this);
    setCentralWidget(m_roleView);

    m_roleSwitcher = new QComboBox(this);
    m_roleSwitcher->setObjectName(QStringLiteral("roleSwitcher"));
    m_roleSwitcher->setAccessibleName(tr("Role"));
    m_roleSwitcher->setToolTip(tr("The role every pane shows"));
    m_roleSwitcher->setModel(m_roles);
    m_roleSwitcher->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_actorLabel = new QLabel(this);
    m_actorLabel->setObjectName(QStringLiteral("actorLabel"));
    statusBar()->addPermanentWidget(m_actorLabel);

    createActions();

    connect(m_roleSwitcher, &QComboBox::currentIndexChanged, this,
            [this](int row) { m_roleView->setRoleId(m_roles->roleIdAt(row)); });
    connect(m_store, &Store::opened, this, &MainWindow::onStoreOpened);
    connect(m_store, &Store::actorChanged, this, &MainWindow::updateStatus);
    connect(m_store, &Store::errorOccurred, this, &MainWindow::showError);
    connect(m_undoStack, &QUndoStack::indexChanged, this, [this] {
        if (const QUndoCommand *c = m_undoStack->command(m_undoStack->index() - 1))
            statusBar()->showMessage(c->text(), 4000);
    });

    resize(1400, 860);
    onStoreOpened();
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Database…"), this, &MainWindow::openDatabase);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open another Hireloop database file"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undoStack->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_undoStack->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Hireloop"), this, [this] {
        QMessageBox::about(this, tr("About Hireloop"),
                           tr("<h3>Hireloop %1</h3><p>Structured hiring loops: a rubric from the posting, "
                              "interview plans, blind scorecards and debriefs, in one local file.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    auto *roleLabel = new QLabel(tr("&Role: "), this);
    roleLabel->setBuddy(m_roleSwitcher);
    bar->addWidget(roleLabel);
    bar->addWidget(m_roleSwitcher);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
}

void MainWindow::setCurrentRole(Id roleId)
{
    const int row = m_roles->rowOf(roleId);
    if (row >= 0)
        m_roleSwitcher->setCurrentIndex(row);
}

Id MainWindow::currentRole() const
{
    return m_roleView->roleId();
}

void MainWindow::onStoreOpened()
{
    m_undoStack->clear();
    m_roleView->setRoleId(m_roles->roleIdAt(m_roleSwitcher->currentIndex()));
    updateStatus();
}

void MainWindow::updateStatus()
{
    const Person actor = m_store->actor();
    setWindowTitle(tr("%1 — Hireloop").arg(QFileInfo(m_store->path()).fileName()));
    setWindowFilePath(m_store->path());
    m_actorLabel->setText(actor.id ? tr("Acting as %1 (%2)").arg(actor.name, personKindLabel(actor.kind))
                                   : tr("Acting as nobody"));
    m_actorLabel->setToolTip(QDir::toNativeSeparators(m_store->path()));
}

void MainWindow::openDatabase()
{
    const QString previous = m_store->path();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Database"), QFileInfo(previous).absolutePath(),
                                                      tr("Hireloop databases (*.sqlite *.db);;All files (*)"));
    if (path.isEmpty())
        return;
    if (m_store->open(path) && m_store->ensureDefaultData()) {
        statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
        return;
    }
    const QString error = m_store->errorString();
    m_store->open(previous);
    showError(error);
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(message, 8000);
    QMessageBox::warning(this, tr("Hireloop"), message);
}

} // namespace hireloop
