#include "store/store.h"

#include "storage/querybatch.h"
#include "store/ownwrites.h"

#include <QDateTime>
#include <QScopedValueRollback>
#include <QLocale>

// Store: row versions (issue #17, no lost updates). An edit names the version of the row
// it was made on; when someone changed the row since, nothing is written and the
// refusal says who and when, from the audit log. See RowVersions.

namespace hireloop {

namespace {

// As removeCandidate and removeStage spell it too.
QString key(const QString &entity, Id id)
{
    return entity + QLatin1Char(':') + QString::number(id);
}

}  // namespace

std::shared_ptr<OwnWrites> Store::ownWrites() const
{
    return m_ownWrites;
}

void Store::shareOwnWrites(const std::shared_ptr<OwnWrites> &ownWrites)
{
    if (ownWrites)
        m_ownWrites = ownWrites;
}

int Store::expectedVersion(const QString &entity, Id id, int read) const
{
    if (read <= 0)
        return 0;
    return m_ownWrites ? m_ownWrites->expected(key(entity, id), m_actor.id, read) : read;
}

bool Store::writeVersioned(const QString &what, const QString &entity, Id id, int expected,
                           const std::function<bool()> &change)
{
    m_conflicted = false;
    {
        WriteTransaction tx(m_db);
        QueryBatch atCommit(m_db);
        const QScopedValueRollback<QueryBatch *> auditAtCommit(m_atCommit, &atCommit);
        if (tx.isActive() && change()) {
            // An unchecked write (expected 0) learns in its transaction the version it made,
            // so an edit this person made on the version before it is still no conflict.
            const int made = expected > 0 ? expected + 1 : m_versions.current(entity, id);
            if (tx.commit(atCommit)) {
                if (made > 0 && m_ownWrites)
                    m_ownWrites->wrote(key(entity, id), m_actor.id, made);
                return true;
            }
        }
    }
    // Rolled back: was it the version? The row as it is now says so.
    const QString why = m_db.errorString();
    if (expected > 0 && !m_db.isConnectionLost()) {
        const int current = m_versions.current(entity, id);
        if (current > 0 && current != expected)
            return conflict(entity, id);
    }
    m_db.setError(why);
    return fail(what);
}

bool Store::conflict(const QString &entity, Id id)
{
    static const QHash<QString, const char *> nouns = {
        {QStringLiteral("candidate"), QT_TR_NOOP("this candidate")},
        {QStringLiteral("application"), QT_TR_NOOP("this candidate's application")},
        {QStringLiteral("person"), QT_TR_NOOP("this person")},
        {QStringLiteral("attribute"), QT_TR_NOOP("this attribute")},
        {QStringLiteral("stage"), QT_TR_NOOP("this stage")},
        {QStringLiteral("scorecard"), QT_TR_NOOP("this scorecard")},
        {QStringLiteral("interview"), QT_TR_NOOP("this interview")},
    };
    const QString noun = tr(nouns.value(entity, QT_TR_NOOP("this record")));
    AuditEntry last;
    QString message;
    if (m_audit.latestFor(entity, id, &last) && !last.actor.isEmpty()) {
        const QDateTime at = QDateTime::fromSecsSinceEpoch(last.at);
        const QDateTime today = QDateTime::fromSecsSinceEpoch(now());
        const QString when = at.date() == today.date()
            ? tr("at %1").arg(QLocale().toString(at.time(), QLocale::ShortFormat))
            : tr("on %1").arg(QLocale().toString(at, QLocale::ShortFormat));
        message = tr("%1 changed %2 %3; your change was not saved.").arg(last.actor, noun, when);
    } else {
        message = tr("Someone else changed %1 since you opened it; your change was not saved.").arg(noun);
    }
    if (m_refusalsToCaller[RefusalsToCaller::Conflicts] > 0)
        m_error = message;  // refuse() says it unless the caller takes every refusal
    else
        refuse(message);
    m_conflicted = true;
    Q_EMIT editConflict(entity, id, message);
    // Whatever shows the row reads it again, as it is now.
    Id roleId = 0;
    if (entity == QLatin1String("candidate")) {
        Q_EMIT candidateChanged(id);
    } else if (entity == QLatin1String("application")) {
        Q_EMIT applicationChanged(id);
    } else if (entity == QLatin1String("person")) {
        Q_EMIT personChanged(id);
    } else if (Attribute a; entity == QLatin1String("attribute") && m_roles.loadAttribute(id, &a, &roleId)) {
        Q_EMIT attributeChanged(roleId, id);
    } else if (Stage s; entity == QLatin1String("stage") && m_roles.loadStage(id, &s, &roleId)) {
        Q_EMIT stageChanged(roleId, id);
    } else if (ScorecardFacts f; entity == QLatin1String("scorecard") && m_scorecards.facts(id, &f)) {
        Q_EMIT scorecardChanged(f.applicationId, id);
    }
    return false;
}

}  // namespace hireloop
