// hireloop-delayproxy: the latency lab by hand. Puts a chosen round trip between a
// Hireloop and a PostgreSQL server's Unix socket, until interrupted:
//
//   hireloop-delayproxy --to /tmp/hireloop-pg.X/.s.PGSQL.5432 --listen FOLDER
//                       [--rtt MS] [--jitter MS]
//
// Then `hireloop --db 'postgresql://USER@/DB?host=FOLDER'` talks to the server across it.
// Interrupting it leaves its socket file behind; the next start replaces it.

#include "delayproxy.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Relays a Unix socket to another with an added round-trip time."));
    parser.addHelpOption();
    const QCommandLineOption to(QStringLiteral("to"), QStringLiteral("The server's socket."), QStringLiteral("SOCKET"));
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("The folder for the relay's socket (of the same file name)."),
                                    QStringLiteral("FOLDER"));
    const QCommandLineOption rtt(QStringLiteral("rtt"), QStringLiteral("Round-trip time to add, in ms (default 150)."),
                                 QStringLiteral("MS"), QStringLiteral("150"));
    const QCommandLineOption jitter(QStringLiteral("jitter"),
                                    QStringLiteral("Up to this much more per round trip, in ms."), QStringLiteral("MS"),
                                    QStringLiteral("0"));
    parser.addOptions({to, listen, rtt, jitter});
    parser.process(app);
    QTextStream err(stderr);
    bool rttOk = false;
    bool jitterOk = false;
    const int rttMs = parser.value(rtt).toInt(&rttOk);
    const int jitterMs = parser.value(jitter).toInt(&jitterOk);
    if (!parser.isSet(to) || !parser.isSet(listen) || !rttOk || !jitterOk || rttMs < 0 || jitterMs < 0) {
        err << "hireloop-delayproxy: --to SOCKET and --listen FOLDER are needed; --rtt and --jitter take whole ms\n";
        return 2;
    }
    hireloop::bench::DelayProxy proxy;
    QString error;
    if (!QDir().mkpath(parser.value(listen)) || !proxy.start(parser.value(to), parser.value(listen), &error)) {
        err << "hireloop-delayproxy: "
            << (error.isEmpty() ? QStringLiteral("cannot make ") + parser.value(listen) : error) << "\n";
        return 1;
    }
    proxy.setDelay(rttMs, jitterMs);
    err << "hireloop-delayproxy: " << proxy.listenSocket() << " -> " << parser.value(to) << ", " << rttMs
        << " ms round trip" << (jitterMs ? QStringLiteral(" + up to %1 ms").arg(jitterMs) : QString()) << "\n";
    err.flush();
    return app.exec();
}
