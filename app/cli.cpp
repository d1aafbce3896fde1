// hireloop-cli: the headless twin of the GUI (../shared contract: CLI-CONTRACT.md).
// Parses arguments, opens the store, calls it and prints. Exit 0 success, 1 data or
// file error (message on stderr naming the file), 2 usage.

#include "store/appinfo.h"
#include "import/candidateimport.h"
#include "posting/postingparser.h"
#include "reports/reports.h"
#include "export/exportfile.h"
#include "export/icsexport.h"
#include "export/outputfile.h"
#include "export/rolejson.h"
#include "posting/rubricbuilder.h"
#include "export/scorecardexport.h"
#include "export/summaryexport.h"
#include "itemmodels/candidateentry.h"
#include "storage/candidatesearch.h"
#include "storage/teamaccess.h"
#include "storage/teampush.h"
#include "store/demoroles.h"
#include "store/store.h"
#include "import/textfile.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDateTime>
#include <QGuiApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <functional>
#include <unistd.h>
#include <memory>

using namespace hireloop;

namespace {

enum Exit { Success = 0, DataError = 1, UsageError = 2 };

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

struct Context
{
    QString dbPath;
    QString as;
    bool readOnly = false;  // --read-only
    QString command;  // e.g. "role add"
    bool changesData = false;
    bool onlyReads = false;  // commandOnlyReads
    Store store;
};

// The commands that only read the data. They run beside an open GUI and on a read-only
// file (an export or report may still append its audit entry, which a read-only file
// refuses; init on an existing file changes nothing). Every other command changes the
// data: like the GUI, it holds the lock file "<db>.lock" while it runs, so it is refused
// while another instance has the file open for writing, and on a read-only file.
bool commandChangesData(const QString &command)
{
    static const QStringList readers = {
        QStringLiteral("init"),           QStringLiteral("check"),     QStringLiteral("person list"),
        QStringLiteral("candidate list"), QStringLiteral("role list"), QStringLiteral("role show"),
        QStringLiteral("retention show"), QStringLiteral("backup"),    QStringLiteral("export scorecards"),
        QStringLiteral("export summary"), QStringLiteral("report"),    QStringLiteral("export ics"),
    };
    return !readers.contains(command);
}

// The commands that leave an existing file byte for byte as it was: they open it
// read-only (SQLite's mode=ro), so nothing converts a backup's rollback journal to WAL,
// migrates an older schema or leaves a -wal or -shm behind. (Exports are not among
// them: each appends its audit entry where the file can be written.)
bool commandOnlyReads(const QString &command)
{
    static const QStringList readers = {
        QStringLiteral("check"),     QStringLiteral("person list"), QStringLiteral("candidate list"),
        QStringLiteral("role list"), QStringLiteral("role show"),   QStringLiteral("retention show"),
        QStringLiteral("report"),    QStringLiteral("backup"),
    };
    return readers.contains(command);
}

struct Command
{
    QStringList words;  // e.g. {"role", "show"}
    QString synopsis;  // arguments after the words
    QString summary;
    std::function<int(Context &, QStringList)> run;
};

// Options of one command: "--format json", "--format=json", flags, positionals.
struct Args
{
    QHash<QString, QString> options;  // the last value of each option given
    QHash<QString, QStringList> all;  // every value of each, for an option that may repeat
    QStringList positionals;
    QString error;

    // "-o" is short for "--output" wherever a command takes --output.
    static Args parse(const QStringList &args, const QStringList &valued, const QStringList &flags)
    {
        Args a;
        for (int i = 0; i < args.size(); ++i) {
            QString arg = args.at(i);
            if (arg == QLatin1String("-o") && valued.contains(QLatin1String("--output")))
                arg = QStringLiteral("--output");
            if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("--")) {
                a.positionals << arg;
                continue;
            }
            QString value;
            const int eq = arg.indexOf(QLatin1Char('='));
            if (eq > 0) {
                value = arg.mid(eq + 1);
                arg = arg.left(eq);
            }
            if (flags.contains(arg)) {
                a.options.insert(arg, QStringLiteral("1"));
            } else if (valued.contains(arg)) {
                if (eq < 0) {
                    if (i + 1 >= args.size()) {
                        a.error = QStringLiteral("%1 needs a value").arg(args.at(i));
                        return a;
                    }
                    value = args.at(++i);
                }
                a.options.insert(arg, value);
                a.all[arg] << value;
            } else {
                a.error = QStringLiteral("unknown option %1").arg(arg);
                return a;
            }
        }
        return a;
    }
};

int usage(const QString &message)
{
    err() << "hireloop-cli: " << message << "\n"
          << "Try 'hireloop-cli --help'.\n";
    return UsageError;
}

int dataError(const QString &message)
{
    err() << "hireloop-cli: " << message << "\n";
    return DataError;
}

// The store's last error, named by the file.
int storeError(Context &ctx)
{
    return dataError(QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(ctx.store.path()), ctx.store.errorString()));
}

// Opens the database (creating it with the default role when new) and picks the person
// the command acts for.
int openStore(Context &ctx, bool *created = nullptr)
{
    DatabaseOptions options;
    // A missing file is still created (with the default role) by any command.
    const bool lookOnly = ctx.onlyReads && !ctx.readOnly && !ServerLocation::isUri(ctx.dbPath)
        && QFileInfo::exists(ctx.dbPath);
    options.readOnly = ctx.readOnly || lookOnly;
    if (lookOnly)
        options.readOnlyReason = QStringLiteral("\"%1\" only reads").arg(ctx.command);
    options.exclusive = ctx.changesData;
    if (!ctx.store.open(ctx.dbPath, options)) {
        if (const int older = ctx.store.database().olderSchemaVersion(); older > 0 && lookOnly)
            return dataError(QStringLiteral("%1: is older than this build (schema version %2; this build uses %3), "
                                            "and \"%4\" only reads, so it upgrades nothing and was not run. A "
                                            "command that changes data, or the app, upgrades the file and keeps a "
                                            "copy of it as it was.")
                                 .arg(QDir::toNativeSeparators(QFileInfo(ctx.dbPath).absoluteFilePath()))
                                 .arg(older)
                                 .arg(Database::latestVersion())
                                 .arg(ctx.command));
        if (ctx.store.database().isLockedElsewhere())
            return dataError(QStringLiteral("%1; \"%2\" changes the data, so it was not run: close it there first "
                                            "(read-only commands such as check and the listings still work)")
                                 .arg(ctx.store.errorString(), ctx.command));
        return dataError(ctx.store.errorString());
    }
    if (ctx.changesData && ctx.store.isReadOnly())
        return dataError(
            QStringLiteral("%1 is read-only (%2); \"%3\" changes the data, so it was not run")
                .arg(QDir::toNativeSeparators(ctx.store.path()), ctx.store.database().readOnlyReason(), ctx.command));
    if (!ctx.store.database().upgradeBackupPath().isEmpty())
        err() << "hireloop-cli: upgraded " << QDir::toNativeSeparators(ctx.store.path()) << " to schema version "
              << ctx.store.database().schemaVersion() << "; the file as it was is in "
              << QDir::toNativeSeparators(ctx.store.database().upgradeBackupPath()) << "\n";
    // A file that cannot be written gets no default data: its listings are empty.
    if (!ctx.store.isReadOnly() && !ctx.store.ensureDefaultData())
        return dataError(ctx.store.errorString());
    if (created)
        *created = ctx.store.database().wasCreated();
    if (!ctx.as.isEmpty() && ctx.store.identityFromLogin())
        return usage(QStringLiteral("--as is refused on a team database: identity comes from the login (%1 here)")
                         .arg(ctx.store.sessionLogin()));
    if (!ctx.as.isEmpty()) {
        const Id id = ctx.store.findPerson(ctx.as);
        if (!id)
            return dataError(QStringLiteral("%1: no person matches \"%2\" (give an id, an exact name or an email)")
                                 .arg(QDir::toNativeSeparators(ctx.store.path()), ctx.as));
        if (!ctx.store.setActor(id))
            return storeError(ctx);
    }
    return Success;
}

// The role a command names (an id or an exact title) into *roleId, and loaded into
// *role when one is given; false after printing that there is no such role.
bool roleArgument(Context &ctx, const QString &key, Id *roleId, Role *role = nullptr)
{
    *roleId = ctx.store.findRole(key);
    if (*roleId && (!role || ctx.store.role(*roleId, role)))
        return true;
    dataError(QStringLiteral("%1: no role \"%2\"").arg(QDir::toNativeSeparators(ctx.store.path()), key));
    return false;
}

bool formatOption(const Args &a, QString *format, int *exitCode)
{
    *format = a.options.value(QStringLiteral("--format"), QStringLiteral("text"));
    if (*format != QLatin1String("text") && *format != QLatin1String("json")) {
        *exitCode = usage(QStringLiteral("--format takes text or json, not \"%1\"").arg(*format));
        return false;
    }
    return true;
}

void printJson(const QJsonDocument &doc)
{
    out() << doc.toJson(QJsonDocument::Indented);
    out().flush();
}

int cmdInit(Context &ctx, const QStringList &args)
{
    if (!args.isEmpty())
        return usage(QStringLiteral("init takes no arguments"));
    bool created = false;
    if (int rc = openStore(ctx, &created))
        return rc;
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    if (created)
        out() << "Created " << path << " with the role \"" << ctx.store.roles().value(0).title << "\"\n";
    else if (!ctx.store.database().upgradeBackupPath().isEmpty())
        out() << path << " already exists; upgraded it to schema version " << ctx.store.database().schemaVersion()
              << "\n";
    else
        out() << path << " already exists (schema version " << ctx.store.database().schemaVersion()
              << "); nothing changed\n";
    return Success;
}

