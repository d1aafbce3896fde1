// hireloop: the desktop application. Opens the database given by --db (or the
// default one), adds the default role to a new database, and shows the main window.

#include "appinfo.h"
#include "mainwindow.h"
#include "store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

using namespace hireloop;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    setApplicationInfo();
    QApplication::setApplicationDisplayName(QStringLiteral("Hireloop"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/hireloop.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Structured hiring loops on the desktop."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QStringLiteral("The database file to open."),
                                      QStringLiteral("PATH"), Database::defaultPath());
    parser.addOption(dbOption);
    parser.process(app);

    Store store;
    if (!store.open(parser.value(dbOption)) || !store.ensureDefaultData()) {
        QMessageBox::critical(nullptr, QStringLiteral("Hireloop"), store.errorString());
        return 1;
    }
    MainWindow window(&store);
    window.show();
    return app.exec();
}
