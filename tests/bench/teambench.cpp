// hireloop-teambench: issue #17's run, "no lost updates, live windows". N clients, each
// a login of its own with a Store of its own in a thread of its own (its own server
// session, LISTENing through its own event loop), fill and submit scorecards and move
// candidates between stages for S seconds against one PostgreSQL server. Then it checks
// what the issue asks and prints one JSON line per figure and a short summary:
//
//   - errors: every refused write that is not a reported conflict, every failed read and
//     every lost connection (0 wanted);
//   - lost writes: every acknowledged write is in the database afterwards, unless a later
//     acknowledged write of the same row replaced it; and nothing is there that no client
//     was told was written (0 wanted);
//   - views: each client's candidates (read fresh after 2 s of quiet, and the view it kept
//     up to date from change notices) equal to the database as its administrator reads
//     it, as far as that client may see (all wanted);
//   - notice latency: from a client's acknowledged move to each other client that sees
//     the application having re-read it after the change notice, median and worst
//     (≤ 1 s wanted), and how many never got there within 5 s.
//
//   hireloop-teambench [--server postgresql://USER@/postgres?host=SOCKETDIR] [--clients N]
//                      [--seconds S] [--candidates N] [--pause MS] [--seed N]
//                      [--database NAME] [--keep] [--json FILE] [--pgcluster SCRIPT]
//
// Without --server it starts a throwaway cluster of its own (tests/pg/pgcluster.sh) and
// always stops it. With --server, the URI's login needs to create databases and roles;
// the database it names is only the one the bench administers from. Either way the run
// is in a database made afresh (--database, default hireloop_teambench) with `team init`'s
// steps, dropped at the end with the logins the run made (unless --keep).
//
// Half the clients (rounded down) move candidates: the team's hiring manager and
// coordinators, since interviewers may not move. The others are interviewers, each on
// the panels of some of the candidates (3 to an interview), who amend, fill and submit
// their scorecards over and over. A move is made on the version of the application read
// a moment before (a think time of up to --pause ms), as a window's user makes it, so two
// movers on one application meet as a reported conflict; a few applications are picked
// often on purpose. Each client waits --pause ms (jittered) between operations.
//
// Exit status: 0 when every correctness figure holds, 1 when one does not or the run could
// not be made, 2 for a usage error.

#include "store/store.h"
#include "throwawaycluster.h"
#include "storage/serverlocation.h"
#include "storage/teamaccess.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>
#include <utility>

using namespace hireloop;