// A new login's password: one line of standard input with --password-stdin, else one
// made here and printed once (printLogin). None without a login.
int loginPassword(const Args &a, const QString &login, QString *password, bool *generated)
{
    *generated = false;
    if (login.isEmpty())
        return a.options.contains(QStringLiteral("--password-stdin"))
            ? usage(QStringLiteral("--password-stdin goes with --login"))
            : Success;
    if (!a.options.contains(QStringLiteral("--password-stdin"))) {
        *password = TeamAccess::generatePassword();
        *generated = true;
        return Success;
    }
    QTextStream in(stdin);
    *password = in.readLine();
    if (password->isEmpty())
        return usage(QStringLiteral("--password-stdin read no password (one line on standard input)"));
    return Success;
}

void printLogin(const QString &login, const QString &password, bool generated)
{
    if (login.isEmpty())
        return;
    out() << "Login: " << login;
    if (generated)
        out() << "  password (shown only now): " << password;
    out() << "\n";
}

// team init and team push: both want an empty PostgreSQL database, and make its schema.
int openEmptyTeamDatabase(Context &ctx, const QString &what)
{
    if (!ServerLocation::isUri(ctx.dbPath))
        return usage(QStringLiteral("%1 works on a PostgreSQL database: give --db postgresql://…").arg(what));
    Database &db = ctx.store.database();
    if (!ctx.store.open(ctx.dbPath))
        return dataError(ctx.store.errorString());
    if (!db.wasCreated())
        return dataError(QStringLiteral("%1 already holds a Hireloop schema (version %2); %3 needs an empty database, "
                                        "so nothing changed")
                             .arg(ctx.store.path())
                             .arg(db.schemaVersion())
                             .arg(what));
    return Success;
}

int cmdTeamInit(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs,
                               {QStringLiteral("--name"), QStringLiteral("--email"), QStringLiteral("--login")},
                               {QStringLiteral("--password-stdin")});
    if (!a.error.isEmpty() || !a.positionals.isEmpty())
        return usage(a.error.isEmpty()
                         ? QStringLiteral("team init takes only --name, --email, --login and --password-stdin")
                         : a.error);
    Person manager;
    manager.name = a.options.value(QStringLiteral("--name"));
    manager.email = a.options.value(QStringLiteral("--email"));
    manager.login = a.options.value(QStringLiteral("--login"));
    QString password;
    bool generated = false;
    if (int rc = loginPassword(a, manager.login, &password, &generated))
        return rc;
    if (int rc = openEmptyTeamDatabase(ctx, QStringLiteral("team init")))
        return rc;
    if (!ctx.store.ensureDefaultData(nullptr, manager, password))
        return storeError(ctx);
    out() << "Set up " << ctx.store.path() << " (schema version " << ctx.store.database().schemaVersion()
          << ") with the role \"" << ctx.store.roles().value(0).title << "\" and its hiring manager "
          << ctx.store.actor().name << "\n";
    printLogin(manager.login, password, generated);
    return Success;
}

int cmdTeamPush(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {}, {});
    if (!a.error.isEmpty() || a.positionals.size() != 1)
        return usage(a.error.isEmpty() ? QStringLiteral("team push takes one FILE") : a.error);
    const QString file = a.positionals.first();
    if (!ServerLocation::isUri(ctx.dbPath))
        return usage(QStringLiteral("team push works on a PostgreSQL database: give --db postgresql://…"));
    if (!QFileInfo(file).isFile())
        return dataError(QStringLiteral("%1: no such file").arg(QDir::toNativeSeparators(file)));
    if (int rc = openEmptyTeamDatabase(ctx, QStringLiteral("team push")))
        return rc;
    const QString where = ctx.store.path();
    TeamPush::Result result;
    QString error;
    const bool moved = TeamPush::run(file, ctx.store.database(), {}, &result, &error);
    ctx.store.close();
    if (!moved)
        return dataError(error);
    out() << "Moved " << QDir::toNativeSeparators(file) << " to " << where << ": " << result.rows << " rows in "
          << result.tables << " tables, ids kept; audit chain verified\n";
    for (const QString &line : std::as_const(result.perTable))
        out() << "  " << line << "\n";
    if (!result.logins.isEmpty())
        out() << "Logins of the active people (passwords shown only now; each can change theirs):\n";
    for (const TeamPush::Result::Login &l : std::as_const(result.logins))
        out() << "  " << l.name << ": " << l.login << "  password " << l.password << "\n";
    return Success;
}

int cmdCheck(Context &ctx, const QStringList &args)
{
    if (!args.isEmpty())
        return usage(QStringLiteral("check takes no arguments"));
    if (int rc = openStore(ctx))
        return rc;
    const QStringList problems = ctx.store.checkProblems();
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    if (problems.isEmpty()) {
        out() << path << ": ok (integrity, foreign keys, audit chain; schema version "
              << ctx.store.database().schemaVersion() << ")\n";
        return Success;
    }
    for (const QString &p : problems)
        err() << path << ": " << p << "\n";
    return DataError;
}

// The start every listing shares: its options plus "--format text|json", no
// positional arguments, then the store. 0 to go on, else the exit code.
int openListing(Context &ctx, const QStringList &rawArgs, const QString &command, QStringList valued, Args *a,
                QString *format)
{
    valued << QStringLiteral("--format");
    *a = Args::parse(rawArgs, valued, {});
    if (!a->error.isEmpty() || !a->positionals.isEmpty())
        return usage(a->error.isEmpty() ? QStringLiteral("%1 takes no positional arguments").arg(command) : a->error);
    int rc = 0;
    if (!formatOption(*a, format, &rc))
        return rc;
    return openStore(ctx);
}

// A listing that takes no option but --format: once the store is open, the items
// readItems() gives, as one JSON array of toJson(item) or as the lines printLine(item)
// writes.
template <typename ReadItems, typename ToJson, typename PrintLine>
int runListing(Context &ctx, const QStringList &rawArgs, const QString &command, ReadItems readItems, ToJson toJson,
               PrintLine printLine)
{
    Args a;
    QString format;
    if (int rc = openListing(ctx, rawArgs, command, {}, &a, &format))
        return rc;
    const auto items = readItems();
    if (format == QLatin1String("json")) {
        QJsonArray array;
        for (const auto &item : items)
            array.append(toJson(item));
        printJson(QJsonDocument(array));
        return Success;
    }
    for (const auto &item : items)
        printLine(item);
    return Success;
}

int cmdPersonList(Context &ctx, const QStringList &rawArgs)
{
    auto printLine = [](const Person &p) {
        out() << p.id << "\t" << p.name << "\t" << p.email << "\t" << personKindName(p.kind)
              << (p.active ? "" : "\tdeactivated") << "\n";
    };
    return runListing(
        ctx, rawArgs, QStringLiteral("person list"), [&ctx] { return ctx.store.persons(); }, personToJson, printLine);
}

// The person a command names (id, exact name or email) into *person; false after
// printing why there is none.
bool personArgument(Context &ctx, const QString &key, Person *person)
{
    if (ctx.store.person(ctx.store.findPerson(key), person))
        return true;
    dataError(QStringLiteral("%1: no person matches \"%2\" (give an id, an exact name or an email)")
                  .arg(QDir::toNativeSeparators(ctx.store.path()), key));
    return false;
}

bool kindOption(const QString &value, PersonKind *kind, int *exitCode)
{
    if (personKindFromName(value, kind))
        return true;
    *exitCode = usage(QStringLiteral("--kind takes hiring_manager, interviewer or coordinator, not \"%1\"").arg(value));
    return false;
}

int cmdPersonAdd(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs,
                               {QStringLiteral("--name"), QStringLiteral("--email"), QStringLiteral("--kind"),
                                QStringLiteral("--login"), QStringLiteral("--format")},
                               {QStringLiteral("--password-stdin")});
    if (!a.error.isEmpty() || !a.positionals.isEmpty())
        return usage(a.error.isEmpty() ? QStringLiteral("person add takes no positional arguments") : a.error);
    int rc = 0;
    QString format;
    if (!formatOption(a, &format, &rc))
        return rc;
    Person p;
    p.name = a.options.value(QStringLiteral("--name"));
    p.email = a.options.value(QStringLiteral("--email"));
    if (p.name.trimmed().isEmpty() || !a.options.contains(QStringLiteral("--kind")))
        return usage(QStringLiteral("person add needs --name NAME and --kind hiring_manager|interviewer|coordinator"));
    if (!kindOption(a.options.value(QStringLiteral("--kind")), &p.kind, &rc))
        return rc;
    p.login = a.options.value(QStringLiteral("--login"));
    if (a.options.contains(QStringLiteral("--password-stdin")) && p.login.isEmpty())
        return usage(QStringLiteral("--password-stdin goes with --login"));
    if (int open = openStore(ctx))
        return open;
    // A solo file has no logins: anyone who can read it acts as anyone (see the README).
    if (!p.login.isEmpty() && !ctx.store.database().isServer())
        return dataError(QStringLiteral("%1 is a solo file: people have no logins there; logins belong to a "
                                        "team database on a PostgreSQL server")
                             .arg(QDir::toNativeSeparators(ctx.store.path())));
    QString password;
    bool generated = false;
    if (int refused = loginPassword(a, p.login, &password, &generated))
        return refused;
    p.id = ctx.store.addPerson(p, password);
    if (!p.id)
        return storeError(ctx);
    ctx.store.person(p.id, &p);
    if (format == QLatin1String("json")) {
        QJsonObject item = personToJson(p);
        if (generated)
            item.insert(QStringLiteral("password"), password);
        printJson(QJsonDocument(item));
        return Success;
    }
    out() << "Added " << p.name << " (" << personKindName(p.kind) << ") as person " << p.id << "\n";
    printLogin(p.login, password, generated);
    return Success;
}

