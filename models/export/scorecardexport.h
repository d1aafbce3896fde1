#pragma once

#include "domain/domain.h"
#include "export/exportfile.h"

#include <QByteArray>
#include <QJsonArray>

// `export scorecards`: the scorecards of every application of a role, exactly as the
// store's acting person may see them (it reads through Store::scorecardsOf, so the
// visibility rule and the audit of reveals apply), as JSON or CSV, in one of three
// profiles:
//   full         everything the person may read; private_note only where they may read it
//   logistics    who, which stage, status and times: no ratings, recommendations or notes
//   calibration  ratings and recommendations without names, emails or free text: the
//                candidate and the interviewer become pseudonyms, stable per database
// Files are written through QSaveFile with mode 0600: the whole file or none; every
// export is recorded in the audit log first ("export.scorecards").

namespace hireloop {

class Store;

class ScorecardExport : public ExportProgress
{
public:
    enum class Format { Csv, Json };
    enum class Profile { Full, Logistics, Calibration };

    static bool formatFromName(const QString &name, Format *format);  // csv | json
    static bool profileFromName(const QString &name, Profile *profile);  // full | logistics | calibration
    // Store::pseudonym: "C-" + 10 hex digits for an application, "I-" for an
    // interviewer; stable within the database, not recomputable without it.
    QString candidatePseudonym(Id applicationId) const;
    QString interviewerPseudonym(Id personId) const;

    explicit ScorecardExport(Store &store)
        : m_store(store)
    { }

    QJsonArray toJson(Id roleId, Profile profile);
    QByteArray toCsv(Id roleId, Profile profile);
    // Writes the export to path; on failure *error names the file and the reason and
    // nothing is left at path. *count: the scorecards written.
    bool write(Id roleId, Format format, Profile profile, const QString &path, QString *error, int *count = nullptr);

private:
    struct Entry
    {
        Scorecard card;
        QString candidate;
        Interview interview;
    };
    QList<Entry> collect(Id roleId);
    QJsonArray json(const QList<Entry> &entries, Profile profile) const;
    QByteArray csv(const QList<Entry> &entries, Profile profile) const;
    QString attributeName(Id attributeId) const;

    Store &m_store;
    Role m_role;
};

}  // namespace hireloop
