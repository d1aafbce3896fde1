#include "export/scorecardexport.h"

#include "export/csvwriter.h"
#include "export/exportfile.h"
#include "store/store.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

namespace hireloop {

namespace {

QVariant isoTime(qint64 secs)
{
    return ExportFile::isoTime(secs);
}

QJsonValue jsonOf(const QVariant &v)
{
    return ExportFile::json(v);
}

QVariant overallOf(const Scorecard &k)
{
    const QString name = recommendationName(k.overall);
    return name.isEmpty() ? QVariant() : QVariant(name);
}

QVariant valueOf(const Rating &r)
{
    return r.value >= 1 && r.value <= 5 ? QVariant(r.value) : QVariant();
}

}  // namespace

bool ScorecardExport::formatFromName(const QString &name, Format *format)
{
    if (name == QLatin1String("csv"))
        *format = Format::Csv;
    else if (name == QLatin1String("json"))
        *format = Format::Json;
    else
        return false;
    return true;
}

bool ScorecardExport::profileFromName(const QString &name, Profile *profile)
{
    if (name == QLatin1String("full"))
        *profile = Profile::Full;
    else if (name == QLatin1String("logistics"))
        *profile = Profile::Logistics;
    else if (name == QLatin1String("calibration"))
        *profile = Profile::Calibration;
    else
        return false;
    return true;
}

QString ScorecardExport::candidatePseudonym(Id applicationId) const
{
    return m_store.pseudonym("C", applicationId);
}

QString ScorecardExport::interviewerPseudonym(Id personId) const
{
    return m_store.pseudonym("I", personId);
}

QList<ScorecardExport::Entry> ScorecardExport::collect(Id roleId)
{
    QList<Entry> entries;
    m_role = Role();
    if (!m_store.role(roleId, &m_role))
        return entries;
    QHash<Id, Interview> interviews;
    const QList<CandidateRow> rows = m_store.candidateRows(roleId);
    for (int i = 0; i < rows.size(); ++i) {
        if (!step(i + 1, int(rows.size())))
            return {};
        const CandidateRow &row = rows.at(i);
        for (const Scorecard &card : m_store.scorecardsOf(row.applicationId)) {
            auto it = interviews.find(card.interviewId);
            if (it == interviews.end()) {
                Interview iv;
                m_store.interview(card.interviewId, &iv);
                it = interviews.insert(card.interviewId, iv);
            }
            entries << Entry{card, row.name, *it};
        }
    }
    return entries;
}

QString ScorecardExport::attributeName(Id attributeId) const
{
    const QString name = m_role.attributeName(attributeId);
    return name.isEmpty() ? QStringLiteral("attribute %1").arg(attributeId) : name;
}

QJsonArray ScorecardExport::toJson(Id roleId, Profile profile)
{
    return json(collect(roleId), profile);
}

QByteArray ScorecardExport::toCsv(Id roleId, Profile profile)
{
    return csv(collect(roleId), profile);
}

QJsonArray ScorecardExport::json(const QList<Entry> &entries, Profile profile) const
{
    QJsonArray array;
    for (const Entry &e : entries) {
        const Scorecard &k = e.card;
        QJsonObject o;
        o.insert(QStringLiteral("scorecard_id"), k.id);
        o.insert(QStringLiteral("stage"), k.stage);
        o.insert(QStringLiteral("revision"), k.revision);
        o.insert(QStringLiteral("status"), k.status);
        o.insert(QStringLiteral("submitted_at"), jsonOf(isoTime(k.submittedAt)));
        if (profile == Profile::Calibration) {
            o.insert(QStringLiteral("candidate"), candidatePseudonym(k.applicationId));
            o.insert(QStringLiteral("interviewer"), interviewerPseudonym(k.interviewerId));
        } else {
            o.insert(QStringLiteral("application_id"), k.applicationId);
            o.insert(QStringLiteral("interview_id"), k.interviewId);
            o.insert(QStringLiteral("candidate"), e.candidate);
            o.insert(QStringLiteral("interviewer"), k.interviewer);
            o.insert(QStringLiteral("interviewer_id"), k.interviewerId);
            o.insert(QStringLiteral("interview_starts_at"), jsonOf(isoTime(e.interview.startsAt)));
            o.insert(QStringLiteral("interview_ends_at"), jsonOf(isoTime(e.interview.endsAt())));
        }
        if (profile != Profile::Logistics) {
            o.insert(QStringLiteral("overall"), jsonOf(overallOf(k)));
            QJsonArray ratings;
            for (const Rating &r : k.ratings) {
                QJsonObject ro{{QStringLiteral("attribute"), attributeName(r.attributeId)},
                               {QStringLiteral("attribute_id"), r.attributeId},
                               {QStringLiteral("value"), jsonOf(valueOf(r))}};
                if (profile == Profile::Full)
                    ro.insert(QStringLiteral("note"), r.note);
                ratings.append(ro);
            }
            o.insert(QStringLiteral("ratings"), ratings);
        }
        if (profile == Profile::Full) {
            o.insert(QStringLiteral("takeaways"), k.takeaways);
            if (k.privateNoteVisible)
                o.insert(QStringLiteral("private_note"), k.privateNote);
        }
        array.append(o);
    }
    return array;
}

QByteArray ScorecardExport::csv(const QList<Entry> &entries, Profile profile) const
{
    CsvWriter csv;
    if (profile == Profile::Logistics) {
        csv.addHeader({QStringLiteral("scorecard_id"), QStringLiteral("application_id"), QStringLiteral("candidate"),
                       QStringLiteral("stage"), QStringLiteral("interviewer"), QStringLiteral("status"),
                       QStringLiteral("interview_starts_at"), QStringLiteral("interview_ends_at"),
                       QStringLiteral("submitted_at")});
        for (const Entry &e : entries)
            csv.addRow({e.card.id, e.card.applicationId, e.candidate, e.card.stage, e.card.interviewer, e.card.status,
                        isoTime(e.interview.startsAt), isoTime(e.interview.endsAt()), isoTime(e.card.submittedAt)});
        return csv.data();
    }

    const bool calibration = profile == Profile::Calibration;
    // The column exists only for someone who may read at least one of the notes.
    const bool notes = !calibration
        && std::any_of(entries.cbegin(), entries.cend(), [](const Entry &e) { return e.card.privateNoteVisible; });
    QStringList header = {QStringLiteral("scorecard_id")};
    if (!calibration)
        header << QStringLiteral("application_id");
    header << QStringLiteral("candidate") << QStringLiteral("stage") << QStringLiteral("interviewer")
           << QStringLiteral("status") << QStringLiteral("submitted_at") << QStringLiteral("overall")
           << QStringLiteral("attribute") << QStringLiteral("value");
    if (!calibration)
        header << QStringLiteral("note");
    if (notes)
        header << QStringLiteral("private_note");
    csv.addHeader(header);

    for (const Entry &e : entries) {
        const Scorecard &k = e.card;
        QVariantList head = {k.id};
        if (!calibration)
            head << k.applicationId;
        head << (calibration ? candidatePseudonym(k.applicationId) : e.candidate) << k.stage
             << (calibration ? interviewerPseudonym(k.interviewerId) : k.interviewer) << k.status
             << isoTime(k.submittedAt) << overallOf(k);
        // One row per rating; a scorecard without any still has its row.
        QList<Rating> ratings = k.ratings;
        const bool unrated = ratings.isEmpty();
        if (unrated)
            ratings << Rating();
        for (const Rating &r : std::as_const(ratings)) {
            QVariantList row = head;
            row << (unrated ? QVariant() : QVariant(attributeName(r.attributeId))) << valueOf(r);
            if (!calibration)
                row << r.note;
            if (notes)
                row << (k.privateNoteVisible ? QVariant(k.privateNote) : QVariant());
            csv.addRow(row);
        }
    }
    return csv.data();
}

bool ScorecardExport::write(Id roleId, Format format, Profile profile, const QString &path, QString *error, int *count)
{
    if (!ExportFile::checkTarget(path, error))
        return false;
    const QList<Entry> entries = collect(roleId);
    if (!stillWanted()) {
        *error = QObject::tr("%1: cancelled, nothing written").arg(QDir::toNativeSeparators(path));
        return false;
    }
    const QByteArray bytes = format == Format::Json
        ? QJsonDocument(json(entries, profile)).toJson(QJsonDocument::Indented)
        : csv(entries, profile);
    // Recorded first: an export that cannot be recorded is not written.
    const char *profileName = profile == Profile::Full ? "full"
        : profile == Profile::Logistics                ? "logistics"
                                                       : "calibration";
    if (!m_store.recordExport(QStringLiteral("scorecards"), roleId,
                              format == Format::Json ? QStringLiteral("json") : QStringLiteral("csv"),
                              QLatin1String(profileName), int(entries.size()))) {
        *error = QObject::tr("%1: not written: %2").arg(QDir::toNativeSeparators(path), m_store.errorString());
        return false;
    }
    if (!ExportFile::write(path, bytes, error))
        return false;
    if (count)
        *count = int(entries.size());
    return true;
}

}  // namespace hireloop