int cmdPersonEdit(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {QStringLiteral("--name"), QStringLiteral("--email"), QStringLiteral("--kind")},
                               {});
    if (!a.error.isEmpty() || a.positionals.size() != 1)
        return usage(a.error.isEmpty() ? QStringLiteral("person edit takes one PERSON") : a.error);
    if (a.options.isEmpty())
        return usage(QStringLiteral("person edit needs --name, --email or --kind"));
    int rc = 0;
    PersonKind kind = PersonKind::Interviewer;
    if (a.options.contains(QStringLiteral("--kind"))
        && !kindOption(a.options.value(QStringLiteral("--kind")), &kind, &rc))
        return rc;
    if (int open = openStore(ctx))
        return open;
    Person p;
    if (!personArgument(ctx, a.positionals.first(), &p))
        return DataError;
    if (a.options.contains(QStringLiteral("--name")))
        p.name = a.options.value(QStringLiteral("--name"));
    if (a.options.contains(QStringLiteral("--email")))
        p.email = a.options.value(QStringLiteral("--email"));
    if (a.options.contains(QStringLiteral("--kind")))
        p.kind = kind;
    if (!ctx.store.updatePerson(p))
        return storeError(ctx);
    out() << "Changed person " << p.id << ": " << p.name << ", "
          << (p.email.isEmpty() ? QStringLiteral("no email") : p.email) << ", " << personKindName(p.kind) << "\n";
    return Success;
}

int cmdPersonDeactivate(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {}, {});
    if (!a.error.isEmpty() || a.positionals.size() != 1)
        return usage(a.error.isEmpty() ? QStringLiteral("person deactivate takes one PERSON") : a.error);
    if (int open = openStore(ctx))
        return open;
    Person p;
    if (!personArgument(ctx, a.positionals.first(), &p))
        return DataError;
    if (!ctx.store.setPersonActive(p.id, false))
        return storeError(ctx);
    out() << "Deactivated " << p.name << " (person " << p.id << "): their history stays; they can no longer act\n";
    return Success;
}

int cmdRoleList(Context &ctx, const QStringList &rawArgs)
{
    auto toJson = [](const RoleSummary &r) {
        return QJsonObject{{QStringLiteral("id"), r.id},
                           {QStringLiteral("title"), r.title},
                           {QStringLiteral("team"), r.team},
                           {QStringLiteral("status"), r.open ? QStringLiteral("open") : QStringLiteral("closed")},
                           {QStringLiteral("attributes"), r.attributes},
                           {QStringLiteral("stages"), r.stages}};
    };
    auto printLine = [](const RoleSummary &r) {
        out() << r.id << "\t" << r.title << "\t" << (r.open ? "open" : "closed") << "\t" << r.attributes
              << " attributes\t" << r.stages << " stages\n";
    };
    return runListing(
        ctx, rawArgs, QStringLiteral("role list"), [&ctx] { return ctx.store.roles(); }, toJson, printLine);
}

// extra: keys added to the JSON form (role add's "needs_rubric" and "notes").
int printRole(Context &ctx, Id id, const QString &format, const QJsonObject &extra = {})
{
    Role role;
    if (!ctx.store.role(id, &role))
        return dataError(QStringLiteral("%1: cannot read role %2").arg(ctx.store.path()).arg(id));
    if (format == QLatin1String("json")) {
        QJsonObject json = roleToJson(role);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            json.insert(it.key(), it.value());
        printJson(QJsonDocument(json));
    } else
        out() << roleToText(role);
    return Success;
}

int cmdRoleShow(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {QStringLiteral("--format")}, {});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (a.positionals.size() != 1)
        return usage(QStringLiteral("role show takes one ROLE (an id or an exact title)"));
    QString format;
    int rc = 0;
    if (!formatOption(a, &format, &rc))
        return rc;
    if ((rc = openStore(ctx)))
        return rc;
    Id id = 0;
    if (!roleArgument(ctx, a.positionals.first(), &id))
        return DataError;
    return printRole(ctx, id, format);
}

int cmdRoleAdd(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {QStringLiteral("--format"), QStringLiteral("--from-posting")}, {});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (!a.positionals.isEmpty() || !a.options.contains(QStringLiteral("--from-posting")))
        return usage(QStringLiteral("role add needs --from-posting FILE"));
    QString format;
    int rc = 0;
    if (!formatOption(a, &format, &rc))
        return rc;
    // Read and check the posting before the database is touched.
    const QString file = a.options.value(QStringLiteral("--from-posting"));
    QString text;
    QString error;
    if (!TextFile::read(file, &text, &error, 1 << 20))
        return dataError(error);
    const ParsedPosting posting = PostingParser::parse(text);
    // A posting of paragraphs only still makes a role (its rubric written by hand later);
    // one with nothing beyond a title line does not.
    if (posting.itemCount(SectionKind::Rateable) == 0 && posting.itemCount(SectionKind::Screening) == 0
        && posting.overview.trimmed().isEmpty())
        return dataError(
            QStringLiteral("%1: nothing found beyond a title: no responsibilities, requirements, overview or "
                           "work setup (headings such as \"Responsibilities\" and \"Requirements\" followed by items)")
                .arg(QDir::toNativeSeparators(file)));
    if ((rc = openStore(ctx)))
        return rc;
    const Role draft = RubricBuilder::fromPosting(posting, text);
    const Id id = ctx.store.addRole(draft);
    if (!id)
        return dataError(ctx.store.errorString());
    const QStringList notes = RubricBuilder::notes(draft);
    for (const QString &note : notes)
        err() << "hireloop-cli: warning: " << QDir::toNativeSeparators(file) << ": " << note << "\n";
    return printRole(ctx, id, format,
                     QJsonObject{{QStringLiteral("needs_rubric"), RubricBuilder::needsRubric(draft)},
                                 {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}});
}

int cmdBackup(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {QStringLiteral("--output")}, {});
    const QString target = a.options.value(QStringLiteral("--output"));
    if (!a.error.isEmpty() || !a.positionals.isEmpty() || target.isEmpty())
        return usage(a.error.isEmpty() ? QStringLiteral("backup needs -o FILE") : a.error);
    QString refused;
    if (OutputFile::target(target, OutputFile::Content::DatabaseCopy, &refused).isEmpty())
        return dataError(refused);
    if (int rc = openStore(ctx))
        return rc;
    if (QFileInfo(target).absoluteFilePath() == QFileInfo(ctx.store.path()).absoluteFilePath())
        return dataError(QStringLiteral("%1: a backup cannot replace the database itself").arg(target));
    if (!ctx.store.database().backupTo(target))
        return dataError(ctx.store.database().errorString());
    out() << "Backed up " << QDir::toNativeSeparators(ctx.store.path()) << " to " << QDir::toNativeSeparators(target)
          << "\n";
    return Success;
}

int cmdDemo(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(
        rawArgs,
        {QStringLiteral("--candidates"), QStringLiteral("--seed"), QStringLiteral("--role"), QStringLiteral("--roles")},
        {});
    if (!a.error.isEmpty() || !a.positionals.isEmpty())
        return usage(a.error.isEmpty() ? QStringLiteral("demo takes no positional arguments") : a.error);
    bool ok = true;
    const int count = a.options.value(QStringLiteral("--candidates"), QStringLiteral("200")).toInt(&ok);
    if (!ok || count < 1 || count > 1000000)
        return usage(QStringLiteral("--candidates takes a number from 1 to 1000000, not \"%1\"")
                         .arg(a.options.value(QStringLiteral("--candidates"))));
    const quint32 seed = a.options.value(QStringLiteral("--seed"), QStringLiteral("1")).toUInt(&ok);
    if (!ok)
        return usage(QStringLiteral("--seed takes a number from 0 to 4294967295, not \"%1\"")
                         .arg(a.options.value(QStringLiteral("--seed"))));
    const int roles = a.options.value(QStringLiteral("--roles"), QStringLiteral("1")).toInt(&ok);
    if (!ok || roles < 1 || roles > 1000 || roles > count)
        return usage(QStringLiteral("--roles takes a number from 1 to 1000, and at most --candidates, not \"%1\"")
                         .arg(a.options.value(QStringLiteral("--roles"))));
    if (int rc = openStore(ctx))
        return rc;
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    Id roleId = 0;
    if (a.options.contains(QStringLiteral("--role"))) {
        if (!roleArgument(ctx, a.options.value(QStringLiteral("--role")), &roleId))
            return DataError;
    } else {
        roleId = ctx.store.roles().value(0).id;
        if (!roleId)
            return dataError(QStringLiteral("%1: no role to add candidates to").arg(path));
    }
    Role role;
    if (!ctx.store.role(roleId, &role))
        return dataError(QStringLiteral("%1: cannot read role %2").arg(path).arg(roleId));
    if (roles == 1) {
        if (!ctx.store.addDemoData(roleId, count, seed))
            return storeError(ctx);
        out() << "Added " << count << " candidates to " << role.title << " (seed " << seed << ")\n";
        return Success;
    }
    if (!ctx.store.addDemoRoles(roleId, roles, count, seed))
        return storeError(ctx);
    const QList<int> sizes = DemoRoles::sizes(count, roles);
    out() << "Added " << (roles - 1) << " roles copying " << role.title << " and " << count << " candidates over the "
          << roles << " (from " << sizes.first() << " down to " << sizes.last() << " each; seeds " << seed << "-"
          << (seed + quint32(roles - 1)) << ")\n";
    return Success;
}

// candidate erase / anonymize CANDIDATE: one positional, an id or an email; *footprint
// is what there is of them before the change.
int openCandidate(Context &ctx, const QStringList &rawArgs, const QString &command, Id *candidateId,
                  CandidateFootprint *footprint)
{
    const Args a = Args::parse(rawArgs, {}, {});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (a.positionals.size() != 1)
        return usage(QStringLiteral("%1 takes one CANDIDATE (an id or an email)").arg(command));
    if (int rc = openStore(ctx))
        return rc;
    *candidateId = ctx.store.findCandidate(a.positionals.first());
    if (!*candidateId)
        return dataError(QStringLiteral("%1: no candidate \"%2\" (give an id or an email)")
                             .arg(QDir::toNativeSeparators(ctx.store.path()), a.positionals.first()));
    *footprint = ctx.store.candidateFootprint(*candidateId);
    return Success;
}