namespace {

constexpr int QuietMs = 2000;  // after the last write, before the views are compared
constexpr double MissedAfterMs = 5000;  // a change not seen by then was never seen
constexpr int HotApplications = 10;  // picked by movers half the time, so movers meet
constexpr int PanelSize = 3;

std::atomic<bool> s_interrupted{false};

void onSignal(int)
{
    s_interrupted = true;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

// Milliseconds on the steady clock, the same in every thread.
double nowMs()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

struct Options
{
    QString server;  // empty: a cluster of our own
    QString database = QStringLiteral("hireloop_teambench");
    QString cluster = QStringLiteral(HIRELOOP_PGCLUSTER);
    QString json;
    int clients = 20;
    int seconds = 60;
    int candidates = 200;
    int pauseMs = 100;
    quint32 seed = 1;
    bool keep = false;
};

// Where an application stands.
struct AppState
{
    Id stageId = 0;
    ApplicationStatus status = ApplicationStatus::Active;
    int version = 0;

    bool sameStanding(const AppState &o) const { return stageId == o.stageId && status == o.status; }
};

QString standing(const AppState &s)
{
    return QStringLiteral("stage %1 %2 (version %3)")
        .arg(s.stageId)
        .arg(applicationStatusName(s.status))
        .arg(s.version);
}

// Who a client is and what it works on.
struct ClientSpec
{
    int index = 0;
    Id personId = 0;
    PersonKind kind = PersonKind::Interviewer;
    QString login;
    QString uri;  // the database as that login
    QList<Id> interviews;  // an interviewer's: where they sit on the panel
    QSet<Id> visible;  // the applications they see

    bool moves() const { return kind != PersonKind::Interviewer; }
};

// The run's database as the setup left it.
struct Setup
{
    QString uri;  // as the administrator
    Id roleId = 0;
    QList<Id> stages;
    Stage interviewStage;
    QList<Id> applications;  // in the order made: the first HotApplications are the hot ones
    QHash<Id, AppState> initial;
    QHash<Id, Id> eventsBefore;  // application -> its last stage event before the run
    QList<ClientSpec> clients;
    QStringList logins;
};

// An acknowledged move: the stage event it wrote, and where it left the application
// (to.version: the version its write made), when the client was told (steady ms).
struct MoveAck
{
    Id application = 0;
    Id eventId = 0;
    AppState to;
    double at = 0;
    int client = 0;
};

// An acknowledged scorecard write: an amendment (a new draft revision), a draft saved
// with this content, or a submission.
struct ScorecardAck
{
    enum Kind { Amend, Draft, Submit };
    Kind kind = Draft;
    Id interviewId = 0;
    Id scorecardId = 0;
    Recommendation overall = Recommendation::None;
    QString takeaways;
    QList<Rating> ratings;
};

// When a client, through a change notice, first read an application at a version.
struct Sighting
{
    int version = 0;
    double at = 0;
};

// What a client did and saw, read by the main thread once the client's thread ended.
struct ClientResult
{
    bool opened = false;
    QList<MoveAck> moves;
    int unchangedMoves = 0;  // acknowledged with nothing written: it stood there already
    QList<ScorecardAck> scorecards;
    int conflicts = 0;
    int errors = 0;
    QStringList errorSamples;
    QList<double> writeMs;  // how long each write call took, refused ones too
    int dataResets = 0;
    QHash<Id, QList<Sighting>> sightings;
    QHash<Id, AppState> liveView;  // kept up to date from its own writes and notices
    QHash<Id, AppState> freshView;  // candidateRows() after the quiet
    bool freshRead = false;
};

// What the main thread and the clients share: the start, the end and the quiet.
struct Run
{
    QSemaphore ready;  // a client has opened its store (or failed to)
    QSemaphore go;  // the run starts (deadlineMs is set)
    QSemaphore stopped;  // a client has made its last write
    std::atomic<bool> finish{false};  // the quiet is over: read the views, close
    double deadlineMs = 0;
    int pauseMs = 100;
    quint32 seed = 1;
};

// One client: its login's Store in a thread of its own, with its event loop.
class Client : public QThread
{
public:
    Client(Run *run, const Setup *setup, const ClientSpec &spec)
        : m_run(run)
        , m_setup(setup)
        , m_spec(spec)
        , m_random(run->seed * 7919u + quint32(spec.index))
    { }

    const ClientResult &result() const { return m_result; }
    const ClientSpec &spec() const { return m_spec; }

protected:
    void run() override;

private:
    void operate();
    void move();
    void score();
    // The application read again (after a change signal): the live view, and with
    // fromNotice a sighting of a new version.
    void refresh(Id applicationId, bool fromNotice);
    void error(const QString &what);
    Id pickApplication();
    int pause() { return m_run->pauseMs / 2 + int(m_random.bounded(quint32(m_run->pauseMs + 1))); }
    // One of our writes: its signals are no notices (the store emits them as it returns),
    // and how long the client waited for it is kept.
    template <typename Write>
    auto own(const Write &write)
    {
        m_own = true;
        const double start = nowMs();
        const auto done = write();
        m_result.writeMs << nowMs() - start;
        m_own = false;
        return done;
    }

    Run *m_run;
    const Setup *m_setup;
    ClientSpec m_spec;
    QRandomGenerator m_random;
    ClientResult m_result;
    Store *m_store = nullptr;
    bool m_own = false;  // inside one of our own writes: its signals are no notices
    QHash<Id, int> m_seen;  // application -> the newest version a notice showed
    QList<Id> m_applications;  // a mover's picks
    int m_writes = 0;
    struct Pending
    {
        Id application = 0;
        AppState read;
    } m_pending;
};

void Client::run()
{
    Store store;
    m_store = &store;
    QObject::connect(&store, &Store::applicationChanged, &store, [this](Id id) {
        if (!m_own)
            refresh(id, true);
    });
    QObject::connect(&store, &Store::dataReset, &store, [this] {
        ++m_result.dataResets;
        for (Id id : std::as_const(m_spec.visible))
            refresh(id, true);
    });
    QObject::connect(&store, &Store::connectionLost, &store,
                     [this](const QString &why) { error(QStringLiteral("connection lost: %1").arg(why)); });
    m_result.opened = store.open(m_spec.uri) && store.identityFromLogin() && store.actorId() == m_spec.personId;
    if (!m_result.opened) {
        error(QStringLiteral("cannot open %1 as %2: %3").arg(m_spec.uri, m_spec.login, store.errorString()));
        m_run->ready.release();
        m_run->go.acquire();
        m_run->stopped.release();
        return;
    }
    // Where the client starts: its window's first read.
    for (const CandidateRow &row : store.candidateRows(m_setup->roleId)) {
        AppState s = m_setup->initial.value(row.applicationId);
        s.stageId = row.stageId;
        s.status = row.status;
        m_result.liveView.insert(row.applicationId, s);
        m_seen.insert(row.applicationId, s.version);
    }
    if (m_result.liveView.size() != m_spec.visible.size())
        error(QStringLiteral("sees %1 applications at the start, not %2")
                  .arg(m_result.liveView.size())
                  .arg(m_spec.visible.size()));
    m_applications = m_setup->applications;
    m_run->ready.release();
    m_run->go.acquire();

    QEventLoop loop;
    bool stopped = false;
    QTimer tick;
    tick.setSingleShot(true);
    QObject::connect(&tick, &QTimer::timeout, &tick, [&] {
        if (nowMs() >= m_run->deadlineMs || s_interrupted) {
            stopped = true;
            m_run->stopped.release();
            return;
        }
        operate();
        tick.start(pause());
    });
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, &poll, [&] {
        if (stopped && m_run->finish)
            loop.quit();
    });
    tick.start(pause());
    poll.start();
    loop.exec();
    tick.stop();
    poll.stop();

    const QList<CandidateRow> rows = store.candidateRows(m_setup->roleId);
    m_result.freshRead = store.isOpen() && !store.isConnectionLost();
    for (const CandidateRow &row : rows)
        m_result.freshView.insert(row.applicationId, AppState{row.stageId, row.status, 0});
    store.close();
    m_store = nullptr;
}

void Client::operate()
{
    if (m_spec.moves())
        move();
    else
        score();
}

Id Client::pickApplication()
{
    const int hot = std::min(HotApplications, int(m_applications.size()));
    if (hot > 0 && m_random.bounded(2) == 0)
        return m_applications.at(int(m_random.bounded(hot)));
    return m_applications.at(int(m_random.bounded(int(m_applications.size()))));
}

// Two steps, an operation each: read an application as a window shows it, then (after
// the pause, a user's think time) move it on the version read.
void Client::move()
{
    if (!m_pending.application) {
        const Id id = pickApplication();
        Application app;
        if (!m_store->application(id, &app) || app.version <= 0) {
            error(QStringLiteral("cannot read application %1: %2").arg(id).arg(m_store->errorString()));
            return;
        }
        m_pending = {id, AppState{app.stageId, app.status, app.version}};
        return;
    }
    const Pending p = std::exchange(m_pending, {});
    AppState to;
    do {
        to.stageId = m_setup->stages.at(int(m_random.bounded(int(m_setup->stages.size()))));
        const quint32 dice = m_random.bounded(10);
        to.status = dice == 0 ? ApplicationStatus::Rejected
            : dice == 1       ? ApplicationStatus::Withdrawn
                              : ApplicationStatus::Active;
    } while (to.sameStanding(p.read));
    const QString reason = to.status == ApplicationStatus::Active
        ? QString()
        : QStringLiteral("teambench client %1 write %2").arg(m_spec.index).arg(++m_writes);
    Id eventId = 0;
    const bool ok = own([&] {
        return m_store->moveApplication(p.application, to.stageId, to.status, reason, &eventId, p.read.version);
    });
    const double at = nowMs();
    if (ok && eventId) {
        // The row was at the version read, and this write made the next one.
        to.version = p.read.version + 1;
        m_result.moves << MoveAck{p.application, eventId, to, at, m_spec.index};
        m_result.liveView.insert(p.application, to);
    } else if (ok) {
        ++m_result.unchangedMoves;  // someone had put it there already: nothing to write
        refresh(p.application, false);
    } else if (m_store->lastWriteConflicted()) {
        ++m_result.conflicts;
        refresh(p.application, false);  // as the window does: the row as it is now
    } else {
        error(QStringLiteral("move of application %1: %2").arg(p.application).arg(m_store->errorString()));
    }
}

// One round on one of the interviewer's scorecards: amended when submitted, filled
// anew, submitted.
void Client::score()
{
    const Id interviewId = m_spec.interviews.at(int(m_random.bounded(int(m_spec.interviews.size()))));
    Id id = m_store->myScorecard(interviewId);
    Scorecard card;
    if (!id || !m_store->scorecard(id, &card)) {
        error(QStringLiteral("cannot read the scorecard of interview %1: %2")
                  .arg(interviewId)
                  .arg(m_store->errorString()));
        return;
    }
    if (!card.isDraft()) {
        const Id amended = own([&] { return m_store->amendScorecard(id); });
        if (!amended || !m_store->scorecard(amended, &card)) {
            error(QStringLiteral("amendment of scorecard %1: %2").arg(id).arg(m_store->errorString()));
            return;
        }
        id = amended;
        m_result.scorecards << ScorecardAck{ScorecardAck::Amend, interviewId, id, {}, {}, {}};
    }
    const int write = ++m_writes;
    card.ratings.clear();
    for (Id attribute : std::as_const(m_setup->interviewStage.focus))
        card.ratings << Rating{attribute, 1 + int(m_random.bounded(5)),
                               QStringLiteral("evidence from client %1, write %2").arg(m_spec.index).arg(write)};
    static const Recommendation overall[] = {Recommendation::StrongNo, Recommendation::No, Recommendation::Yes,
                                             Recommendation::StrongYes, Recommendation::NoDecision};
    card.overall = overall[m_random.bounded(5)];
    card.takeaways = QStringLiteral("teambench client %1 write %2").arg(m_spec.index).arg(write);
    if (!own([&] { return m_store->saveDraft(card); })) {
        if (m_store->lastWriteConflicted())
            ++m_result.conflicts;
        else
            error(QStringLiteral("draft of scorecard %1: %2").arg(id).arg(m_store->errorString()));
        return;
    }
    m_result.scorecards << ScorecardAck{ScorecardAck::Draft, interviewId,    id,
                                        card.overall,        card.takeaways, card.ratings};
    // submitScorecard writes unversioned (only its author writes a scorecard): any
    // refusal is an error.
    if (!own([&] { return m_store->submitScorecard(id); })) {
        error(QStringLiteral("submission of scorecard %1: %2").arg(id).arg(m_store->errorString()));
        return;
    }
    m_result.scorecards << ScorecardAck{ScorecardAck::Submit, interviewId, id, {}, {}, {}};
}

void Client::refresh(Id applicationId, bool fromNotice)
{
    if (!m_spec.visible.contains(applicationId))
        return;  // not in this client's window
    Application app;
    if (!m_store->application(applicationId, &app)) {
        error(QStringLiteral("cannot read application %1: %2").arg(applicationId).arg(m_store->errorString()));
        return;
    }
    const AppState now{app.stageId, app.status, app.version};
    m_result.liveView.insert(applicationId, now);
    if (fromNotice && app.version > m_seen.value(applicationId)) {
        m_seen.insert(applicationId, app.version);
        m_result.sightings[applicationId] << Sighting{app.version, nowMs()};
    }
}

void Client::error(const QString &what)
{
    ++m_result.errors;
    if (m_result.errorSamples.size() < 5)
        m_result.errorSamples << QStringLiteral("client %1 (%2): %3").arg(m_spec.index).arg(m_spec.login, what);
}

QString loginUri(const QString &adminUri, const QString &login)
{
    ServerLocation l = ServerLocation::parse(adminUri);
    l.user = login;
    l.password.clear();
    return l.toDisplayUri();
}

// The run's database, made as `hireloop-cli team init` makes one, then the people (each
// with a login), the candidates and their interviews.
bool setUp(const Options &o, const QString &uri, Setup *setup, QString *error)
{
    setup->uri = uri;
    DatabaseOptions options;
    options.listen = false;  // the administrator's store only sets up and reads at the end
    Store admin;
    const QString prefix = QStringLiteral("teambench_%1").arg(QCoreApplication::applicationPid());
    auto failed = [&](const QString &what) {
        *error = QStringLiteral("%1: %2").arg(what, admin.errorString());
        return false;
    };
    auto remember = [&](const QString &login) {
        const QString password = TeamAccess::generatePassword();
        Database::rememberPassword(ServerLocation::parse(loginUri(uri, login)), password);
        setup->logins << login;
        return password;
    };
    if (!admin.open(uri, options))
        return failed(QStringLiteral("cannot open the run's database"));
    if (!admin.database().wasCreated())
        return failed(QStringLiteral("the run's database is not empty"));
    Person manager;
    manager.name = QStringLiteral("Bench Manager");
    manager.email = QStringLiteral("manager@teambench.example");
    manager.login = prefix + QStringLiteral("_hm");
    if (!admin.ensureDefaultData(nullptr, manager, remember(manager.login)))
        return failed(QStringLiteral("team init"));
    const Id managerId = admin.actorId();
    Role role;
    const QList<RoleSummary> roles = admin.roles();
    if (roles.isEmpty() || !admin.role(roles.first().id, &role) || role.stages.size() < 2)
        return failed(QStringLiteral("no default role"));
    setup->roleId = role.id;
    for (const Stage &s : std::as_const(role.stages)) {
        setup->stages << s.id;
        if (!setup->interviewStage.id && s.focus.size() >= 3 && s.id != role.stages.last().id)
            setup->interviewStage = s;
    }
    if (!setup->interviewStage.id) {
        *error = QStringLiteral("the default role has no stage that assesses three attributes");
        return false;
    }

    const int movers = o.clients / 2;
    const int scorers = o.clients - movers;
    for (int i = 0; i < o.clients; ++i) {
        ClientSpec c;
        c.index = i;
        if (i == 0) {
            c.kind = PersonKind::HiringManager;
            c.personId = managerId;
            c.login = manager.login;
        } else {
            const bool mover = i < movers;
            Person p;
            p.kind = mover ? PersonKind::Coordinator : PersonKind::Interviewer;
            p.name = mover ? QStringLiteral("Bench Coordinator %1").arg(i)
                           : QStringLiteral("Bench Interviewer %1").arg(i);
            p.email = QStringLiteral("client%1@teambench.example").arg(i);
            p.login = prefix + (mover ? QStringLiteral("_co%1") : QStringLiteral("_iv%1")).arg(i);
            p.id = admin.addPerson(p, remember(p.login));
            if (!p.id)
                return failed(QStringLiteral("cannot add %1").arg(p.name));
            c.kind = p.kind;
            c.personId = p.id;
            c.login = p.login;
        }
        c.uri = loginUri(uri, c.login);
        setup->clients << c;
    }
    err() << "teambench: " << o.clients << " logins (" << movers << " moving candidates, " << scorers
          << " interviewers); adding " << o.candidates << " candidates and their interviews ...\n";
    err().flush();

    // Each candidate at the interview stage, interviewed an hour ago by a panel of three
    // of the interviewers, in turn.
    const qint64 started = admin.now() - 2 * 3600;
    for (int j = 0; j < o.candidates; ++j) {
        Candidate c;
        c.name = QStringLiteral("Bench Candidate %1").arg(j + 1, 4, 10, QLatin1Char('0'));
        c.emails << QStringLiteral("candidate%1@teambench.example").arg(j + 1);
        Id application = 0;
        if (!admin.addCandidate(c, role.id, setup->interviewStage.id, &application) || !application)
            return failed(QStringLiteral("cannot add %1").arg(c.name));
        setup->applications << application;
        Interview iv;
        iv.applicationId = application;
        iv.stageId = setup->interviewStage.id;
        iv.startsAt = started;
        iv.durationMin = 60;
        QList<int> panel;
        for (int k = 0; k < std::min(PanelSize, scorers); ++k)
            panel << movers + (j + k) % scorers;
        for (int index : std::as_const(panel))
            iv.panel << setup->clients.at(index).personId;
        const Id interviewId = admin.scheduleInterview(iv);
        if (!interviewId)
            return failed(QStringLiteral("cannot schedule the interview of %1").arg(c.name));
        for (int index : std::as_const(panel)) {
            setup->clients[index].interviews << interviewId;
            setup->clients[index].visible.insert(application);
        }
        for (int index = 0; index < movers; ++index)
            setup->clients[index].visible.insert(application);
    }
    for (Id id : std::as_const(setup->applications)) {
        Application app;
        const QList<StageEvent> events = admin.stageEvents(id);
        if (!admin.application(id, &app) || events.isEmpty())
            return failed(QStringLiteral("cannot read application %1").arg(id));
        setup->initial.insert(id, AppState{app.stageId, app.status, app.version});
        setup->eventsBefore.insert(id, events.last().id);
    }
    return true;
}

// The run's figures, as verify() finds them.
struct Figures
{
    int movesAcked = 0, unchangedMoves = 0, drafts = 0, submits = 0, amends = 0;
    int conflicts = 0, errors = 0;
    int lostWrites = 0, unacknowledged = 0, historyBreaks = 0;
    int viewsEqual = 0, liveViewsEqual = 0;
    int dataResets = 0;
    QList<double> writeMs;
    QList<double> latencies;
    int missed = 0;
    QStringList problems;  // the first few, for the summary

