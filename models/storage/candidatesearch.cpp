#include "storage/candidatesearch.h"

#include "storage/database.h"
#include "storage/dialect.h"
#include "storage/rowcursor.h"
#include "storage/visibilitysql.h"

#include <QHash>
#include <QSet>
#include <QSqlQuery>
#include <algorithm>

namespace hireloop {

namespace {

// FTS5's query for the index entries holding every trigram of word, each quoted as a
// string. The index has no positions (detail=none), so the trigrams are asked for
// together rather than as a phrase; whether word itself occurs is checked on the text.
QString trigramQuery(const QString &word)
{
    const QList<uint> points = word.toUcs4();
    QStringList terms;
    for (qsizetype i = 0; i + 3 <= points.size(); ++i) {
        QString t = QString::fromUcs4(reinterpret_cast<const char32_t *>(points.constData() + i), 3);
        t.replace(QLatin1Char('"'), QLatin1String("\"\""));
        t = QLatin1Char('"') + t + QLatin1Char('"');
        if (!terms.contains(t))
            terms << t;
    }
    return terms.join(QLatin1String(" AND "));
}

// ILIKE's pattern for text containing word, its wildcards and escape taken literally.
QString containsPattern(QString word)
{
    word.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    word.replace(QLatin1Char('%'), QLatin1String("\\%"));
    word.replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + word + QLatin1Char('%');
}

}  // namespace

CandidateSearch::CandidateSearch(Database &db)
    : m_db(db)
{ }

QString CandidateSearch::wordToLookUp(const QStringList &words)
{
    QString longest;
    for (const QString &w : words)
        if (w.toUcs4().size() > longest.toUcs4().size())
            longest = w;
    return longest.toUcs4().size() < ShortestWord ? QString() : longest;
}

CandidateSearch::Answer CandidateSearch::find(const QStringList &words, const Visibility &visibility,
                                              int mostCandidates)
{
    Answer answer;
    const QString longest = wordToLookUp(words);
    if (longest.isEmpty()) {
        answer.tooShort = true;
        return answer;
    }
    const Dialect dialect = Dialect::of(m_db.connection());
    VisibilitySql vis(visibility);
    // An interviewer finds only the candidates they may see at all.
    const QString visible = visibility.everyCandidate
        ? QString()
        : QStringLiteral("EXISTS (SELECT 1 FROM application va WHERE va.candidate_id = c.id AND %1)")
              .arg(vis.application(QStringLiteral("va.id")));
    // The name and every email, first to last, one per line: the first is the one shown,
    // and all of them are where the words are looked for. One subquery per entry, not
    // two: the entries are read from all over a large file, a page or two each.
    const QString columns = QStringLiteral("c.id, c.name, ")
        + dialect.joinedInOrder(QStringLiteral("em.email"), QStringLiteral("'\n'"),
                                QStringLiteral("candidate_email em WHERE em.candidate_id = c.id"),
                                QStringLiteral("em.position, em.id"));
    // The index's entries, newest first: a name's rowid is twice its candidate's id, an
    // email's twice its own id plus one. On a server the trigram indexes serve ILIKE.
    const QString sql = dialect.isPostgres()
        ? QStringLiteral("SELECT %1 FROM candidate c WHERE c.id IN (SELECT id FROM candidate"
                         " WHERE name ILIKE :pattern UNION SELECT candidate_id FROM candidate_email"
                         " WHERE email ILIKE :pattern2)%2 ORDER BY c.id DESC LIMIT %3")
              .arg(columns, visible.isEmpty() ? QString() : QLatin1String(" AND ") + visible)
              .arg(MostEntries)
        : QStringLiteral("SELECT %1 FROM (SELECT rowid AS r FROM candidate_search"
                         " WHERE candidate_search MATCH :trigrams ORDER BY rowid DESC LIMIT %3) h"
                         " LEFT JOIN candidate_email e ON h.r % 2 = 1 AND e.id = h.r / 2"
                         " JOIN candidate c ON c.id = CASE WHEN h.r % 2 = 0 THEN h.r / 2 ELSE e.candidate_id END%2")
              .arg(columns, visible.isEmpty() ? QString() : QLatin1String(" WHERE ") + visible)
              .arg(MostEntries);
    QSqlQuery q = m_db.prepare(sql);
    if (dialect.isPostgres()) {
        q.bindValue(QStringLiteral(":pattern"), containsPattern(longest));
        q.bindValue(QStringLiteral(":pattern2"), containsPattern(longest));
    } else
        q.bindValue(QStringLiteral(":trigrams"), trigramQuery(longest));
    vis.bind(q);

    struct Found
    {
        Id id;
        QString name;
        QString email;
    };
    QList<Found> found;
    QSet<Id> seen;
    int entries = 0;
    {
        RowCursor row(m_db, q);
        while (row.next()) {
            ++entries;
            const Id id = row.integer(0);
            if (seen.contains(id))
                continue;  // by its name and by an email
            seen.insert(id);
            const QString name = row.text(1);
            const QString emails = row.text(2);
            const QString text = name.toLower() + QLatin1Char('\n') + emails.toLower();
            if (!std::all_of(words.cbegin(), words.cend(), [&text](const QString &w) { return text.contains(w); }))
                continue;
            if (found.size() == mostCandidates) {
                answer.more = true;
                break;
            }
            found.append({id, name, emails.section(QLatin1Char('\n'), 0, 0)});
        }
        if (!row.ok()) {
            answer.ok = false;
            return answer;
        }
    }
    if (entries >= MostEntries)
        answer.more = true;
    if (found.isEmpty())
        return answer;

    // Their applications, in one read: ids the database gave are numbers, written inline.
    QStringList ids;
    QHash<Id, int> at;
    for (int i = 0; i < found.size(); ++i) {
        ids << QString::number(found.at(i).id);
        at.insert(found.at(i).id, i);
    }
    VisibilitySql appVis(visibility);
    QSqlQuery apps = m_db.prepare(QStringLiteral("SELECT a.id, a.candidate_id, a.role_id, r.title, s.name, a.status"
                                                 " FROM application a JOIN role r ON r.id = a.role_id"
                                                 " JOIN stage s ON s.id = a.stage_id"
                                                 " WHERE a.candidate_id IN (%1) AND %2")
                                      .arg(ids.join(QLatin1Char(',')), appVis.application(QStringLiteral("a.id"))));
    appVis.bind(apps);
    RowCursor row(m_db, apps);
    QSet<Id> withApplications;
    while (row.next()) {
        const Found &f = found.at(at.value(row.integer(1)));
        CandidateMatch m;
        m.applicationId = row.integer(0);
        m.candidateId = f.id;
        m.roleId = row.integer(2);
        m.name = f.name;
        m.email = f.email;
        m.role = row.text(3);
        m.stage = row.text(4);
        applicationStatusFromName(row.text(5), &m.status);
        answer.matches.append(m);
        withApplications.insert(f.id);
    }
    if (!row.ok()) {
        answer.ok = false;
        answer.matches.clear();
        return answer;
    }
    std::sort(answer.matches.begin(), answer.matches.end(), [](const CandidateMatch &a, const CandidateMatch &b) {
        if (a.candidateId != b.candidateId)
            return a.candidateId > b.candidateId;
        const int byRole = QString::localeAwareCompare(a.role, b.role);
        return byRole != 0 ? byRole < 0 : a.applicationId < b.applicationId;
    });
    answer.candidates = int(withApplications.size());
    return answer;
}

namespace {

constexpr char BulkKey[] = "search_index_bulk";

qint64 lastEmailId(Database &db)
{
    QSqlQuery q = db.prepare(QStringLiteral("SELECT coalesce(max(id), 0) FROM candidate_email"));
    return db.exec(q) && q.next() ? q.value(0).toLongLong() : -1;
}

}  // namespace

SearchIndexBulk::SearchIndexBulk(Database &db)
    : m_db(db)
{
    if (db.isServer())
        return;
    m_lastEmail = lastEmailId(db);
    QSqlQuery mark = db.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (:key, '')"));
    mark.bindValue(QStringLiteral(":key"), QLatin1String(BulkKey));
    // Not marked (a failure the write that follows will meet too): the triggers index.
    m_active = m_lastEmail >= 0 && db.exec(mark);
}

SearchIndexBulk::~SearchIndexBulk()
{
    if (!m_active)
        return;
    QSqlQuery unmark = m_db.prepare(QStringLiteral("DELETE FROM meta WHERE key = :key"));
    unmark.bindValue(QStringLiteral(":key"), QLatin1String(BulkKey));
    m_db.exec(unmark);
}

QString SearchIndexBulk::notBulk()
{
    return QStringLiteral("NOT EXISTS (SELECT 1 FROM meta WHERE key = '%1')").arg(QLatin1String(BulkKey));
}

bool SearchIndexBulk::index(qint64 firstCandidate, qint64 endCandidate)
{
    if (!m_active)
        return true;  // a server, or the triggers index each row
    QSqlQuery names = m_db.prepare(
        QStringLiteral("INSERT INTO candidate_search (rowid, text)"
                       " SELECT id * 2, name FROM candidate WHERE id >= :first AND id < :end"));
    names.bindValue(QStringLiteral(":first"), firstCandidate);
    names.bindValue(QStringLiteral(":end"), endCandidate);
    QSqlQuery emails = m_db.prepare(QStringLiteral(
        "INSERT INTO candidate_search (rowid, text) SELECT id * 2 + 1, email FROM candidate_email WHERE id > :last"));
    emails.bindValue(QStringLiteral(":last"), m_lastEmail);
    if (!m_db.exec(names) || !m_db.exec(emails))
        return false;
    m_lastEmail = lastEmailId(m_db);
    return m_lastEmail >= 0;
}

bool CandidateSearch::dropRemovedTerms(Database &db)
{
    if (db.isServer())
        return true;
    return db.exec(QStringLiteral("INSERT INTO candidate_search (candidate_search) VALUES ('optimize')"));
}

}  // namespace hireloop