QString counted(int n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

int cmdCandidateErase(Context &ctx, const QStringList &rawArgs)
{
    Id id = 0;
    CandidateFootprint f;
    if (int rc = openCandidate(ctx, rawArgs, QStringLiteral("candidate erase"), &id, &f))
        return rc;
    if (!ctx.store.eraseCandidate(id))
        return storeError(ctx);
    out() << "Erased candidate " << id << " and everything about them: "
          << QStringList{counted(f.applications, "application", "applications"),
                         counted(f.stageEvents, "stage event", "stage events"),
                         counted(f.interviews, "interview", "interviews"),
                         counted(f.scorecards, "scorecard", "scorecards"),
                         counted(f.decisions, "decision", "decisions")}
                 .join(QStringLiteral(", "))
          << "\n";
    return Success;
}

int cmdCandidateAnonymize(Context &ctx, const QStringList &rawArgs)
{
    Id id = 0;
    CandidateFootprint f;
    if (int rc = openCandidate(ctx, rawArgs, QStringLiteral("candidate anonymize"), &id, &f))
        return rc;
    if (!ctx.store.anonymizeCandidate(id))
        return storeError(ctx);
    Candidate c;
    ctx.store.candidate(id, &c);
    out() << "Anonymized candidate " << id << ": now \"" << c.name
          << "\"; contact details, links, notes, screening answers and free text removed; "
          << counted(f.ratings, "rating", "ratings") << " in " << counted(f.scorecards, "scorecard", "scorecards")
          << " kept\n";
    return Success;
}

int cmdRetentionShow(Context &ctx, const QStringList &rawArgs)
{
    struct Retention
    {
        RoleSummary role;
        int days;  // -1: kept
        int due;
    };
    auto readItems = [&ctx] {
        QList<Retention> list;
        for (const RoleSummary &r : ctx.store.roles())
            list << Retention{r, ctx.store.retentionDays(r.id), int(ctx.store.candidatesDueForRetention(r.id).size())};
        return list;
    };
    auto toJson = [](const Retention &r) {
        return QJsonObject{{QStringLiteral("role_id"), r.role.id},
                           {QStringLiteral("role"), r.role.title},
                           {QStringLiteral("days"), r.days < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(r.days)},
                           {QStringLiteral("due"), r.due}};
    };
    auto printLine = [](const Retention &r) {
        out() << r.role.id << "\t" << r.role.title << "\t"
              << (r.days < 0 ? QStringLiteral("keep")
                             : QStringLiteral("anonymize %1 days after rejection or withdrawal").arg(r.days))
              << "\t" << r.due << " due\n";
    };
    return runListing(ctx, rawArgs, QStringLiteral("retention show"), readItems, toJson, printLine);
}

int cmdRetentionSet(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {}, {});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (a.positionals.size() != 2)
        return usage(QStringLiteral("retention set takes ROLE and DAYS (0-36500, or \"never\")"));
    const QString daysText = a.positionals.at(1);
    bool ok = daysText == QLatin1String("never");
    const int days = ok ? -1 : daysText.toInt(&ok);
    if (!ok || days > 36500 || (days < 0 && daysText != QLatin1String("never")))
        return usage(QStringLiteral("DAYS is a number from 0 to 36500 or \"never\", not \"%1\"").arg(daysText));
    if (int rc = openStore(ctx))
        return rc;
    Id roleId = 0;
    if (!roleArgument(ctx, a.positionals.first(), &roleId))
        return DataError;
    if (!ctx.store.setRetentionDays(roleId, days))
        return storeError(ctx);
    Role role;
    ctx.store.role(roleId, &role);
    if (days < 0)
        out() << role.title << ": candidates are kept\n";
    else
        out() << role.title << ": candidates are anonymized " << days << " days after rejection or withdrawal ("
              << ctx.store.candidatesDueForRetention(roleId).size() << " due now; `retention apply` does it)\n";
    return Success;
}

int cmdRetentionApply(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {}, {});
    if (!a.error.isEmpty() || !a.positionals.isEmpty())
        return usage(a.error.isEmpty() ? QStringLiteral("retention apply takes no arguments") : a.error);
    if (int rc = openStore(ctx))
        return rc;
    const int n = ctx.store.applyRetention();
    if (n < 0)
        return storeError(ctx);
    out() << "Anonymized " << counted(n, "candidate", "candidates") << " past their role's retention period\n";
    return Success;
}

int cmdCandidateList(Context &ctx, const QStringList &rawArgs)
{
    // A search that would look nothing up is refused before the database is opened.
    const Args early = Args::parse(
        rawArgs, {QStringLiteral("--role"), QStringLiteral("--search"), QStringLiteral("--format")}, {});
    if (early.options.contains(QStringLiteral("--search"))
        && CandidateSearch::wordToLookUp(CandidateFilter::wordsOf(early.options.value(QStringLiteral("--search"))))
               .isEmpty())
        return usage(QStringLiteral("candidate list: --search needs a word of %1 letters or more")
                         .arg(CandidateSearch::ShortestWord));
    Args a;
    QString format;
    if (int rc = openListing(ctx, rawArgs, QStringLiteral("candidate list"),
                             {QStringLiteral("--role"), QStringLiteral("--search")}, &a, &format))
        return rc;
    QList<RoleSummary> roles = ctx.store.roles();
    Id roleId = 0;
    if (a.options.contains(QStringLiteral("--role"))) {
        if (!roleArgument(ctx, a.options.value(QStringLiteral("--role")), &roleId))
            return DataError;
        QList<RoleSummary> only;
        for (const RoleSummary &r : std::as_const(roles))
            if (r.id == roleId)
                only << r;
        roles = only;
    }
    // One entry per application: a candidate who applied to two roles appears twice.
    QJsonArray array;
    auto print = [&](Id candidateId, Id applicationId, const QString &name, const QString &email, const QString &role,
                     const QString &stage, ApplicationStatus s) {
        const QString status = applicationStatusName(s);
        if (format == QLatin1String("json"))
            array.append(QJsonObject{{QStringLiteral("id"), candidateId},
                                     {QStringLiteral("application_id"), applicationId},
                                     {QStringLiteral("name"), name},
                                     {QStringLiteral("email"), email},
                                     {QStringLiteral("role"), role},
                                     {QStringLiteral("stage"), stage},
                                     {QStringLiteral("status"), status}});
        else
            out() << candidateId << "\t" << name << "\t" << email << "\t" << role << "\t" << stage << "\t" << status
                  << "\n";
    };
    if (a.options.contains(QStringLiteral("--search"))) {
        // The GUI's "All roles" search: the index, not every role's rows.
        const CandidateSearch::Answer found = CandidateSearch(ctx.store.database())
                                                  .find(CandidateFilter::wordsOf(
                                                            a.options.value(QStringLiteral("--search"))),
                                                        ctx.store.access().visibility());
        if (!found.ok)
            return dataError(ctx.store.database().errorString());
        for (const CandidateMatch &m : found.matches)
            if (!roleId || m.roleId == roleId)
                print(m.candidateId, m.applicationId, m.name, m.email, m.role, m.stage, m.status);
        if (found.more)
            err() << "hireloop-cli: the first " << found.candidates
                  << " candidates found, the most recently added; add words to narrow the search\n";
    } else {
        for (const RoleSummary &r : std::as_const(roles))
            for (const CandidateRow &row : ctx.store.candidateRows(r.id))
                print(row.candidateId, row.applicationId, row.name, row.email, r.title, row.stage, row.status);
    }
    if (format == QLatin1String("json"))
        printJson(QJsonDocument(array));
    return Success;
}

// What both exports take: checked before the database is opened; the file is written
// whole or not at all, and holds only what the acting person may see.
struct ExportRequest
{
    Args args;
    QString target;
    QString formatName;
    ScorecardExport::Profile profile = ScorecardExport::Profile::Full;
    QString profileName;
    Id roleId = 0;
    Id applicationId = 0;
    bool activeOnly = false;  // --active-only: no rejected or withdrawn applications
    SummaryFilter filter;  // --stage, --status, --in-debrief
};