    int writes() const { return movesAcked + drafts + submits + amends; }
    void problem(const QString &what)
    {
        if (problems.size() < 12)
            problems << what;
    }
};

// Everything the clients were told was written, against the database as its
// administrator reads it after the run.
bool verify(const Setup &setup, const QList<Client *> &clients, Figures *f, QString *error)
{
    DatabaseOptions options;
    options.listen = false;
    Store admin;
    if (!admin.open(setup.uri, options)) {
        *error = QStringLiteral("cannot open the run's database to check it: %1").arg(admin.errorString());
        return false;
    }
    QHash<Id, AppState> finalState;
    for (Id id : std::as_const(setup.applications)) {
        Application app;
        if (!admin.application(id, &app)) {
            *error = QStringLiteral("cannot read application %1: %2").arg(id).arg(admin.errorString());
            return false;
        }
        finalState.insert(id, AppState{app.stageId, app.status, app.version});
    }

    // Moves. The version a move made is unique to it (a write on a stale version is
    // refused), so the one that made the final version is the last, and the final version
    // is the first one plus the moves acknowledged.
    QHash<Id, QList<const MoveAck *>> movesOf;
    for (const Client *c : clients)
        for (const MoveAck &m : c->result().moves)
            movesOf[m.application] << &m;
    for (Id id : std::as_const(setup.applications)) {
        const AppState now = finalState.value(id);
        const AppState before = setup.initial.value(id);
        const QList<const MoveAck *> acks = movesOf.value(id);
        const int expectedVersion = before.version + int(acks.size());
        // Each way of seeing a lost (or an unacknowledged) write counts; the
        // application's figure is the largest of them.
        int lost = 0, unacknowledged = 0;
        if (now.version < expectedVersion) {
            lost = expectedVersion - now.version;
            f->problem(QStringLiteral("application %1: version %2 after %3 acknowledged moves from version %4")
                           .arg(id)
                           .arg(now.version)
                           .arg(acks.size())
                           .arg(before.version));
        } else if (now.version > expectedVersion) {
            unacknowledged = now.version - expectedVersion;
            f->problem(QStringLiteral("application %1: version %2, but only %3 moves acknowledged from version %4")
                           .arg(id)
                           .arg(now.version)
                           .arg(acks.size())
                           .arg(before.version));
        }
        const MoveAck *last = nullptr;
        for (const MoveAck *m : acks)
            if (!last || m->to.version > last->to.version)
                last = m;
        const AppState wanted = last ? last->to : before;
        if (!now.sameStanding(wanted)) {
            lost = std::max(lost, 1);
            f->problem(QStringLiteral("application %1 is at %2, but the last acknowledged write put it at %3")
                           .arg(id)
                           .arg(standing(now), standing(wanted)));
        }
        // The history: every acknowledged move in it as written, nothing else new, and
        // each move starting where the one before it ended (in the order of writing: by id).
        QList<StageEvent> events = admin.stageEvents(id);
        std::sort(events.begin(), events.end(), [](const StageEvent &x, const StageEvent &y) { return x.id < y.id; });
        QHash<Id, const StageEvent *> byId;
        const StageEvent *previous = nullptr;
        int newEvents = 0;
        for (const StageEvent &e : events) {
            byId.insert(e.id, &e);
            if (previous
                && (e.fromStageId != previous->toStageId || !e.hasFromStatus || e.fromStatus != previous->toStatus)) {
                ++f->historyBreaks;
                f->problem(QStringLiteral("application %1: event %2 moves from stage %3 %4, but event %5 left it at "
                                          "stage %6 %7")
                               .arg(id)
                               .arg(e.id)
                               .arg(e.fromStageId)
                               .arg(applicationStatusName(e.fromStatus))
                               .arg(previous->id)
                               .arg(previous->toStageId)
                               .arg(applicationStatusName(previous->toStatus)));
            }
            previous = &e;
            if (e.id > setup.eventsBefore.value(id))
                ++newEvents;
        }
        if (previous && (previous->toStageId != now.stageId || previous->toStatus != now.status)) {
            ++f->historyBreaks;
            f->problem(QStringLiteral("application %1 is at %2, but its last event %3 put it at stage %4 %5")
                           .arg(id)
                           .arg(standing(now))
                           .arg(previous->id)
                           .arg(previous->toStageId)
                           .arg(applicationStatusName(previous->toStatus)));
        }
        int missing = 0;
        for (const MoveAck *m : acks) {
            const StageEvent *e = byId.value(m->eventId);
            if (!e || e->toStageId != m->to.stageId || e->toStatus != m->to.status
                || e->actorId != setup.clients.at(m->client).personId) {
                ++missing;
                f->problem(QStringLiteral("application %1: acknowledged move %2 (to %3) is not in its history as made")
                               .arg(id)
                               .arg(m->eventId)
                               .arg(standing(m->to)));
            }
        }
        if (newEvents > acks.size()) {
            unacknowledged = std::max(unacknowledged, newEvents - int(acks.size()));
            f->problem(QStringLiteral("application %1: %2 new events for %3 acknowledged moves")
                           .arg(id)
                           .arg(newEvents)
                           .arg(acks.size()));
        }
        f->lostWrites += std::max(lost, missing);
        f->unacknowledged += unacknowledged;
    }

    // Scorecards: per interview and interviewer, the latest revision is the one of the
    // last acknowledged write, submitted or a draft as that write left it, saying what
    // the last draft saved said.
    for (const Client *c : clients) {
        if (c->spec().moves())
            continue;
        struct Last
        {
            Id scorecardId = 0;
            bool submitted = false;
            const ScorecardAck *content = nullptr;
        };
        QHash<Id, Last> last;  // interview -> its last acknowledged write
        for (const ScorecardAck &k : c->result().scorecards) {
            Last &l = last[k.interviewId];
            if (l.scorecardId != k.scorecardId)
                l = Last{k.scorecardId, false, nullptr};
            if (k.kind == ScorecardAck::Submit)
                l.submitted = true;
            else if (k.kind == ScorecardAck::Draft)
                l.content = &k;
        }
        if (!admin.setActor(c->spec().personId)) {
            *error = QStringLiteral("cannot read as %1: %2").arg(c->spec().login, admin.errorString());
            return false;
        }
        for (auto it = last.cbegin(); it != last.cend(); ++it) {
            const Id latest = admin.myScorecard(it.key());
            Scorecard card;
            const QString where = QStringLiteral("scorecard of interview %1 by %2").arg(it.key()).arg(c->spec().login);
            if (!latest || !admin.scorecard(latest, &card)) {
                ++f->lostWrites;
                f->problem(QStringLiteral("%1: cannot be read").arg(where));
                continue;
            }
            const Last &l = it.value();
            if (latest != l.scorecardId) {
                (latest > l.scorecardId ? f->unacknowledged : f->lostWrites) += 1;
                f->problem(QStringLiteral("%1: the latest revision is %2, the last acknowledged write was to %3")
                               .arg(where)
                               .arg(latest)
                               .arg(l.scorecardId));
                continue;
            }
            if (card.status != (l.submitted ? QLatin1String("submitted") : QLatin1String("draft"))) {
                ++f->lostWrites;
                f->problem(QStringLiteral("%1: %2 is %3 after the last acknowledged write")
                               .arg(where)
                               .arg(latest)
                               .arg(card.status));
            }
            if (l.content) {
                QHash<Id, Rating> stored;
                for (const Rating &r : std::as_const(card.ratings))
                    stored.insert(r.attributeId, r);
                bool same = card.overall == l.content->overall && card.takeaways == l.content->takeaways
                    && stored.size() == l.content->ratings.size();
                for (const Rating &r : l.content->ratings) {
                    const Rating s = stored.value(r.attributeId);
                    same = same && s.attributeId == r.attributeId && s.value == r.value && s.note == r.note;
                }
                if (!same) {
                    ++f->lostWrites;
                    f->problem(QStringLiteral("%1: %2 does not say what its last acknowledged draft said")
                                   .arg(where)
                                   .arg(latest));
                }
            }
        }
    }

    // Views: each client's, fresh and live, against the administrator's read as the
    // hiring manager (every application), on the applications that client sees.
    if (!admin.setActor(setup.clients.first().personId)) {
        *error = QStringLiteral("cannot read as the hiring manager: %1").arg(admin.errorString());
        return false;
    }
    QHash<Id, AppState> truth;
    const QList<CandidateRow> rows = admin.candidateRows(setup.roleId);
    for (const CandidateRow &row : rows)
        truth.insert(row.applicationId, AppState{row.stageId, row.status, finalState.value(row.applicationId).version});
    if (truth.size() != setup.applications.size()) {
        *error = QStringLiteral("the administrator reads %1 applications, not %2")
                     .arg(truth.size())
                     .arg(setup.applications.size());
        return false;
    }
    auto equalView = [&](const Client *c, const QHash<Id, AppState> &view, bool versions, const QString &which) {
        if (QSet<Id>(view.keyBegin(), view.keyEnd()) != c->spec().visible) {
            f->problem(QStringLiteral("client %1: its %2 view holds %3 applications, not the %4 it sees")
                           .arg(c->spec().index)
                           .arg(which)
                           .arg(view.size())
                           .arg(c->spec().visible.size()));
            return false;
        }
        for (auto it = view.cbegin(); it != view.cend(); ++it) {
            const AppState t = truth.value(it.key());
            if (!it->sameStanding(t) || (versions && it->version != t.version)) {
                f->problem(QStringLiteral("client %1: its %2 view has application %3 at %4, the database at %5")
                               .arg(c->spec().index)
                               .arg(which)
                               .arg(it.key())
                               .arg(standing(*it), standing(t)));
                return false;
            }
        }
        return true;
    };
    for (const Client *c : clients) {
        const ClientResult &r = c->result();
        if (r.freshRead && equalView(c, r.freshView, false, QStringLiteral("fresh")))
            ++f->viewsEqual;
        if (r.freshRead && equalView(c, r.liveView, true, QStringLiteral("live")))
            ++f->liveViewsEqual;
    }

    // Latency: from each acknowledged move to each other client that sees the
    // application reading it at that version or a later one, after a notice.
    for (const Client *mover : clients) {
        for (const MoveAck &m : mover->result().moves) {
            for (const Client *c : clients) {
                if (c == mover || !c->spec().visible.contains(m.application))
                    continue;
                const QList<Sighting> seen = c->result().sightings.value(m.application);
                const auto at = std::find_if(seen.cbegin(), seen.cend(),
                                             [&m](const Sighting &s) { return s.version >= m.to.version; });
                const double latency = at == seen.cend() ? -1 : std::max(0.0, at->at - m.at);
                if (latency < 0 || latency > MissedAfterMs)
                    ++f->missed;
                else
                    f->latencies << latency;
            }
        }
    }
    return true;
}

void printLine(QJsonObject line, const QJsonObject &common, QFile *json)
{
    for (auto it = common.begin(); it != common.end(); ++it)
        line.insert(it.key(), it.value());
    const QByteArray text = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    std::fputs(text.constData(), stdout);
    std::fflush(stdout);
    if (json && json->isOpen())
        json->write(text);
}

// CPU seconds of this process (every client's thread), user and system.
double cpuSeconds()
{
    struct rusage u = {};
    ::getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The machine's busy and total CPU time so far (/proc/stat, every core): how much of
// the machine the run had, the server and other work included.
QPair<double, double> machineCpu()
{
    QFile stat(QStringLiteral("/proc/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return {0, 0};
    const QList<QByteArray> fields = stat.readLine().simplified().split(' ');
    double busy = 0, total = 0;
    for (int i = 1; i < fields.size(); ++i) {
        const double v = fields.at(i).toDouble();
        total += v;
        if (i != 4 && i != 5)  // idle, iowait
            busy += v;
    }
    return {busy, total};
}

// CPU seconds of a cluster's server processes (the postmaster's children, sessions
// included: the clients' sessions live as long as the run), from /proc; -1 when the
// cluster is not one of ours on this machine.
double serverCpuSeconds(const QString &clusterFolder)
{
    if (clusterFolder.isEmpty())
        return -1;
    QFile pidFile(clusterFolder + QStringLiteral("/data/postmaster.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray postmaster = pidFile.readLine().trimmed();
    const double tick = double(::sysconf(_SC_CLK_TCK));
    double seconds = 0;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        // After "pid (comm) ": state ppid … utime (14th field) stime cutime cstime.
        const QList<QByteArray> f = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (f.size() < 15 || (f.at(1) != postmaster && pid.toLatin1() != postmaster))
            continue;
        seconds += (f.at(11).toDouble() + f.at(12).toDouble() + f.at(13).toDouble() + f.at(14).toDouble()) / tick;
    }
    return seconds;
}

double round2(double v)
{
    return std::round(v * 100) / 100;
}

double quantile(QList<double> v, double q)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.at(std::min(qsizetype(v.size() - 1), qsizetype(std::floor(q * double(v.size())))));
}

double median(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v.at(v.size() / 2) : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2;
}

// Sets up, runs the clients, checks; prints the figures. 0 when they hold.
int runBench(const Options &o, const QString &serverUri, const QString &clusterFolder, Setup *setup)
{
    ServerLocation runLocation = ServerLocation::parse(serverUri);
    runLocation.database = o.database;
    if (!runLocation.password.isEmpty())  // the stores reconnect by the URI, which never carries it
        Database::rememberPassword(runLocation, runLocation.password);
    const QString uri = runLocation.toDisplayUri();
    QString error;
    err() << "teambench: setting up " << uri << " ...\n";
    err().flush();
    const double setupStart = nowMs();
    if (!setUp(o, uri, setup, &error)) {
        err() << "teambench: " << error << "\n";
        return 1;
    }
    err() << "teambench: set up in " << qRound(nowMs() - setupStart) << " ms; " << o.clients << " clients for "
          << o.seconds << " s ...\n";
    err().flush();

    Run run;
    run.pauseMs = o.pauseMs;
    run.seed = o.seed;
    QList<Client *> clients;
    for (const ClientSpec &spec : std::as_const(setup->clients))
        clients << new Client(&run, setup, spec);
    const auto cleanup = qScopeGuard([&clients] { qDeleteAll(clients); });
    for (Client *c : std::as_const(clients))
        c->start();
    run.ready.acquire(int(clients.size()));
    const bool allOpened = std::all_of(clients.cbegin(), clients.cend(),
                                       [](const Client *c) { return c->result().opened; });
    // Every client's store is open (and LISTENing): the run starts for all at once.
    const double started = nowMs();
    const double cpuStart = cpuSeconds();
    const QPair<double, double> machineStart = machineCpu();
    const double serverStart = serverCpuSeconds(clusterFolder);
    run.deadlineMs = allOpened ? started + o.seconds * 1000.0 : started;
    run.go.release(int(clients.size()));
    while (!run.stopped.tryAcquire(int(clients.size()), 200)) { }
    const double ended = nowMs();
    const double cpuRun = cpuSeconds() - cpuStart;
    const double serverRun = serverStart < 0 ? -1 : serverCpuSeconds(clusterFolder) - serverStart;
    const QPair<double, double> machineEnd = machineCpu();
    const double machineBusy = machineEnd.second > machineStart.second
        ? (machineEnd.first - machineStart.first) / (machineEnd.second - machineStart.second)
        : 0;
    QThread::msleep(QuietMs);
    run.finish = true;
    for (Client *c : std::as_const(clients))
        c->wait();

    Figures f;
    for (const Client *c : std::as_const(clients)) {
        const ClientResult &r = c->result();
        f.movesAcked += int(r.moves.size());
        f.unchangedMoves += r.unchangedMoves;
        for (const ScorecardAck &k : r.scorecards)
            (k.kind == ScorecardAck::Amend ? f.amends : k.kind == ScorecardAck::Draft ? f.drafts : f.submits) += 1;
        f.conflicts += r.conflicts;
        f.errors += r.errors;
        f.dataResets += r.dataResets;
        f.writeMs += r.writeMs;
        for (const QString &e : r.errorSamples)
            f.problem(e);
    }
    if (!verify(*setup, clients, &f, &error)) {
        err() << "teambench: " << error << "\n";
        return 1;
    }

    const int n = int(clients.size());
    const bool interrupted = s_interrupted;
    const bool errorsOk = f.errors == 0 && allOpened && !interrupted;
    const bool lostOk = f.lostWrites == 0 && f.unacknowledged == 0 && f.historyBreaks == 0;
    const bool viewsOk = f.viewsEqual == n && f.liveViewsEqual == n;
    const double runSeconds = (ended - started) / 1000.0;
    QJsonObject common{{QStringLiteral("clients"), n},
                       {QStringLiteral("seconds"), o.seconds},
                       {QStringLiteral("candidates"), o.candidates},
                       {QStringLiteral("pause_ms"), o.pauseMs},
                       {QStringLiteral("backend"), QStringLiteral("postgresql")}};
    QFile json(o.json);
    if (!o.json.isEmpty() && !json.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        err() << "teambench: cannot write " << o.json << "\n";
    QFile *jsonFile = o.json.isEmpty() ? nullptr : &json;
    printLine({{QStringLiteral("name"), QStringLiteral("team_writes_acknowledged")},
               {QStringLiteral("value"), f.writes()},
               {QStringLiteral("per_second"), round2(f.writes() / std::max(runSeconds, 0.001))},
               {QStringLiteral("moves"), f.movesAcked},
               {QStringLiteral("moves_already_there"), f.unchangedMoves},
               {QStringLiteral("drafts"), f.drafts},
               {QStringLiteral("submissions"), f.submits},
               {QStringLiteral("amendments"), f.amends},
               {QStringLiteral("run_s"), round2(runSeconds)},
               {QStringLiteral("clients_cpu_s"), round2(cpuRun)},
               {QStringLiteral("server_cpu_s"), serverRun < 0 ? QJsonValue() : QJsonValue(round2(serverRun))},
               {QStringLiteral("machine_busy"), round2(machineBusy)}},
              common, jsonFile);
    printLine({{QStringLiteral("name"), QStringLiteral("team_conflicts")}, {QStringLiteral("value"), f.conflicts}},
              common, jsonFile);
    printLine({{QStringLiteral("name"), QStringLiteral("team_errors")},
               {QStringLiteral("value"), f.errors},
               {QStringLiteral("ok"), errorsOk}},
              common, jsonFile);
    printLine({{QStringLiteral("name"), QStringLiteral("team_lost_writes")},
               {QStringLiteral("value"), f.lostWrites},
               {QStringLiteral("unacknowledged_writes"), f.unacknowledged},
               {QStringLiteral("history_breaks"), f.historyBreaks},
               {QStringLiteral("ok"), lostOk}},
              common, jsonFile);
    printLine({{QStringLiteral("name"), QStringLiteral("team_views_equal")},
               {QStringLiteral("value"), f.viewsEqual},
               {QStringLiteral("live_views_equal"), f.liveViewsEqual},
               {QStringLiteral("of"), n},
               {QStringLiteral("data_resets"), f.dataResets},
               {QStringLiteral("ok"), viewsOk}},
              common, jsonFile);
    printLine({{QStringLiteral("name"), QStringLiteral("team_notice_latency")},
               {QStringLiteral("median_ms"), round2(median(f.latencies))},
               {QStringLiteral("p95_ms"), round2(quantile(f.latencies, 0.95))},
               {QStringLiteral("max_ms"), round2(f.latencies.isEmpty() ? 0 : quantile(f.latencies, 1.0))},
               {QStringLiteral("samples"), int(f.latencies.size())},
               {QStringLiteral("missed"), f.missed},
               {QStringLiteral("within_1s"),
                int(std::count_if(f.latencies.cbegin(), f.latencies.cend(), [](double v) { return v <= 1000; }))}},
              common, jsonFile);
    // How long a client waited for its own writes (its thread, like a window's, hears no
    // notice meanwhile): every write goes through the server's one write lock.
    printLine({{QStringLiteral("name"), QStringLiteral("team_write_time")},
               {QStringLiteral("median_ms"), round2(median(f.writeMs))},
               {QStringLiteral("p95_ms"), round2(quantile(f.writeMs, 0.95))},
               {QStringLiteral("max_ms"), round2(f.writeMs.isEmpty() ? 0 : quantile(f.writeMs, 1.0))},
               {QStringLiteral("samples"), int(f.writeMs.size())}},
              common, jsonFile);

    err() << "\nteambench: " << n << " clients for " << o.seconds << " s (" << o.candidates << " candidates, pause "
          << o.pauseMs << " ms) on " << uri << "\n"
          << "  writes acknowledged  " << f.writes() << " (" << f.movesAcked << " moves, " << f.drafts << " drafts, "
          << f.submits << " submissions, " << f.amends << " amendments; "
          << qRound(f.writes() / std::max(runSeconds, 0.001)) << "/s; the clients used " << qRound(cpuRun)
          << " s of CPU" << (serverRun < 0 ? QString() : QStringLiteral(", the server %1 s").arg(qRound(serverRun)))
          << ", the machine was " << qRound(machineBusy * 100) << "% busy)\n"
          << "  conflicts reported   " << f.conflicts << "\n"
          << "  errors               " << f.errors << "\n"
          << "  lost writes          " << f.lostWrites << " (unacknowledged writes " << f.unacknowledged
          << ", history breaks " << f.historyBreaks << ")\n"
          << "  views equal          " << f.viewsEqual << " of " << n << " (live views " << f.liveViewsEqual << " of "
          << n << ")\n"
          << "  notice latency       median " << qRound(median(f.latencies)) << " ms, worst "
          << qRound(f.latencies.isEmpty() ? 0 : quantile(f.latencies, 1.0)) << " ms (" << f.latencies.size()
          << " deliveries, " << f.missed << " not within 5 s)\n"
          << "  write time           median " << qRound(median(f.writeMs)) << " ms, p95 "
          << qRound(quantile(f.writeMs, 0.95)) << " ms, worst "
          << qRound(f.writeMs.isEmpty() ? 0 : quantile(f.writeMs, 1.0)) << " ms\n";
    for (const QString &p : std::as_const(f.problems))
        err() << "  ! " << p << "\n";
    const bool ok = errorsOk && lostOk && viewsOk;
    err() << (interrupted ? "teambench: INTERRUPTED\n" : ok ? "teambench: PASS\n" : "teambench: FAIL\n");
    err().flush();
    return ok ? 0 : 1;
}

int usage()
{
    err() << "usage: hireloop-teambench [--server postgresql://USER@/postgres?host=SOCKETDIR] [--clients N]"
             " [--seconds S] [--candidates N] [--pause MS] [--seed N] [--database NAME] [--keep] [--json FILE]"
             " [--pgcluster SCRIPT]\n";
    return 2;
}

}  // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeFirst();
    Options o;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args.at(i);
        if (a == QLatin1String("--keep")) {
            o.keep = true;
            continue;
        }
        if (i + 1 >= args.size())
            return usage();
        const QString v = args.at(++i);
        bool number = true;
        if (a == QLatin1String("--server"))
            o.server = v;
        else if (a == QLatin1String("--clients"))
            o.clients = v.toInt(&number);
        else if (a == QLatin1String("--seconds"))
            o.seconds = v.toInt(&number);
        else if (a == QLatin1String("--candidates"))
            o.candidates = v.toInt(&number);
        else if (a == QLatin1String("--pause"))
            o.pauseMs = v.toInt(&number);
        else if (a == QLatin1String("--seed"))
            o.seed = v.toUInt(&number);
        else if (a == QLatin1String("--database"))
            o.database = v;
        else if (a == QLatin1String("--json"))
            o.json = v;
        else if (a == QLatin1String("--pgcluster"))
            o.cluster = v;
        else
            return usage();
        if (!number)
            return usage();
    }
    static const QRegularExpression plainName(QStringLiteral("^[a-z_][a-z0-9_]{0,40}$"));
    if (o.clients < 2 || o.seconds < 1 || o.candidates < 1 || o.pauseMs < 0
        || !plainName.match(o.database).hasMatch()) {
        err() << "teambench: --clients 2 or more, --seconds and --candidates 1 or more, --pause 0 or more, "
                 "--database a plain lower-case name\n";
        return usage();
    }
    if (!o.server.isEmpty()) {
        QString why;
        if (!ServerLocation::parse(o.server, &why).isValid()) {
            err() << "teambench: --server: " << why << "\n";
            return 2;
        }
    }
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    std::unique_ptr<hireloop::bench::ThrowawayCluster> cluster;
    QString server = o.server;
    QString error;
    if (server.isEmpty()) {
        err() << "teambench: starting a throwaway cluster (" << o.cluster << ") ...\n";
        err().flush();
        cluster = std::make_unique<hireloop::bench::ThrowawayCluster>(o.cluster);
        if (!cluster->start(&error)) {
            err() << "teambench: " << error << "\n";
            return 1;
        }
        server = cluster->uri();
    }
    const QString adminDatabase = ServerLocation::parse(server).database;
    if (!hireloop::bench::serverExec(
            server, adminDatabase,
            {QStringLiteral("SET client_min_messages TO warning"),
             QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(o.database),
             QStringLiteral("CREATE DATABASE %1 TEMPLATE template0 ENCODING 'UTF8'").arg(o.database)},
            &error)) {
        err() << "teambench: cannot make the database " << o.database << ": " << error << "\n";
        return 1;
    }
    Setup setup;
    const int rc = runBench(o, server, cluster ? cluster->folder() : QString(), &setup);

    // A cluster of our own goes as a whole; on a --server, the run's database and the
    // logins it made (and the team's group roles, named after the database).
    if (!cluster && !o.keep) {
        QStringList groups;
        hireloop::bench::serverExec(
            server, o.database,
            {QStringLiteral("SELECT hireloop_team_role(k) FROM unnest(ARRAY['hiring_manager', 'interviewer',"
                            " 'coordinator', 'owner']) AS k")},
            &error, &groups);
        QStringList drops{QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(o.database)};
        for (const QString &role : setup.logins + groups)
            drops << QStringLiteral("DROP ROLE IF EXISTS \"%1\"").arg(role);
        if (!hireloop::bench::serverExec(server, adminDatabase, drops, &error))
            err() << "teambench: cleaning up: " << error << "\n";
    } else if (!cluster) {
        err() << "teambench: kept " << o.database << " and its logins\n";
    }
    return rc;
}
