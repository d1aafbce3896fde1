// hireloop-cli: the headless twin of the GUI (../shared contract: CLI-CONTRACT.md).
// Parses arguments, opens the store, calls it and prints. Exit 0 success, 1 data or
// file error (message on stderr naming the file), 2 usage.

#include "appinfo.h"
#include "postingparser.h"
#include "rolejson.h"
#include "rubricbuilder.h"
#include "scorecardexport.h"
#include "store.h"
#include "textfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <functional>

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
    Store store;
};

struct Command
{
    QStringList words;  // e.g. {"role", "show"}
    QString synopsis;   // arguments after the words
    QString summary;
    std::function<int(Context &, QStringList)> run;
};

// Options of one command: "--format json", "--format=json", flags, positionals.
struct Args
{
    QHash<QString, QString> options;
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

// Opens the database (creating it with the default role when new) and picks the person
// the command acts for.
int openStore(Context &ctx, bool *created = nullptr)
{
    const bool existed = QFileInfo::exists(ctx.dbPath) && QFileInfo(ctx.dbPath).size() > 0;
    if (!ctx.store.open(ctx.dbPath))
        return dataError(ctx.store.errorString());
    if (!ctx.store.ensureDefaultData())
        return dataError(ctx.store.errorString());
    if (created)
        *created = !existed;
    if (!ctx.as.isEmpty()) {
        const Id id = ctx.store.findPerson(ctx.as);
        if (!id)
            return dataError(QStringLiteral("%1: no person matches \"%2\" (give an id, an exact name or an email)")
                                 .arg(QDir::toNativeSeparators(ctx.store.path()), ctx.as));
        ctx.store.setActor(id);
    }
    return Success;
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
    else
        out() << path << " already exists (schema version " << ctx.store.database().schemaVersion()
              << "); nothing changed\n";
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

int cmdPersonList(Context &ctx, const QStringList &rawArgs)
{
    Args a;
    QString format;
    if (int rc = openListing(ctx, rawArgs, QStringLiteral("person list"), {}, &a, &format))
        return rc;
    const QList<Person> people = ctx.store.persons();
    if (format == QLatin1String("json")) {
        QJsonArray array;
        for (const Person &p : people)
            array.append(personToJson(p));
        printJson(QJsonDocument(array));
        return Success;
    }
    for (const Person &p : people)
        out() << p.id << "\t" << p.name << "\t" << p.email << "\t" << personKindName(p.kind) << "\n";
    return Success;
}

int cmdRoleList(Context &ctx, const QStringList &rawArgs)
{
    Args a;
    QString format;
    if (int rc = openListing(ctx, rawArgs, QStringLiteral("role list"), {}, &a, &format))
        return rc;
    const QList<RoleSummary> roles = ctx.store.roles();
    if (format == QLatin1String("json")) {
        QJsonArray array;
        for (const RoleSummary &r : roles)
            array.append(QJsonObject{{QStringLiteral("id"), r.id},
                                     {QStringLiteral("title"), r.title},
                                     {QStringLiteral("team"), r.team},
                                     {QStringLiteral("status"), r.open ? QStringLiteral("open") : QStringLiteral("closed")},
                                     {QStringLiteral("attributes"), r.attributes},
                                     {QStringLiteral("stages"), r.stages}});
        printJson(QJsonDocument(array));
        return Success;
    }
    for (const RoleSummary &r : roles)
        out() << r.id << "\t" << r.title << "\t" << (r.open ? "open" : "closed") << "\t" << r.attributes
              << " attributes\t" << r.stages << " stages\n";
    return Success;
}

int printRole(Context &ctx, Id id, const QString &format)
{
    Role role;
    if (!ctx.store.role(id, &role))
        return dataError(QStringLiteral("%1: cannot read role %2").arg(ctx.store.path()).arg(id));
    if (format == QLatin1String("json"))
        printJson(QJsonDocument(roleToJson(role)));
    else
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
    const Id id = ctx.store.findRole(a.positionals.first());
    if (!id)
        return dataError(QStringLiteral("%1: no role \"%2\"")
                             .arg(QDir::toNativeSeparators(ctx.store.path()), a.positionals.first()));
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
    if (posting.itemCount(SectionKind::Rateable) == 0)
        return dataError(QStringLiteral("%1: no responsibilities, requirements or nice-to-have items found "
                                        "(headings such as \"Responsibilities\" and \"Requirements\" followed by items)")
                             .arg(QDir::toNativeSeparators(file)));
    if ((rc = openStore(ctx)))
        return rc;
    const Id id = ctx.store.addRole(RubricBuilder::fromPosting(posting, text));
    if (!id)
        return dataError(ctx.store.errorString());
    return printRole(ctx, id, format);
}

int cmdBackup(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs, {QStringLiteral("--output")}, {});
    const QString target = a.options.value(QStringLiteral("--output"));
    if (!a.error.isEmpty() || !a.positionals.isEmpty() || target.isEmpty())
        return usage(a.error.isEmpty() ? QStringLiteral("backup needs -o FILE") : a.error);
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
    const Args a = Args::parse(rawArgs, {QStringLiteral("--candidates"), QStringLiteral("--seed"), QStringLiteral("--role")}, {});
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
    if (int rc = openStore(ctx))
        return rc;
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    Id roleId = 0;
    if (a.options.contains(QStringLiteral("--role"))) {
        roleId = ctx.store.findRole(a.options.value(QStringLiteral("--role")));
        if (!roleId)
            return dataError(QStringLiteral("%1: no role \"%2\"").arg(path, a.options.value(QStringLiteral("--role"))));
    } else {
        roleId = ctx.store.roles().value(0).id;
        if (!roleId)
            return dataError(QStringLiteral("%1: no role to add candidates to").arg(path));
    }
    Role role;
    if (!ctx.store.role(roleId, &role))
        return dataError(QStringLiteral("%1: cannot read role %2").arg(path).arg(roleId));
    if (!ctx.store.addDemoData(roleId, count, seed))
        return dataError(QStringLiteral("%1: %2").arg(path, ctx.store.errorString()));
    out() << "Added " << count << " candidates to " << role.title << " (seed " << seed << ")\n";
    return Success;
}

int cmdCandidateList(Context &ctx, const QStringList &rawArgs)
{
    Args a;
    QString format;
    if (int rc = openListing(ctx, rawArgs, QStringLiteral("candidate list"), {QStringLiteral("--role")}, &a, &format))
        return rc;
    QList<RoleSummary> roles = ctx.store.roles();
    if (a.options.contains(QStringLiteral("--role"))) {
        const Id id = ctx.store.findRole(a.options.value(QStringLiteral("--role")));
        if (!id)
            return dataError(QStringLiteral("%1: no role \"%2\"")
                                 .arg(QDir::toNativeSeparators(ctx.store.path()), a.options.value(QStringLiteral("--role"))));
        QList<RoleSummary> only;
        for (const RoleSummary &r : std::as_const(roles))
            if (r.id == id)
                only << r;
        roles = only;
    }
    // One entry per application: a candidate who applied to two roles appears twice.
    QJsonArray array;
    for (const RoleSummary &r : std::as_const(roles)) {
        for (const CandidateRow &row : ctx.store.candidateRows(r.id)) {
            const QString status = applicationStatusName(row.status);
            if (format == QLatin1String("json"))
                array.append(QJsonObject{{QStringLiteral("id"), row.candidateId},
                                         {QStringLiteral("application_id"), row.applicationId},
                                         {QStringLiteral("name"), row.name},
                                         {QStringLiteral("email"), row.email},
                                         {QStringLiteral("role"), r.title},
                                         {QStringLiteral("stage"), row.stage},
                                         {QStringLiteral("status"), status}});
            else
                out() << row.candidateId << "\t" << row.name << "\t" << row.email << "\t" << r.title << "\t"
                      << row.stage << "\t" << status << "\n";
        }
    }
    if (format == QLatin1String("json"))
        printJson(QJsonDocument(array));
    return Success;
}

// export scorecards: everything is checked before the database is opened; the file is
// written whole or not at all, and holds only what the acting person may see.
int cmdExportScorecards(Context &ctx, const QStringList &rawArgs)
{
    const Args a = Args::parse(rawArgs,
                               {QStringLiteral("--role"), QStringLiteral("--format"), QStringLiteral("--profile"),
                                QStringLiteral("--output")},
                               {});
    const QString target = a.options.value(QStringLiteral("--output"));
    if (!a.error.isEmpty())
        return usage(a.error);
    if (!a.positionals.isEmpty())
        return usage(QStringLiteral("export scorecards takes no positional arguments (\"%1\")").arg(a.positionals.first()));
    if (!a.options.contains(QStringLiteral("--role")))
        return usage(QStringLiteral("export scorecards needs --role ROLE"));
    ScorecardExport::Format format = ScorecardExport::Format::Json;
    const QString formatName = a.options.value(QStringLiteral("--format"));
    if (!ScorecardExport::formatFromName(formatName, &format))
        return usage(formatName.isEmpty() ? QStringLiteral("export scorecards needs --format csv|json")
                                          : QStringLiteral("--format takes csv or json, not \"%1\"").arg(formatName));
    ScorecardExport::Profile profile = ScorecardExport::Profile::Full;
    const QString profileName = a.options.value(QStringLiteral("--profile"), QStringLiteral("full"));
    if (!ScorecardExport::profileFromName(profileName, &profile))
        return usage(QStringLiteral("--profile takes full, logistics or calibration, not \"%1\"").arg(profileName));
    if (target.isEmpty())
        return usage(QStringLiteral("export scorecards needs -o FILE"));
    if (int rc = openStore(ctx))
        return rc;
    const QString path = QDir::toNativeSeparators(ctx.store.path());
    const Id roleId = ctx.store.findRole(a.options.value(QStringLiteral("--role")));
    if (!roleId)
        return dataError(QStringLiteral("%1: no role \"%2\"").arg(path, a.options.value(QStringLiteral("--role"))));
    if (QFileInfo(target).absoluteFilePath() == QFileInfo(ctx.store.path()).absoluteFilePath())
        return dataError(QStringLiteral("%1: an export cannot replace the database itself").arg(target));
    QString error;
    int count = 0;
    if (!ScorecardExport(ctx.store).write(roleId, format, profile, target, &error, &count))
        return dataError(error);
    out() << "Exported " << count << (count == 1 ? " scorecard (" : " scorecards (") << profileName << ") to "
          << QDir::toNativeSeparators(target) << "\n";
    return Success;
}

const QList<Command> &commands()
{
    static const QList<Command> list = {
        {{QStringLiteral("init")}, {}, QStringLiteral("create the database with the default role; no-op if it exists"),
         cmdInit},
        {{QStringLiteral("check")}, {}, QStringLiteral("integrity, foreign keys, audit chain; exit 0 only when clean"),
         cmdCheck},
        {{QStringLiteral("demo")}, QStringLiteral("[--candidates N] [--seed S] [--role ROLE]"),
         QStringLiteral("add N (1-1000000, default 200) realistic synthetic candidates, with stage history, "
                        "interviews,\n      panels, scorecards and decisions, to ROLE (default: the first role); "
                        "same seed, same data"),
         cmdDemo},
        {{QStringLiteral("person"), QStringLiteral("list")}, QStringLiteral("[--format text|json]"),
         QStringLiteral("the people who use this database"), cmdPersonList},
        {{QStringLiteral("candidate"), QStringLiteral("list")}, QStringLiteral("[--role ROLE] [--format text|json]"),
         QStringLiteral("one line per application: candidate id, name, email, role, stage, status"),
         cmdCandidateList},
        {{QStringLiteral("role"), QStringLiteral("list")}, QStringLiteral("[--format text|json]"),
         QStringLiteral("the roles"), cmdRoleList},
        {{QStringLiteral("role"), QStringLiteral("show")}, QStringLiteral("ROLE [--format text|json]"),
         QStringLiteral("a role's posting sections, rubric, screening facts and interview plan"), cmdRoleShow},
        {{QStringLiteral("role"), QStringLiteral("add")}, QStringLiteral("--from-posting FILE [--format text|json]"),
         QStringLiteral("a new role from a job posting (UTF-8 text)"), cmdRoleAdd},
        {{QStringLiteral("backup")}, QStringLiteral("-o FILE"),
         QStringLiteral("a consistent copy of the database (never a half-written file)"), cmdBackup},
        {{QStringLiteral("export"), QStringLiteral("scorecards")},
         QStringLiteral("--role ROLE --format csv|json [--profile full|logistics|calibration] -o FILE"),
         QStringLiteral("the role's scorecards as the acting person may see them (private notes only where they may\n"
                        "      read them); logistics: no ratings or notes; calibration: pseudonyms, no free text;\n"
                        "      written whole (mode 0600) or not at all"),
         cmdExportScorecards},
    };
    return list;
}

QString helpText()
{
    QString text = QStringLiteral(
        "Usage: hireloop-cli [--db PATH] [--as PERSON] COMMAND [ARGS]\n"
        "       hireloop-cli --version | --help | COMMAND --help\n\n"
        "Hireloop's headless twin: the same database and the same rules as the GUI.\n\n"
        "Options:\n"
        "  --db PATH     the database file (default: %1)\n"
        "  --as PERSON   act for this person (id, exact name or email); default: the first hiring manager\n\n"
        "Commands:\n").arg(QDir::toNativeSeparators(Database::defaultPath()));
    for (const Command &c : commands()) {
        const QString head = (c.words.join(QLatin1Char(' ')) + QLatin1Char(' ') + c.synopsis).trimmed();
        text += QStringLiteral("  %1\n      %2\n").arg(head, c.summary);
    }
    text += QStringLiteral(
        "\nROLE is an id or an exact title.\n"
        "Exit status: 0 success; 1 data or file error (the message names the file, and the line and\n"
        "column where there is one); 2 usage.\n");
    return text;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
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
            return usage(QStringLiteral("\"%1\" needs one of: %2").arg(args.join(QLatin1Char(' ')), known.join(QStringLiteral(", "))));
        return usage(QStringLiteral("unknown command \"%1\"").arg(args.first()));
    }
    const QStringList rest = args.mid(match->words.size());
    if (rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
        out() << "Usage: hireloop-cli [--db PATH] [--as PERSON] " << match->words.join(QLatin1Char(' ')) << " "
              << match->synopsis << "\n  " << match->summary << "\n";
        return Success;
    }
    return match->run(ctx, rest);
}