int parseExport(Context &ctx, const QStringList &rawArgs, const QString &what, const QStringList &formats,
                bool perCandidate, ExportRequest *r)
{
    QStringList options = {QStringLiteral("--role"), QStringLiteral("--format"), QStringLiteral("--profile"),
                           QStringLiteral("--output")};
    QStringList flags;
    if (perCandidate) {
        options << QStringLiteral("--candidate") << QStringLiteral("--stage") << QStringLiteral("--status");
        flags << QStringLiteral("--active-only") << QStringLiteral("--in-debrief");
    }
    const Args a = Args::parse(rawArgs, options, flags);
    r->args = a;
    r->activeOnly = a.options.contains(QStringLiteral("--active-only"));
    r->filter.inDebriefOnly = a.options.contains(QStringLiteral("--in-debrief"));
    // --status may repeat and take a comma-separated list.
    for (const QString &value : a.all.value(QStringLiteral("--status"))) {
        for (const QString &name : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            ApplicationStatus status;
            if (!applicationStatusFromName(name.trimmed(), &status))
                return usage(
                    QStringLiteral("--status takes active, rejected, withdrawn or hired, not \"%1\"").arg(name));
            r->filter.statuses << status;
        }
    }
    r->target = a.options.value(QStringLiteral("--output"));
    if (!a.error.isEmpty())
        return usage(a.error);
    if (!a.positionals.isEmpty())
        return usage(QStringLiteral("%1 takes no positional arguments (\"%2\")").arg(what, a.positionals.first()));
    if (!a.options.contains(QStringLiteral("--role")))
        return usage(QStringLiteral("%1 needs --role ROLE").arg(what));
    r->formatName = a.options.value(QStringLiteral("--format"));
    const QString formatList = formats.join(QLatin1Char('|'));
    if (!formats.contains(r->formatName))
        return usage(r->formatName.isEmpty()
                         ? QStringLiteral("%1 needs --format %2").arg(what, formatList)
                         : QStringLiteral("--format takes %1, not \"%2\"").arg(formatList, r->formatName));
    r->profileName = a.options.value(QStringLiteral("--profile"), QStringLiteral("full"));
    if (!ScorecardExport::profileFromName(r->profileName, &r->profile))
        return usage(QStringLiteral("--profile takes full, logistics or calibration, not \"%1\"").arg(r->profileName));
    if (r->target.isEmpty())
        return usage(QStringLiteral("%1 needs -o FILE").arg(what));
    QString refused;
    if (!ExportFile::checkTarget(r->target, &refused))
        return dataError(refused);
    if (int rc = openStore(ctx))
        return rc;
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    if (!roleArgument(ctx, a.options.value(QStringLiteral("--role")), &r->roleId))
        return DataError;
    const QStringList stages = a.all.value(QStringLiteral("--stage"));
    if (!stages.isEmpty()) {
        Role role;
        ctx.store.role(r->roleId, &role);
        for (const QString &name : stages) {
            const auto stage = std::find_if(role.stages.cbegin(), role.stages.cend(), [&name](const Stage &s) {
                return s.name == name || QString::number(s.id) == name;
            });
            if (stage == role.stages.cend())
                return dataError(QStringLiteral("%1: role \"%2\" has no stage \"%3\"").arg(path, role.title, name));
            r->filter.stageIds << stage->id;
        }
    }
    if (a.options.contains(QStringLiteral("--candidate"))) {
        const QString key = a.options.value(QStringLiteral("--candidate"));
        const Id candidateId = ctx.store.findCandidate(key);
        for (const Application &app : ctx.store.applicationsOf(candidateId)) {
            if (app.roleId == r->roleId)
                r->applicationId = app.id;
        }
        if (!r->applicationId)
            return dataError(QStringLiteral("%1: no application of candidate \"%2\" to this role").arg(path, key));
    }
    if (QFileInfo(r->target).absoluteFilePath() == QFileInfo(ctx.store.path()).absoluteFilePath())
        return dataError(QStringLiteral("%1: an export cannot replace the database itself").arg(r->target));
    return Success;
}

int cmdExportScorecards(Context &ctx, const QStringList &rawArgs)
{
    ExportRequest r;
    if (int rc = parseExport(ctx, rawArgs, QStringLiteral("export scorecards"),
                             {QStringLiteral("csv"), QStringLiteral("json")}, false, &r))
        return rc;
    ScorecardExport::Format format = ScorecardExport::Format::Json;
    ScorecardExport::formatFromName(r.formatName, &format);
    QString error;
    int count = 0;
    if (!ScorecardExport(ctx.store).write(r.roleId, format, r.profile, r.target, &error, &count))
        return dataError(error);
    out() << "Exported " << count << (count == 1 ? " scorecard (" : " scorecards (") << r.profileName << ") to "
          << QDir::toNativeSeparators(r.target) << "\n";
    return Success;
}

int cmdExportSummary(Context &ctx, const QStringList &rawArgs)
{
    ExportRequest r;
    if (int rc = parseExport(ctx, rawArgs, QStringLiteral("export summary"),
                             {QStringLiteral("csv"), QStringLiteral("json"), QStringLiteral("pdf")}, true, &r))
        return rc;
    SummaryExport::Format format = SummaryExport::Format::Csv;
    SummaryExport::formatFromName(r.formatName, &format);
    QString error;
    int count = 0;
    SummaryExport summary(ctx.store);
    summary.setActiveOnly(r.activeOnly);
    summary.setFilter(r.filter);
    if (!summary.write(r.roleId, format, r.profile, r.target, &error, &count, r.applicationId))
        return dataError(error);
    out() << "Exported the " << r.formatName << " summary of " << count
          << (count == 1 ? " application (" : " applications (") << r.profileName << ") to "
          << QDir::toNativeSeparators(r.target) << "\n";
    return Success;
}

// An ISO 8601 date or date-time of export ics into seconds since the epoch: a date-time
// without an offset is local time; a date is the start of that local day, or for
// endOfDay the start of the next one (so that --to includes its day). False when neither.
bool icsTime(const QString &value, bool endOfDay, qint64 *secs)
{
    const QDate date = QDate::fromString(value, Qt::ISODate);
    if (date.isValid() && value.size() == 10) {
        *secs = (endOfDay ? date.addDays(1) : date).startOfDay().toSecsSinceEpoch();
        return true;
    }
    if (!value.contains(QLatin1Char('T')))
        return false;
    const QDateTime time = QDateTime::fromString(value, Qt::ISODate);
    if (!time.isValid())
        return false;
    *secs = time.toSecsSinceEpoch();
    return true;
}

// export ics: one interview's invite (REQUEST, or CANCEL once cancelled), or the role's
// interviews in a range as one PUBLISH calendar.
int cmdExportIcs(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs,
                               {QStringLiteral("--role"), QStringLiteral("--interview"), QStringLiteral("--from"),
                                QStringLiteral("--to"), QStringLiteral("--output")},
                               {QStringLiteral("--with-candidate")});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (!a.positionals.isEmpty())
        return usage(QStringLiteral("export ics takes no positional arguments (\"%1\")").arg(a.positionals.first()));
    if (!a.options.contains(QStringLiteral("--role")))
        return usage(QStringLiteral("export ics needs --role ROLE"));
    const bool one = a.options.contains(QStringLiteral("--interview"));
    const bool range = a.options.contains(QStringLiteral("--from")) || a.options.contains(QStringLiteral("--to"));
    if (one && range)
        return usage(QStringLiteral("export ics takes --interview ID or --from DATE --to DATE, not both"));
    if (!one && !(a.options.contains(QStringLiteral("--from")) && a.options.contains(QStringLiteral("--to"))))
        return usage(QStringLiteral("export ics needs --interview ID, or --from DATE and --to DATE"));
    Id interviewId = 0;
    if (one) {
        bool ok = false;
        interviewId = a.options.value(QStringLiteral("--interview")).toLongLong(&ok);
        if (!ok || interviewId <= 0)
            return usage(QStringLiteral("--interview takes an interview id, not \"%1\"")
                             .arg(a.options.value(QStringLiteral("--interview"))));
    }
    qint64 from = 0, to = 0;
    if (!one) {
        const QString names[2] = {QStringLiteral("--from"), QStringLiteral("--to")};
        qint64 *times[2] = {&from, &to};
        for (int i = 0; i < 2; ++i) {
            const QString value = a.options.value(names[i]);
            if (!icsTime(value, i == 1, times[i]))
                return usage(QStringLiteral("%1 takes an ISO 8601 date or date-time (YYYY-MM-DD or "
                                            "YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM]), not \"%2\"")
                                 .arg(names[i], value));
        }
        if (from >= to)
            return usage(QStringLiteral("--from %1 is not before --to %2")
                             .arg(a.options.value(QStringLiteral("--from")), a.options.value(QStringLiteral("--to"))));
    }
    const QString target = a.options.value(QStringLiteral("--output"));
    if (target.isEmpty())
        return usage(QStringLiteral("export ics needs -o FILE"));
    QString error;
    if (!ExportFile::checkTarget(target, &error))
        return dataError(error);
    if (int rc = openStore(ctx))
        return rc;
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    Id roleId = 0;
    Role role;
    if (!roleArgument(ctx, a.options.value(QStringLiteral("--role")), &roleId, &role))
        return DataError;
    if (QFileInfo(target).absoluteFilePath() == QFileInfo(ctx.store.path()).absoluteFilePath())
        return dataError(QStringLiteral("%1: an export cannot replace the database itself").arg(target));
    IcsExport::Options options;
    options.withCandidate = a.options.contains(QStringLiteral("--with-candidate"));
    IcsExport ics(ctx.store);
    const QString file = QDir::toNativeSeparators(target);
    if (one) {
        Interview iv;
        if (!ctx.store.interview(interviewId, &iv))
            return dataError(QStringLiteral("%1: no interview %2").arg(path).arg(interviewId));
        if (iv.roleId != roleId) {
            Role other;
            ctx.store.role(iv.roleId, &other);
            return dataError(QStringLiteral("%1: interview %2 is for role \"%3\", not \"%4\"")
                                 .arg(path)
                                 .arg(interviewId)
                                 .arg(other.title, role.title));
        }
        if (!ics.writeInvite(interviewId, options, target, &error))
            return dataError(error);
        out() << "Exported the " << (iv.cancelled ? "cancellation" : "invite") << " of interview " << interviewId
              << " (" << iv.candidate << ", " << iv.stage << ") to " << file << "\n";
        return Success;
    }
    const QList<Interview> interviews = ctx.store.interviewsBetween(roleId, from, to, true);
    if (!ics.writeCalendar(interviews, roleId, options, target, &error))
        return dataError(error);
    out() << "Exported " << interviews.size() << (interviews.size() == 1 ? " interview" : " interviews")
          << " as a calendar to " << file << "\n";
    return Success;
}

// import FILE --role ROLE: the file is read and every row checked before anything is
// written; one bad row and nothing is imported. Duplicates are skipped and listed.
QJsonObject importIssueToJson(const ImportIssue &issue)
{
    return QJsonObject{{QStringLiteral("line"), issue.line},
                       {QStringLiteral("column"), issue.column},
                       {QStringLiteral("character"), issue.character},
                       {QStringLiteral("message"), issue.message}};
}

// "people.csv:57:14: column "Email": ..." as compilers write it.
QString importIssueText(const QString &file, const ImportIssue &issue)
{
    QString where = file;
    if (issue.line > 0)
        where += QStringLiteral(":%1").arg(issue.line);
    if (issue.line > 0 && issue.character > 0)
        where += QStringLiteral(":%1").arg(issue.character);
    const QString column = issue.column.isEmpty() ? QString() : QStringLiteral("column \"%1\": ").arg(issue.column);
    return QStringLiteral("%1: %2%3").arg(where, column, issue.message);
}

