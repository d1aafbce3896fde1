// scorecardworker DB SEED: the crash test's victim. Opens DB as the apps do (with the
// lock file, taken over from the worker killed before it), then drafts, submits and
// amends the interviewers' scorecards in a loop until it is killed. Around every write
// it prints, flushed, "intent <what> <scorecard> <content>" before and
// "ack <what> <scorecard> <content>" once the store has committed it, where content is
// scorecardContent() of what was written.

#include "scorecardcontent.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <cstdio>

using namespace hireloop;

namespace {

void say(const char *kind, const char *what, Id id, const QByteArray &content)
{
    std::printf("%s %s %lld %s\n", kind, what, static_cast<long long>(id), content.constData());
    std::fflush(stdout);
}

QString words(QRandomGenerator &rng, int count)
{
    static const QStringList pool = {"clear",      "scaling",  "pipeline", "gradient", "checkpoint",
                                     "sharding",   "careful",  "rigor",    "latency",  "overlap",
                                     "collective", "recovery", "insight",  "profiling"};
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << pool.at(int(rng.bounded(quint32(pool.size()))));
    return out.join(QLatin1Char(' '));
}

}  // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: scorecardworker DB SEED\n");
        return 2;
    }
    Store store;
    DatabaseOptions options;
    options.exclusive = true;
    if (!store.open(QString::fromLocal8Bit(argv[1]), options)) {
        std::fprintf(stderr, "scorecardworker: %s\n", qPrintable(store.errorString()));
        return 1;
    }
    QRandomGenerator rng(quint32(QByteArray(argv[2]).toUInt()));
    const Id manager = store.actorId();

    // The current revisions, as the hiring manager sees them (all of them).
    auto current = [&store, manager] {
        store.setActor(manager);
        QList<Scorecard> cards;
        for (const RoleSummary &role : store.roles())
            for (const CandidateRow &row : store.candidateRows(role.id))
                cards += store.scorecardsOf(row.applicationId);
        return cards;
    };

    for (;;) {
        const QList<Scorecard> cards = current();
        QList<Scorecard> drafts;
        QList<Scorecard> submitted;
        for (const Scorecard &c : cards)
            (c.isDraft() ? drafts : submitted) << c;
        if (!submitted.isEmpty() && (drafts.isEmpty() || rng.bounded(10) == 0)) {
            // An amendment: a new draft revision copying a submitted scorecard.
            const Scorecard old = submitted.at(int(rng.bounded(quint32(submitted.size()))));
            store.setActor(old.interviewerId);
            say("intent", "amend", old.id, {});
            const Id id = store.amendScorecard(old.id);
            Scorecard fresh;
            if (!id || !store.scorecard(id, &fresh)) {
                std::fprintf(stderr, "scorecardworker: %s\n", qPrintable(store.errorString()));
                return 1;
            }
            say("ack", "amend", id, test::scorecardContent(fresh));
            continue;
        }
        if (drafts.isEmpty())
            return 0;  // nothing left to do (the test gives it plenty)

        // Its author edits a draft: some focus attributes rated (0: no evidence), notes,
        // take-aways, a private note, perhaps a recommendation.
        const Id id = drafts.at(int(rng.bounded(quint32(drafts.size())))).id;
        Scorecard card;
        store.setActor(manager);
        if (!store.scorecard(id, &card))
            return 1;
        store.setActor(card.interviewerId);
        store.scorecard(id, &card);
        Stage stage;
        store.stage(card.stageId, &stage);
        const bool submit = rng.bounded(4) == 0;
        QList<Rating> ratings;
        for (const Id attribute : std::as_const(stage.focus))
            if (submit || rng.bounded(3) != 0)
                ratings << Rating{attribute, int(rng.bounded(6)), words(rng, 1 + int(rng.bounded(6)))};
        card.ratings = ratings;
        card.takeaways = words(rng, 3 + int(rng.bounded(12)));
        card.privateNote = rng.bounded(2) ? words(rng, 4) : QString();
        card.overall = submit || rng.bounded(2) ? Recommendation(1 + rng.bounded(5)) : Recommendation::None;

        const QByteArray content = test::scorecardContent(card);
        say("intent", "draft", id, content);
        if (!store.saveDraft(card)) {
            std::fprintf(stderr, "scorecardworker: %s\n", qPrintable(store.errorString()));
            return 1;
        }
        say("ack", "draft", id, content);
        if (submit) {
            card.status = QStringLiteral("submitted");
            const QByteArray final = test::scorecardContent(card);
            say("intent", "submit", id, final);
            if (!store.submitScorecard(id)) {
                std::fprintf(stderr, "scorecardworker: %s\n", qPrintable(store.errorString()));
                return 1;
            }
            say("ack", "submit", id, final);
        }
    }
}