int cmdImport(Context &ctx, const QStringList &rawArgs)
{
    // --map and --map-value may be given more than once: taken out before the common parsing.
    QStringList maps;
    QStringList valueMaps;
    QStringList rest;
    for (int i = 0; i < rawArgs.size(); ++i) {
        const QString &arg = rawArgs.at(i);
        if (arg == QLatin1String("--map")) {
            if (i + 1 >= rawArgs.size())
                return usage(QStringLiteral("--map needs a value (COLUMN=FIELD)"));
            maps << rawArgs.at(++i);
        } else if (arg.startsWith(QLatin1String("--map="))) {
            maps << arg.mid(6);
        } else if (arg == QLatin1String("--map-value")) {
            if (i + 1 >= rawArgs.size())
                return usage(QStringLiteral("--map-value needs a value (COLUMN:VALUE=OURS)"));
            valueMaps << rawArgs.at(++i);
        } else if (arg.startsWith(QLatin1String("--map-value="))) {
            valueMaps << arg.mid(12);
        } else {
            rest << arg;
        }
    }
    const Args a = Args::parse(rest,
                               {QStringLiteral("--role"), QStringLiteral("--format"), QStringLiteral("--encoding")},
                               {QStringLiteral("--dry-run")});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (a.positionals.size() != 1)
        return usage(QStringLiteral("import takes one FILE (CSV)"));
    if (!a.options.contains(QStringLiteral("--role")))
        return usage(QStringLiteral("import needs --role ROLE"));
    QString format;
    int rc = 0;
    if (!formatOption(a, &format, &rc))
        return rc;
    TextFile::Encoding eightBit = TextFile::Encoding::Unknown;
    if (a.options.contains(QStringLiteral("--encoding"))) {
        const QString name = a.options.value(QStringLiteral("--encoding"));
        if (!TextFile::encodingFromName(name, &eightBit))
            return usage(QStringLiteral("--encoding takes windows-1252 or latin1, not \"%1\"").arg(name));
    }
    QList<std::pair<QString, ImportField>> mapping;
    QStringList fieldNames;
    for (ImportField f : CandidateImport::allFields())
        fieldNames << CandidateImport::fieldName(f);
    for (const QString &m : std::as_const(maps)) {
        const qsizetype eq = m.lastIndexOf(QLatin1Char('='));
        ImportField field = ImportField::Ignore;
        if (eq <= 0)
            return usage(QStringLiteral("--map takes COLUMN=FIELD, not \"%1\"").arg(m));
        if (!CandidateImport::fieldFromName(m.mid(eq + 1), &field))
            return usage(QStringLiteral("--map %1: no field \"%2\" (one of %3)")
                             .arg(m, m.mid(eq + 1), fieldNames.join(QStringLiteral(", "))));
        mapping.append({m.left(eq), field});
    }
    // --map-value COLUMN:VALUE=OURS: the column up to the first ":", OURS after the last "=".
    struct ValueMap
    {
        QString column, value, ours;
    };
    QList<ValueMap> valueMapping;
    for (const QString &m : std::as_const(valueMaps)) {
        const qsizetype eq = m.lastIndexOf(QLatin1Char('='));
        const qsizetype colon = eq > 0 ? m.left(eq).indexOf(QLatin1Char(':')) : -1;
        if (colon <= 0 || colon + 1 >= eq || m.mid(eq + 1).trimmed().isEmpty())
            return usage(QStringLiteral("--map-value takes COLUMN:VALUE=OURS (such as \"Stage:Phone Screen=Screen\" "
                                        "or Status:Disqualified=rejected), not \"%1\"")
                             .arg(m));
        valueMapping.append({m.left(colon), m.mid(colon + 1, eq - colon - 1), m.mid(eq + 1)});
    }
    const bool dryRun = a.options.contains(QStringLiteral("--dry-run"));
    const bool json = format == QLatin1String("json");
    const QString file = a.positionals.first();
    const QString fileName = QDir::toNativeSeparators(file);

    QJsonObject report{{QStringLiteral("file"), fileName},
                       {QStringLiteral("dry_run"), dryRun},
                       {QStringLiteral("imported"), 0},
                       {QStringLiteral("duplicates"), 0},
                       {QStringLiteral("duplicate_rows"), QJsonArray()},
                       {QStringLiteral("errors"), QJsonArray()}};
    // Problems go to stderr, named by file, line and column; JSON has them too.
    auto refuse = [&](const QList<ImportIssue> &issues) {
        QJsonArray errors;
        for (const ImportIssue &issue : issues) {
            errors.append(importIssueToJson(issue));
            err() << "hireloop-cli: " << importIssueText(fileName, issue) << "\n";
        }
        err() << "hireloop-cli: " << fileName << ": nothing imported\n";
        if (json) {
            report.insert(QStringLiteral("errors"), errors);
            printJson(QJsonDocument(report));
        }
        return DataError;
    };

    // The file is read and checked before the database is opened.
    CandidateImport import;
    if (!import.readFile(file, eightBit)) {
        ImportIssue issue = import.readError();
        if (import.needsEncoding())
            issue.message = QStringLiteral("%1; if it is a spreadsheet's Windows-1252 or Latin-1 export, give "
                                           "--encoding windows-1252 (or latin1): this line would then read \"%2\"")
                                .arg(issue.message, import.eightBitSample());
        return refuse({issue});
    }
    for (const auto &[column, field] : std::as_const(mapping)) {
        QString error;
        if (!import.mapColumn(column, field, &error))
            return usage(QStringLiteral("--map %1=%2: %3").arg(column, CandidateImport::fieldName(field), error));
    }
    // A --map-value of a column the file does not have is refused before the database is
    // opened; what it maps to is checked once the role (and its stages) is known.
    for (const ValueMap &m : std::as_const(valueMapping)) {
        QString error;
        if (!import.hasValueColumn(m.column, &error))
            return usage(QStringLiteral("--map-value %1:%2=%3: %4").arg(m.column, m.value, m.ours, error));
    }
    if ((rc = openStore(ctx)))
        return rc;
    Id roleId = 0;
    Role role;
    if (!roleArgument(ctx, a.options.value(QStringLiteral("--role")), &roleId, &role))
        return DataError;
    report.insert(QStringLiteral("role"), role.title);
    report.insert(QStringLiteral("role_id"), role.id);
    report.insert(QStringLiteral("encoding"), TextFile::encodingName(import.encoding()));
    QJsonArray columns;
    for (int i = 0; i < import.columns().size(); ++i)
        columns.append(QJsonObject{{QStringLiteral("column"), import.columnLabel(i)},
                                   {QStringLiteral("field"), CandidateImport::fieldName(import.field(i))}});
    report.insert(QStringLiteral("mapping"), columns);
    report.insert(QStringLiteral("ignored_columns"), QJsonArray::fromStringList(import.ignoredColumns()));
    for (const ValueMap &m : std::as_const(valueMapping)) {
        QString error;
        if (!import.mapValue(m.column, m.value, m.ours, role, &error))
            return usage(QStringLiteral("--map-value %1:%2=%3: %4").arg(m.column, m.value, m.ours, error));
    }

    QList<ImportedCandidate> rows;
    QList<ImportIssue> issues;
    int rowCount = 0;
    QList<ImportValue> values;
    const bool valid = import.validate(role, &rows, &issues, &rowCount, CandidateImport::MaxIssues, &values);
    report.insert(QStringLiteral("rows"), rowCount);
    // Where each Stage and Status value of the file goes: ours as they are, other systems'
    // words as proposed or as --map-value says.
    QJsonArray valueJson;
    for (const ImportValue &v : std::as_const(values))
        valueJson.append(QJsonObject{{QStringLiteral("column"), import.columnLabel(v.column)},
                                     {QStringLiteral("field"), CandidateImport::fieldName(v.field)},
                                     {QStringLiteral("value"), v.value},
                                     {QStringLiteral("rows"), v.rows},
                                     {QStringLiteral("maps_to"), v.target},
                                     {QStringLiteral("chosen"), v.chosen}});
    report.insert(QStringLiteral("value_mapping"), valueJson);
    if (!valid)
        return refuse(issues);
    ImportResult result;
    if (!ctx.store.importCandidates(roleId, rows, {}, &result, dryRun))
        return storeError(ctx);

    QJsonArray duplicates;
    for (const ImportDuplicate &d : std::as_const(result.duplicates))
        duplicates.append(QJsonObject{
            {QStringLiteral("line"), d.line},
            {QStringLiteral("key"), d.key},
            {QStringLiteral("value"), d.value},
            {QStringLiteral("existing_candidate_id"), d.existingId ? QJsonValue(d.existingId) : QJsonValue()},
            {QStringLiteral("existing_candidate"), d.existingName},
            {QStringLiteral("existing_line"), d.existingLine ? QJsonValue(d.existingLine) : QJsonValue()}});
    if (json) {
        report.insert(QStringLiteral("imported"), dryRun ? 0 : result.imported);
        if (dryRun)
            report.insert(QStringLiteral("would_import"), result.imported);
        report.insert(QStringLiteral("duplicates"), int(result.duplicates.size()));
        report.insert(QStringLiteral("duplicate_rows"), duplicates);
        printJson(QJsonDocument(report));
        return Success;
    }
    const QString count = result.imported == 1 ? QStringLiteral("1 candidate")
                                               : QStringLiteral("%1 candidates").arg(result.imported);
    if (dryRun)
        out() << "Dry run: would import " << count << " into \"" << role.title << "\" from " << fileName
              << "; nothing written\n";
    else
        out() << "Imported " << count << " into \"" << role.title << "\" from " << fileName << "\n";
    if (dryRun && !values.isEmpty()) {
        out() << "Stages and statuses (change one with --map-value COLUMN:VALUE=OURS):\n";
        for (const ImportValue &v : std::as_const(values))
            out() << "  " << import.columnLabel(v.column) << ": " << v.value << " ("
                  << (v.rows == 1 ? QStringLiteral("1 row") : QStringLiteral("%1 rows").arg(v.rows)) << ") -> "
                  << v.target << "\n";
    }
    if (!result.duplicates.isEmpty())
        out() << "Skipped " << result.duplicates.size()
              << (result.duplicates.size() == 1 ? " duplicate:\n" : " duplicates:\n");
    for (const ImportDuplicate &d : std::as_const(result.duplicates)) {
        out() << "  " << fileName << ":" << d.line << ": " << d.key << " " << d.value;
        if (d.existingId)
            out() << " is already candidate " << d.existingId << " (" << d.existingName << ")\n";
        else
            out() << " is also on line " << d.existingLine << " (" << d.existingName << ")\n";
    }
    const QStringList ignored = import.ignoredColumns();
    if (!ignored.isEmpty())
        out() << "Ignored columns: \"" << ignored.join(QStringLiteral("\", \"")) << "\"\n";
    return Success;
}

// report: the numbers of the GUI's Reports tab, as the acting person may see them
// (calibration only for those who may see every score).
int cmdReport(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(
        rawArgs,
        {QStringLiteral("--role"), QStringLiteral("--from"), QStringLiteral("--to"), QStringLiteral("--format")},
        {QStringLiteral("--all-time")});
    if (!a.error.isEmpty())
        return usage(a.error);
    if (!a.positionals.isEmpty())
        return usage(QStringLiteral("report takes no positional arguments (\"%1\")").arg(a.positionals.first()));
    if (!a.options.contains(QStringLiteral("--role")))
        return usage(QStringLiteral("report needs --role ROLE"));
    QString format;
    int rc = 0;
    if (!formatOption(a, &format, &rc))
        return rc;
    const bool allTime = a.options.contains(QStringLiteral("--all-time"));
    if (allTime && (a.options.contains(QStringLiteral("--from")) || a.options.contains(QStringLiteral("--to"))))
        return usage(QStringLiteral("--all-time takes no --from or --to"));
    QDate days[2] = {QDate(), QDate::currentDate()};
    const QString names[2] = {QStringLiteral("--from"), QStringLiteral("--to")};
    for (int i = 1; i >= 0; --i) {
        if (!a.options.contains(names[i])) {
            if (i == 0)
                days[0] = Reports::twelveMonthsBefore(days[1]);
            continue;
        }
        const QString value = a.options.value(names[i]);
        days[i] = QDate::fromString(value, Qt::ISODate);
        if (!days[i].isValid())
            return usage(QStringLiteral("%1 takes a date as YYYY-MM-DD, not \"%2\"").arg(names[i], value));
    }
    if (!allTime && days[0] > days[1])
        return usage(QStringLiteral("--from %1 is after --to %2")
                         .arg(days[0].toString(Qt::ISODate), days[1].toString(Qt::ISODate)));
    if ((rc = openStore(ctx)))
        return rc;
    Id roleId = 0;
    if (!roleArgument(ctx, a.options.value(QStringLiteral("--role")), &roleId))
        return DataError;
    ReportQuery query = Reports::queryFor(ctx.store, roleId);
    if (!allTime)
        query.setDays(days[0], days[1]);
    const Report report = Reports::compute(ctx.store.database(), query);
    if (!report.ok)
        return dataError(QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(ctx.store.path()), report.error));
    if (format == QLatin1String("json"))
        printJson(QJsonDocument(Reports::toJson(report)));
    else
        out() << Reports::toText(report);
    return Success;
}

const QList<Command> &commands()
{
    static const QList<Command> list = {
        {{QStringLiteral("init")},
         {},
         QStringLiteral("create the database with the default role; no-op if it exists"),
         cmdInit},
        {{QStringLiteral("team"), QStringLiteral("init")},
         QStringLiteral("[--name NAME --email EMAIL --login LOGIN [--password-stdin]]"),
         QStringLiteral("on an empty PostgreSQL database: the schema, the team's roles and grants, the default\n"
                        "      role and its first hiring manager (NAME, EMAIL; default Lab Director), who logs in\n"
                        "      as LOGIN (password from standard input, or made and printed once)"),
         cmdTeamInit},
        {{QStringLiteral("team"), QStringLiteral("push")},
         QStringLiteral("FILE"),
         QStringLiteral("on an empty PostgreSQL database: the schema, then the whole solo FILE, ids kept, in one\n"
                        "      transaction; each active person a login role (passwords printed once); the audit\n"
                        "      chain re-verified on arrival; all or nothing"),
         cmdTeamPush},
        {{QStringLiteral("check")},
         {},
         QStringLiteral("integrity, foreign keys, audit chain; exit 0 only when clean"),
         cmdCheck},
        {{QStringLiteral("demo")},
         QStringLiteral("[--candidates N] [--seed S] [--role ROLE] [--roles R]"),
         QStringLiteral("add N (1-1000000, default 200) realistic synthetic candidates, with stage history, "
                        "interviews,\n      panels, scorecards and decisions, to ROLE (default: the first role); "
                        "same seed, same data;\n      --roles R (2-1000): R-1 more roles copying ROLE's rubric and "
                        "plan under other teams' titles,\n      the candidates shared out among all R (ten or more: "
                        "the first a tenth, the last a thousandth,\n      the rest evenly between), role i with seed "
                        "S+i"),
         cmdDemo},
        {{QStringLiteral("person"), QStringLiteral("list")},
         QStringLiteral("[--format text|json]"),
         QStringLiteral("the people who use this database; JSON items have id, name, email, kind, login (null\n"
                        "      in a solo file) and active"),
         cmdPersonList},
        {{QStringLiteral("person"), QStringLiteral("add")},
         QStringLiteral("--name NAME --email EMAIL --kind hiring_manager|interviewer|coordinator [--login LOGIN\n"
                        "      [--password-stdin]] [--format text|json]"),
         QStringLiteral("add a person; hiring managers and coordinators only. On a team database --login makes\n"
                        "      their login role (password from standard input, or made and printed once; JSON:\n"
                        "      \"password\"); refused on a solo file"),
         cmdPersonAdd},
        {{QStringLiteral("person"), QStringLiteral("edit")},
         QStringLiteral("PERSON [--name NAME] [--email EMAIL] [--kind KIND]"),
         QStringLiteral("change a person's name, email or kind; the last hiring manager stays one"),
         cmdPersonEdit},
        {{QStringLiteral("person"), QStringLiteral("deactivate")},
         QStringLiteral("PERSON"),
         QStringLiteral("keep their history; they leave every picker and can no longer act"),
         cmdPersonDeactivate},
        {{QStringLiteral("candidate"), QStringLiteral("list")},
         QStringLiteral("[--role ROLE] [--format text|json] [--search TEXT]"),
         QStringLiteral("one line per application: candidate id, name, email, role, stage, status;\n"
                        "      --search: those whose name or an email holds every word of TEXT (one of 3\n"
                        "      letters or more), in every role (or ROLE), at most 200 candidates, newest first"),
         cmdCandidateList},
        {{QStringLiteral("candidate"), QStringLiteral("erase")},
         QStringLiteral("CANDIDATE"),
         QStringLiteral("remove the person and everything about them (right to erasure); CANDIDATE is an id or\n"
                        "      an email; hiring managers and coordinators only; cannot be undone"),
         cmdCandidateErase},
        {{QStringLiteral("candidate"), QStringLiteral("anonymize")},
         QStringLiteral("CANDIDATE"),
         QStringLiteral("keep ratings and recommendations for calibration, remove what identifies them: the name\n"
                        "      becomes \"Anonymized #ID\"; contact details, links, notes, screening answers, reasons\n"
                        "      and every free text go; hiring managers and coordinators only; cannot be undone"),
         cmdCandidateAnonymize},
        {{QStringLiteral("retention"), QStringLiteral("show")},
         QStringLiteral("[--format text|json]"),
         QStringLiteral("each role's retention period and how many candidates are due"),
         cmdRetentionShow},
        {{QStringLiteral("retention"), QStringLiteral("set")},
         QStringLiteral("ROLE DAYS|never"),
         QStringLiteral("anonymize ROLE's candidates DAYS days after their rejection or withdrawal (never: keep\n"
                        "      them, the default); hiring managers and coordinators only"),
         cmdRetentionSet},
        {{QStringLiteral("retention"), QStringLiteral("apply")},
         {},
         QStringLiteral("anonymize every candidate past their roles' retention period (the GUI does this\n"
                        "      whenever it opens a database); prints how many"),
         cmdRetentionApply},
        {{QStringLiteral("role"), QStringLiteral("list")},
         QStringLiteral("[--format text|json]"),
         QStringLiteral("the roles"),
         cmdRoleList},
        {{QStringLiteral("role"), QStringLiteral("show")},
         QStringLiteral("ROLE [--format text|json]"),
         QStringLiteral("a role's posting sections, rubric, screening facts and interview plan"),
         cmdRoleShow},
        {{QStringLiteral("role"), QStringLiteral("add")},
         QStringLiteral("--from-posting FILE [--format text|json]"),
         QStringLiteral("a new role from a job posting (UTF-8 text)"),
         cmdRoleAdd},
        {{QStringLiteral("import")},
         QStringLiteral("FILE --role ROLE [--map COLUMN=FIELD]... [--map-value COLUMN:VALUE=OURS]... [--dry-run]\n"
                        "      [--encoding windows-1252|latin1] [--format text|json]"),
         QStringLiteral(
             "add the candidates of a CSV file (UTF-8 or UTF-16; an 8-bit file only with --encoding) to\n"
             "      ROLE, each at its stage (default: the first); all or nothing: one bad row (a wrong\n"
             "      number of fields, a broken quote, an invalid email or link) and nothing is imported,\n"
             "      every problem listed; rows whose email or profile link is already there are skipped.\n"
             "      Columns are recognised by their header; --map sets one (FIELD: name, first_name,\n"
             "      last_name, email, phone, location, city, country, source, linkedin, github, scholar,\n"
             "      orcid, arxiv, website, link, stage, status, notes or ignore). Each stage or status\n"
             "      value that is not ours (another system's \"Phone Screen\", \"Disqualified\") goes where\n"
             "      it is proposed to (a stage sharing a telling word, else the first; a status that reads\n"
             "      as rejected, withdrawn or hired, else active); --map-value sends one elsewhere (OURS:\n"
             "      a stage of ROLE, or active, rejected, withdrawn or hired); --dry-run writes nothing\n"
             "      and lists every value, its rows and where it goes"),
         cmdImport},
        {{QStringLiteral("backup")},
         QStringLiteral("-o FILE"),
         QStringLiteral("a consistent copy of the database (never a half-written file)"),
         cmdBackup},
        {{QStringLiteral("export"), QStringLiteral("scorecards")},
         QStringLiteral("--role ROLE --format csv|json [--profile full|logistics|calibration] -o FILE"),
         QStringLiteral("the role's scorecards as the acting person may see them (private notes only where they may\n"
                        "      read them); logistics: no ratings or notes; calibration: pseudonyms, no free text;\n"
                        "      written whole (mode 0600) or not at all"),
         cmdExportScorecards},
        {{QStringLiteral("export"), QStringLiteral("summary")},
         QStringLiteral("--role ROLE --format csv|json|pdf [--profile full|logistics|calibration]\n"
                        "      [--candidate CANDIDATE] [--active-only] [--stage STAGE]... [--status STATUS[,...]]...\n"
                        "      [--in-debrief] -o FILE"),
         QStringLiteral(
             "the debrief summary of every application of the role (or, with --candidate, of one), by stage\n"
             "      in plan order, best score first: weighted score, recommendation tally, must-have flags,\n"
             "      category means, decision (and its rationale, full profile); --active-only leaves out\n"
             "      rejected and withdrawn candidates; --stage (repeatable), --status (active, rejected,\n"
             "      withdrawn, hired) and --in-debrief (a scorecard in or a decision) keep only those;\n"
             "      pdf: a debrief packet with a page per candidate in debrief, drawn page by page into\n"
             "      the file; written whole (mode 0600) or not at all"),
         cmdExportSummary},
        {{QStringLiteral("export"), QStringLiteral("ics")},
         QStringLiteral("--role ROLE (--interview ID | --from DATE --to DATE) [--with-candidate] -o FILE"),
         QStringLiteral(
             "interview invites as iCalendar (RFC 5545) for calendar apps: with --interview, that interview's\n"
             "      invite to its panel (its cancellation once cancelled); otherwise the role's interviews from\n"
             "      DATE to DATE as one calendar (YYYY-MM-DD, --to through the end of its day, or\n"
             "      YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM]; local time); --with-candidate invites the candidate too\n"
             "      (when they have an email); written whole (mode 0600) or not at all"),
         cmdExportIcs},
        {{QStringLiteral("report")},
         QStringLiteral("--role ROLE [--from DATE] [--to DATE | --all-time] [--format text|json]"),
         QStringLiteral("the role's reports for applications created from DATE to DATE (YYYY-MM-DD, local days;\n"
                        "      default: the twelve months up to today): funnel, time in stage, sources, scorecard\n"
                        "      submission and, for those who may see every score, interviewer calibration"),
         cmdReport},
    };
    return list;
}

QString helpText()
{
    QString text
        = QStringLiteral(
              "Usage: hireloop-cli [--db PATH|URL] [--as PERSON] [--read-only] COMMAND [ARGS]\n"
              "       hireloop-cli --version | --help | COMMAND --help\n\n"
              "Hireloop's headless twin: the same database and the same rules as the GUI.\n\n"
              "Options:\n"
              "  --db PATH     the database file (default: %1)\n"
              "  --db URL      a team database on PostgreSQL: postgresql://[user@]host[:port]/db[?sslmode=…],\n"
              "                or postgresql:///db?host=/socket/folder; passwords from ~/.pgpass or PGPASSWORD\n"
              "  --as PERSON   act for this person (id, exact name or email); default: the first hiring manager\n"
              "  --read-only   open the file read-only: commands that change the data are refused\n\n"
              "Commands:\n")
              .arg(QDir::toNativeSeparators(Database::defaultPath()));
    for (const Command &c : commands()) {
        const QString head = (c.words.join(QLatin1Char(' ')) + QLatin1Char(' ') + c.synopsis).trimmed();
        text += QStringLiteral("  %1\n      %2\n").arg(head, c.summary);
    }
    text += QStringLiteral(
        "\nROLE is an id or an exact title; CANDIDATE is an id or an email; PERSON an id, exact name or email.\n"
        "A person may only do what their kind allows, as in the GUI: hiring managers everything;\n"
        "coordinators candidates, scheduling, privacy and people, not the rubric, the plan or decisions;\n"
        "interviewers their own scorecards. Anything else exits 1 with the reason. A solo file protects\n"
        "only what the app shows: anyone who can read the file can read all of it.\n"
        "Commands that change the data (demo, role add, import, person add, edit and deactivate,\n"
        "candidate erase and anonymize, retention set and apply) hold the lock file PATH.lock while they run, as the "
        "GUI does while the\n"
        "file is open: while another instance holds it they stop with exit status 1 and a message naming\n"
        "its program, process id and host; a lock left by a process that died is taken over. They are\n"
        "also refused, with exit status 1, on a read-only file (no write permission on it or its folder,\n"
        "a read-only file system, or --read-only). The other commands only read, and work on both.\n"
        "check, the listings, role show, retention show, report and backup never change an existing file,\n"
        "not a byte: they open it read-only, so a backup stays in its rollback-journal mode, an older\n"
        "schema is not upgraded (they stop with exit status 1 saying so) and no -wal or -shm is left.\n"
        "-o FILE only ever replaces a regular file (a symbolic link is followed; a device, FIFO, socket,\n"
        "a file without write permission and a database's -wal, -shm, -journal and .lock are refused), and\n"
        "writes it whole: a temporary .FILE.PID-N.tmp beside it is renamed over it; one left by a killed\n"
        "run is removed by the next.\n"
        "Exit status: 0 success; 1 data or file error (the message names the file, and the line and\n"
        "column where there is one); 2 usage.\n");
    return text;
}

}  // namespace

// A PDF is laid out with fonts, which need a QGuiApplication; the offscreen platform
// gives one without a display. Everything else runs on a plain QCoreApplication.
static bool needsFonts(int argc, char *argv[])
{
    bool summary = false, pdf = false;
    for (int i = 1; i < argc; ++i) {
        summary = summary || qstrcmp(argv[i], "summary") == 0;
        pdf = pdf || qstrcmp(argv[i], "pdf") == 0 || qstrcmp(argv[i], "--format=pdf") == 0;
    }
    return summary && pdf;
}

static void useOffscreenPlatform()
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // The platform wants a private runtime folder; without one Qt makes the same one
    // itself, but says so on stderr.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString dir = QDir::tempPath() + QStringLiteral("/runtime-%1").arg(getuid());
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
    }
}

int main(int argc, char *argv[])
{
    std::unique_ptr<QCoreApplication> application;
    if (needsFonts(argc, argv)) {
        useOffscreenPlatform();
        application = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        application = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication &app = *application;
    setApplicationInfo();

    QStringList args = app.arguments().mid(1);
    Context ctx;
    ctx.dbPath = Database::defaultPath();

    // Global options come before the command.
    while (!args.isEmpty() && args.first().startsWith(QLatin1String("--"))) {
        const QString opt = args.takeFirst();
        if (opt == QLatin1String("--help") || opt == QLatin1String("-h")) {
            out() << helpText();
            return Success;
        }
        if (opt == QLatin1String("--version")) {
            out() << "hireloop-cli " << versionString() << "\n";
            return Success;
        }
        if (opt == QLatin1String("--read-only")) {
            ctx.readOnly = true;
            continue;
        }
        const int eq = opt.indexOf(QLatin1Char('='));
        const QString name = eq > 0 ? opt.left(eq) : opt;
        if (name != QLatin1String("--db") && name != QLatin1String("--as"))
            return usage(QStringLiteral("unknown option %1").arg(opt));
        QString value;
        if (eq > 0) {
            value = opt.mid(eq + 1);
        } else {
            if (args.isEmpty())
                return usage(QStringLiteral("%1 needs a value").arg(name));
            value = args.takeFirst();
        }
        if (value.isEmpty())
            return usage(QStringLiteral("%1 needs a value").arg(name));
        (name == QLatin1String("--db") ? ctx.dbPath : ctx.as) = value;
    }
    if (args.isEmpty())
        return usage(QStringLiteral("no command given"));

    // The longest command whose words start the arguments.
    const Command *match = nullptr;
    for (const Command &c : commands()) {
        if (args.mid(0, c.words.size()) == c.words && (!match || c.words.size() > match->words.size()))
            match = &c;
    }
    if (!match) {
        QStringList known;
        for (const Command &c : commands())
            if (c.words.first() == args.first())
                known << c.words.join(QLatin1Char(' '));
        if (!known.isEmpty())
            return usage(QStringLiteral("\"%1\" needs one of: %2")
                             .arg(args.join(QLatin1Char(' ')), known.join(QStringLiteral(", "))));
        return usage(QStringLiteral("unknown command \"%1\"").arg(args.first()));
    }
    const QStringList rest = args.mid(match->words.size());
    if (rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
        out() << "Usage: hireloop-cli [--db PATH|URL] [--as PERSON] " << match->words.join(QLatin1Char(' ')) << " "
              << match->synopsis << "\n  " << match->summary << "\n";
        return Success;
    }
    ctx.command = match->words.join(QLatin1Char(' '));
    ctx.changesData = commandChangesData(ctx.command);
    ctx.onlyReads = commandOnlyReads(ctx.command);
    return match->run(ctx, rest);
}
