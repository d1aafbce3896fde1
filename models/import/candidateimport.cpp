#include "import/candidateimport.h"

#include "domain/contactnormalizer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QUrl>

namespace hireloop {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hireloop::CandidateImport", text);
}

// "E-mail Address" and "email_address" alike: lower case, letters and digits only.
QString keyOf(const QString &text)
{
    QString key;
    key.reserve(text.size());
    for (const QChar c : text)
        if (c.isLetterOrNumber())
            key.append(c.toLower());
    return key;
}

struct FieldInfo
{
    ImportField field;
    const char *name;
    const char *label;
    const char *spellings;  // header keys (see keyOf), space-separated
};

// Spellings include those of Greenhouse ("First Name", "Current Stage", "Social Media"),
// Lever ("Sources", "Links", "Archive Reason") and Workable ("Address", "Profile URL")
// exports, OpenCATS' candidate list ("E-Mail", "2nd E-Mail", "Cell Phone", "Misc
// Notes"), Frappe HRMS' Job Applicant ("Applicant Name", "Email Address", "Applicant
// Status", "HR Notes"), Odoo's applicants ("Applicant's Name", "Mobile"), OrangeHRM's
// candidates ("Contact Number", "Comment"), and our own candidate list and summary CSV
// ("candidate", "email", "stage", "status"). Odoo's "Subject / Application" (a title)
// and Frappe's "Source Name" (the referring employee) are left out on purpose.
const FieldInfo Fields[] = {
    {ImportField::Ignore, "ignore", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "(ignore)"), ""},
    {ImportField::Name, "name", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Name"),
     "name fullname candidate candidatename candidatefullname applicant applicantname applicantsname "
     "candidatesname"},
    {ImportField::FirstName, "first_name", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "First name"),
     "firstname givenname givennames forename first"},
    {ImportField::LastName, "last_name", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Last name"),
     "lastname surname familyname last"},
    {ImportField::Email, "email", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Email"),
     "email emails emailaddress emailaddresses mail primaryemail personalemail workemail otheremail "
     "candidateemail emailid 2ndemail secondemail secondaryemail alternateemail alternativeemail"},
    {ImportField::Phone, "phone", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Phone"),
     "phone phones phonenumber phonenumbers mobile mobilephone mobilenumber mobileno cell cellphone telephone "
     "tel candidatephone homephone workphone contactnumber contactno"},
    {ImportField::Location, "location", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Location"),
     "location address currentaddress currentlocation candidatelocation residence"},
    {ImportField::City, "city", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "City"), "city town"},
    {ImportField::Country, "country", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Country"),
     "country countryofresidence"},
    {ImportField::Source, "source", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Source"),
     "source sources referralsource candidatesource applicationsource"},
    {ImportField::LinkedIn, "linkedin", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "LinkedIn"),
     "linkedin linkedinurl linkedinprofile linkedinprofileurl"},
    {ImportField::GitHub, "github", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "GitHub"),
     "github githuburl githubprofile githubusername githubhandle"},
    {ImportField::Scholar, "scholar", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Google Scholar"),
     "googlescholar scholar scholarurl scholarprofile googlescholarurl googlescholarprofile"},
    {ImportField::Orcid, "orcid", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "ORCID"), "orcid orcidid orcidurl"},
    {ImportField::Arxiv, "arxiv", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "arXiv"),
     "arxiv arxivurl arxivprofile arxivauthorid"},
    {ImportField::Website, "website", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Website"),
     "website websites websiteurl url homepage personalwebsite personalsite portfolio portfoliourl blog web"},
    {ImportField::Link, "link", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Other links"),
     "link links urls profile profiles profileurl profilelinks socialmedia socialprofiles otherlinks"},
    {ImportField::Stage, "stage", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Stage"),
     "stage currentstage pipelinestage interviewstage applicationstage stagename"},
    {ImportField::Status, "status", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Status"),
     "status applicationstatus applicantstatus candidatestatus archivereason"},
    {ImportField::Notes, "notes", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Notes"),
     "notes note comments comment remarks miscnotes hrnotes"},
};

const FieldInfo &infoOf(ImportField field)
{
    for (const FieldInfo &f : Fields)
        if (f.field == field)
            return f;
    return Fields[0];
}

const QHash<QString, ImportField> &spellings()
{
    static const QHash<QString, ImportField> map = [] {
        QHash<QString, ImportField> m;
        for (const FieldInfo &f : Fields)
            for (const QString &s : QString::fromLatin1(f.spellings).split(QLatin1Char(' '), Qt::SkipEmptyParts))
                m.insert(s, f.field);
        return m;
    }();
    return map;
}

bool isLinkField(ImportField f)
{
    return f == ImportField::LinkedIn || f == ImportField::GitHub || f == ImportField::Scholar
        || f == ImportField::Orcid || f == ImportField::Arxiv || f == ImportField::Website || f == ImportField::Link;
}

// Our own CSV exports guard text a spreadsheet would run as a formula with a leading
// apostrophe (see CsvWriter); reading it back removes the guard.
QString cellText(const QString &raw)
{
    if (raw.size() >= 2 && raw.at(0) == QLatin1Char('\'') && QStringLiteral("=+-@\t\r\n").contains(raw.at(1)))
        return raw.mid(1).trimmed();
    return raw.trimmed();
}

// "0000-0002-1825-0097", the last character a digit or X.
bool isOrcidId(QStringView s)
{
    if (s.size() != 19)
        return false;
    for (qsizetype i = 0; i < 19; ++i) {
        const char16_t c = s.at(i).unicode();
        const bool ok = (i % 5 == 4) ? c == u'-' : ((c >= u'0' && c <= u'9') || (i == 18 && (c == u'X' || c == u'x')));
        if (!ok)
            return false;
    }
    return true;
}

// "ada_l", "@ada-l": a user name rather than an address.
bool isHandle(QStringView s)
{
    if (s.startsWith(u'@'))
        s = s.mid(1);
    if (s.isEmpty())
        return false;
    for (const QChar ch : s) {
        const char16_t c = ch.unicode();
        if (!((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_'
              || c == u'-'))
            return false;
    }
    return s.at(0) != u'-';
}

// A profile link as written in one piece of a cell, or a handle that the column's
// kind turns into one ("ada" in a GitHub column). Empty *why means it is fine.
QString linkOf(const QString &piece, ImportField field, QString *why)
{
    why->clear();
    if (isOrcidId(piece))
        return QStringLiteral("https://orcid.org/") + piece.toUpper();
    if (isHandle(piece)) {
        const QString h = piece.startsWith(QLatin1Char('@')) ? piece.mid(1) : piece;
        switch (field) {
        case ImportField::LinkedIn:
            return QStringLiteral("https://www.linkedin.com/in/") + h;
        case ImportField::GitHub:
            return QStringLiteral("https://github.com/") + h;
        case ImportField::Scholar:
            return QStringLiteral("https://scholar.google.com/citations?user=") + h;
        case ImportField::Arxiv:
            return QStringLiteral("https://arxiv.org/a/") + h;
        default:
            break;
        }
    }
    if (ContactNormalizer::isPlainLink(piece))
        return piece;
    const QUrl url(piece.contains(QLatin1String("://")) ? piece : QStringLiteral("https://") + piece, QUrl::StrictMode);
    const QString host = url.host();
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("https") && scheme != QLatin1String("http"))
        || !url.userInfo().isEmpty() || !host.contains(QLatin1Char('.')) || host.startsWith(QLatin1Char('.'))
        || host.endsWith(QLatin1Char('.'))) {
        *why = tr("\"%1\" is not a link (a web address such as https://github.com/name)").arg(piece);
        return QString();
    }
    return piece;
}

// Pieces of a cell holding several values ("a@x.org, b@y.org"); the cell itself,
// shared rather than copied, when it holds one.
QStringList splitCell(const QString &text)
{
    auto isSeparator = [](QChar c) { return c == QLatin1Char(',') || c == QLatin1Char(';') || c.isSpace(); };
    if (std::none_of(text.cbegin(), text.cend(), isSeparator))
        return {text};
    QStringList pieces;
    qsizetype start = -1;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const bool separator = i == text.size() || isSeparator(text.at(i));
        if (separator && start >= 0) {
            pieces << text.mid(start, i - start);
            start = -1;
        } else if (!separator && start < 0) {
            start = i;
        }
    }
    return pieces;
}

void appendDistinct(QString *into, const QString &value, const QString &separator)
{
    if (value.isEmpty())
        return;
    if (into->isEmpty())
        *into = value;
    else if (!into->split(separator).contains(value))
        *into += separator + value;
}

// "LinkedIn, Referral", "a; b", one per line or "a | b": the pieces, trimmed, each once
// (case aside), added to *into in the order met.
void appendListItems(QStringList *into, const QString &text)
{
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !QStringLiteral(",;\n|").contains(text.at(i)))
            continue;
        const QString piece = text.mid(start, i - start).trimmed();
        start = i + 1;
        if (!piece.isEmpty() && !into->contains(piece, Qt::CaseInsensitive))
            into->append(piece);
    }
}

// The words of a value, lower case, each between spaces: " offer declined ".
QString wordsOf(const QString &text)
{
    QString words(1, QLatin1Char(' '));
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            words.append(c.toLower());
        else if (!words.endsWith(QLatin1Char(' ')))
            words.append(QLatin1Char(' '));
    }
    if (!words.endsWith(QLatin1Char(' ')))
        words.append(QLatin1Char(' '));
    return words;
}

// Where a value's rows go is chosen per column and per value, case and spacing aside.
QString choiceKey(int column, const QString &value)
{
    return QString::number(column) + QLatin1Char('|') + value.simplified().toCaseFolded();
}

// Other systems' words for a status, matched as whole words (a trailing "*" matches the
// beginning of a word), tried in this order: the candidate's own leaving first, so that
// "Offer declined" is a withdrawal while "Client declined" is a rejection.
struct StatusWords
{
    ApplicationStatus status;
    const char *words;  // "|"-separated phrases
};
const StatusWords ForeignStatuses[] = {
    {ApplicationStatus::Withdrawn,
     "withdr*|cancel*|archived by candidate|offer declined|declined offer|candidate declined|declined by candidate|"
     "unresponsive|no show|ghosted|opted out"},
    {ApplicationStatus::Rejected,
     "reject*|refus*|declin*|disqualif*|not a fit|not selected|not suitable|not in consideration|not hired|"
     "not qualified|unsuccessful|failed|underqualif*|overqualif*|unqualif*|position closed|position filled|archived|"
     "dropped"},
    {ApplicationStatus::Hired,
     "hired|hire|offer accepted|accepted|placed|placement|contract signed|signed|onboarded|onboarding|joined|employed"},
};

bool hasPhrase(const QString &words, const QString &phrase)
{
    if (phrase.endsWith(QLatin1Char('*')))
        return words.contains(QLatin1Char(' ') + phrase.left(phrase.size() - 1));
    return words.contains(QLatin1Char(' ') + phrase + QLatin1Char(' '));
}

}  // namespace

ImportIssue CandidateImport::issueOf(const CsvError &error) const
{
    ImportIssue issue;
    issue.line = error.line;
    issue.character = error.column;
    issue.message = error.message;
    // The broken field's column is named from the header, once there is one.
    if (error.field >= 0 && m_headerLine > 0 && error.line > m_headerLine)
        issue.column = columnLabel(error.field);
    return issue;
}

bool CandidateImport::failRead(const CsvError &error)
{
    m_readError = issueOf(error);
    return false;
}

bool CandidateImport::readFile(const QString &path, TextFile::Encoding eightBit)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *this = CandidateImport();
        m_readError.message = file.errorString();
        return false;
    }
    if (file.size() > MaxFileBytes) {
        *this = CandidateImport();
        m_readError.message = tr("the file is too large (%1 bytes; at most %2)").arg(file.size()).arg(MaxFileBytes);
        return false;
    }
    return read(file.readAll(), eightBit);
}

bool CandidateImport::read(const QByteArray &bytes, TextFile::Encoding eightBit)
{
    *this = CandidateImport();
    CsvReader reader(bytes, eightBit);
    m_encoding = reader.encoding();
    if (reader.hasError()) {
        m_needsEncoding = reader.needsEncoding();
        if (m_needsEncoding)
            m_sample = CsvReader::eightBitSample(bytes, reader.error().line);
        return failRead(reader.error());
    }
    m_text = reader.text();
    m_delimiter = reader.delimiter();
    CsvRow header;
    if (!reader.next(&header)) {
        if (reader.hasError())
            return failRead(reader.error());
        return failRead({0, 0, -1, tr("the file is empty (a first line naming the columns is needed)")});
    }
    m_headerLine = header.line;
    for (const CsvField &f : std::as_const(header.fields)) {
        m_columns << f.text.trimmed();
        m_fields << guessField(f.text);
    }
    // A broken record among the first rows is left out of the preview (validate() reports
    // it with the others); the rows after it are shown.
    CsvRow row;
    while (m_preview.size() < PreviewRows) {
        if (!reader.next(&row)) {
            if (reader.hasError() && reader.resync())
                continue;
            break;
        }
        const bool blank = std::all_of(row.fields.cbegin(), row.fields.cend(),
                                       [](const CsvField &f) { return f.text.trimmed().isEmpty(); });
        if (!blank)
            m_preview.append(row);
    }
    return true;
}

QString CandidateImport::columnLabel(int column) const
{
    const QString header = m_columns.value(column);
    return header.isEmpty() ? tr("column %1").arg(column + 1) : header;
}

void CandidateImport::setField(int column, ImportField field)
{
    if (column >= 0 && column < m_fields.size())
        m_fields[column] = field;
}

QList<int> CandidateImport::columnsNamed(const QString &column) const
{
    QList<int> matches;
    for (int i = 0; i < m_columns.size(); ++i)
        if (m_columns.at(i) == column.trimmed())
            matches << i;
    if (matches.isEmpty()) {
        const QString key = keyOf(column);
        for (int i = 0; i < m_columns.size(); ++i)
            if (!key.isEmpty() && keyOf(m_columns.at(i)) == key)
                matches << i;
    }
    bool isNumber = false;
    const int number = column.trimmed().toInt(&isNumber);
    if (matches.isEmpty() && isNumber && number >= 1 && number <= m_columns.size())
        matches << number - 1;
    return matches;
}

bool CandidateImport::mapColumn(const QString &column, ImportField field, QString *error)
{
    const QList<int> matches = columnsNamed(column);
    if (matches.isEmpty()) {
        QStringList labels;
        for (int i = 0; i < m_columns.size(); ++i)
            labels << QStringLiteral("\"%1\"").arg(columnLabel(i));
        *error = tr("no column \"%1\" in the file (its columns: %2)").arg(column, labels.join(QStringLiteral(", ")));
        return false;
    }
    for (int i : std::as_const(matches))
        m_fields[i] = field;
    return true;
}

QStringList CandidateImport::ignoredColumns() const
{
    QStringList ignored;
    for (int i = 0; i < m_fields.size(); ++i)
        if (m_fields.at(i) == ImportField::Ignore)
            ignored << columnLabel(i);
    return ignored;
}

ImportField CandidateImport::guessField(const QString &header)
{
    QString key = keyOf(header);
    // "Email 2", "Phone1": numbered copies of one field.
    while (!key.isEmpty() && key.back().isDigit())
        key.chop(1);
    return spellings().value(key, ImportField::Ignore);
}

QList<ImportField> CandidateImport::allFields()
{
    QList<ImportField> list;
    for (const FieldInfo &f : Fields)
        list << f.field;
    return list;
}

QString CandidateImport::fieldName(ImportField field)
{
    return QString::fromLatin1(infoOf(field).name);
}

bool CandidateImport::fieldFromName(const QString &name, ImportField *field)
{
    for (const FieldInfo &f : Fields) {
        if (name.trimmed().compare(QLatin1String(f.name), Qt::CaseInsensitive) == 0) {
            *field = f.field;
            return true;
        }
    }
    return false;
}

QString CandidateImport::fieldLabel(ImportField field)
{
    return QCoreApplication::translate("hireloop::CandidateImport", infoOf(field).label);
}

ApplicationStatus CandidateImport::proposedStatus(const QString &value, bool *ours)
{
    ApplicationStatus status = ApplicationStatus::Active;
    const bool known = applicationStatusFromName(keyOf(value), &status);
    if (ours)
        *ours = known;
    if (known)
        return status;
    const QString words = wordsOf(value);
    for (const StatusWords &s : ForeignStatuses)
        for (const QString &phrase : QString::fromLatin1(s.words).split(QLatin1Char('|')))
            if (hasPhrase(words, phrase))
                return s.status;
    return ApplicationStatus::Active;  // "New", "Screening", "Interviewing", "On hold", ...
}

Id CandidateImport::proposedStage(const Role &role, const QString &value, bool *ours)
{
    if (ours)
        *ours = false;
    const QString key = keyOf(value);
    for (const Stage &s : role.stages) {
        if (keyOf(s.name) == key) {
            if (ours)
                *ours = true;
            return s.id;
        }
    }
    // "Phone Screen" -> "Recruiter screen", "Offer extended" -> "Offer": the stage that
    // shares the most words with the value, words that say little ("interview", "first",
    // "round") aside; the earlier stage on a tie.
    static const QString generic = QStringLiteral(
        " a an and the of to with for by on in at stage step round call interview interviews meeting first second "
        "third final 1st 2nd 3rd ");
    const QString words = wordsOf(value);
    const Stage *best = nullptr;
    int bestShared = 0;
    for (const Stage &s : role.stages) {
        int shared = 0;
        for (const QString &w : wordsOf(s.name).split(QLatin1Char(' '), Qt::SkipEmptyParts))
            if (!hasPhrase(generic, w) && hasPhrase(words, w))
                ++shared;
        if (shared > bestShared) {
            best = &s;
            bestShared = shared;
        }
    }
    if (best)
        return best->id;
    return role.stages.isEmpty() ? 0 : role.stages.first().id;
}

ImportValue CandidateImport::valueFor(const Role &role, int column, ImportField field, const QString &text) const
{
    ImportValue v;
    v.column = column;
    v.field = field;
    v.value = text;
    const QString key = choiceKey(column, text);
    if (field == ImportField::Stage) {
        v.stageId = proposedStage(role, text, &v.ours);
        const auto it = m_stageChoices.constFind(key);
        if (it != m_stageChoices.constEnd()
            && std::any_of(role.stages.cbegin(), role.stages.cend(), [&it](const Stage &s) { return s.id == *it; })) {
            v.stageId = *it;
            v.chosen = true;
        }
        for (const Stage &s : role.stages)
            if (s.id == v.stageId)
                v.target = s.name;
    } else {
        v.status = proposedStatus(text, &v.ours);
        const auto it = m_statusChoices.constFind(key);
        if (it != m_statusChoices.constEnd()) {
            v.status = *it;
            v.chosen = true;
        }
        v.target = applicationStatusName(v.status);
    }
    return v;
}

void CandidateImport::setValueMapping(int column, const QString &value, Id stageId)
{
    m_stageChoices.insert(choiceKey(column, value), stageId);
}

void CandidateImport::setValueMapping(int column, const QString &value, ApplicationStatus status)
{
    m_statusChoices.insert(choiceKey(column, value), status);
}

void CandidateImport::clearValueMappings()
{
    m_stageChoices.clear();
    m_statusChoices.clear();
}

QList<int> CandidateImport::valueColumns(const QString &column, QString *error) const
{
    QList<int> matches;
    for (int i : columnsNamed(column))
        if (field(i) == ImportField::Stage || field(i) == ImportField::Status)
            matches << i;
    if (matches.isEmpty()) {
        QStringList mapped;
        for (int i = 0; i < m_columns.size(); ++i)
            if (field(i) == ImportField::Stage || field(i) == ImportField::Status)
                mapped << QStringLiteral("\"%1\"").arg(columnLabel(i));
        *error = mapped.isEmpty()
            ? tr("no column \"%1\" of stages or statuses: the file has none (map one with --map COLUMN=stage or "
                 "COLUMN=status)")
                  .arg(column)
            : tr("no column \"%1\" of stages or statuses in the file (those it has: %2)")
                  .arg(column, mapped.join(QStringLiteral(", ")));
    }
    return matches;
}

bool CandidateImport::hasValueColumn(const QString &column, QString *error) const
{
    return !valueColumns(column, error).isEmpty();
}

bool CandidateImport::mapValue(const QString &column, const QString &value, const QString &ours, const Role &role,
                               QString *error)
{
    const QList<int> matches = valueColumns(column, error);
    if (matches.isEmpty())
        return false;
    for (int col : matches) {
        if (field(col) == ImportField::Stage) {
            Id stageId = 0;
            bool isNumber = false;
            const Id number = ours.trimmed().toLongLong(&isNumber);
            QStringList names;
            for (const Stage &s : role.stages) {
                names << s.name;
                if (!stageId && (keyOf(s.name) == keyOf(ours) || (isNumber && s.id == number)))
                    stageId = s.id;
            }
            if (!stageId) {
                *error = tr("no stage \"%1\" in %2 (its stages: %3)")
                             .arg(ours, role.title, names.join(QStringLiteral(", ")));
                return false;
            }
            setValueMapping(col, value, stageId);
        } else {
            ApplicationStatus status = ApplicationStatus::Active;
            if (!applicationStatusFromName(keyOf(ours), &status)) {
                *error = tr("\"%1\" is not a status (active, rejected, withdrawn or hired)").arg(ours);
                return false;
            }
            setValueMapping(col, value, status);
        }
    }
    return true;
}

QList<ImportValue> CandidateImport::values(const Role &role) const
{
    QList<ImportedCandidate> candidates;
    QList<ImportIssue> errors;
    QList<ImportValue> found;
    validate(role, &candidates, &errors, nullptr, 0, &found);
    return found;
}

bool CandidateImport::validate(const Role &role, QList<ImportedCandidate> *candidates, QList<ImportIssue> *errors,
                               int *rowCount, int maxErrors, QList<ImportValue> *values) const
{
    candidates->clear();
    errors->clear();
    if (rowCount)
        *rowCount = 0;
    if (values)
        values->clear();
    if (m_headerLine == 0) {
        errors->append(m_readError.message.isEmpty() ? ImportIssue{0, 0, QString(), tr("nothing has been read")}
                                                     : m_readError);
        return false;
    }
    int more = 0;
    auto add = [&](const ImportIssue &issue) {
        if (errors->size() >= maxErrors)
            ++more;
        else
            errors->append(issue);
    };
    auto report = [&](int line, int character, int column, const QString &message) {
        add(ImportIssue{line, character, column >= 0 ? columnLabel(column) : QString(), message});
    };

    QList<int> byField[int(ImportField::Notes) + 1];
    for (int i = 0; i < m_fields.size(); ++i)
        byField[int(m_fields.at(i))] << i;
    auto columnsOf = [&byField](ImportField f) -> const QList<int> & { return byField[int(f)]; };
    if (columnsOf(ImportField::Name).isEmpty() && columnsOf(ImportField::FirstName).isEmpty()
        && columnsOf(ImportField::LastName).isEmpty()) {
        report(m_headerLine, 0, -1,
               tr("no column gives the candidates' names: map one to name, or columns to first_name and last_name"));
        return false;
    }
    // Rows may stop short of the header only where the columns they leave out have no name.
    qsizetype needed = m_columns.size();
    while (needed > 0 && m_columns.at(needed - 1).isEmpty())
        --needed;

    // The distinct Stage and Status values, each looked up once.
    QList<ImportValue> found;
    QHash<QString, qsizetype> foundIndex;
    auto lookUp = [&](int column, ImportField f, const QString &text) -> const ImportValue & {
        const QString key = choiceKey(column, text);
        const auto it = foundIndex.constFind(key);
        if (it != foundIndex.constEnd()) {
            ImportValue &v = found[*it];
            ++v.rows;
            return v;
        }
        foundIndex.insert(key, found.size());
        found.append(valueFor(role, column, f, text));
        found.last().rows = 1;
        return found.last();
    };

    // One pass over the whole file: rows are read, checked and turned into candidates
    // one at a time, so only the candidates are kept. A broken record is reported and
    // skipped, and the rows after it are checked as well.
    CsvReader reader(m_text, m_delimiter);
    CsvRow row;
    reader.next(&row);  // the header
    int rows = 0;
    candidates->reserve(m_text.count(QLatin1Char('\n')) + 1);
    for (;;) {
        if (!reader.next(&row)) {
            if (!reader.hasError())
                break;
            add(issueOf(reader.error()));
            if (!reader.resync())
                break;
            continue;
        }
        if (std::all_of(row.fields.cbegin(), row.fields.cend(),
                        [](const CsvField &f) { return f.text.trimmed().isEmpty(); }))
            continue;
        ++rows;
        const int line = row.line;
        const auto &fields = row.fields;
        // A row of the wrong shape would put its values under the wrong columns: it is
        // reported as such, and nothing else is said about it.
        if (fields.size() > m_columns.size()) {
            const auto extra = std::find_if(fields.cbegin() + m_columns.size(), fields.cend(),
                                            [](const CsvField &f) { return !f.text.trimmed().isEmpty(); });
            if (extra != fields.cend()) {
                report(line, extra->column, -1,
                       tr("line %1 has %2 fields, the header has %3: is a value with a comma not quoted?")
                           .arg(line)
                           .arg(fields.size())
                           .arg(m_columns.size()));
                continue;
            }
        } else if (fields.size() < needed) {
            report(line, row.endLine == line ? row.endColumn : 0, -1,
                   tr("line %1 has %2 fields, the header has %3 (it ends before \"%4\"): is a line break inside a "
                      "field not quoted?")
                       .arg(line)
                       .arg(fields.size())
                       .arg(m_columns.size())
                       .arg(columnLabel(int(fields.size()))));
            continue;
        }
        const int errorsBefore = int(errors->size()) + more;
        auto cell = [&fields](int column) {
            return column < fields.size() ? cellText(fields.at(column).text) : QString();
        };
        auto charAt = [&fields](int column) { return column < fields.size() ? fields.at(column).column : 0; };

        ImportedCandidate c;
        c.line = line;
        Candidate &cand = c.candidate;
        for (int col : columnsOf(ImportField::Name)) {
            cand.name = cell(col);
            if (!cand.name.isEmpty())
                break;
        }
        if (cand.name.isEmpty()) {
            QStringList parts;
            for (ImportField f : {ImportField::FirstName, ImportField::LastName})
                for (int col : columnsOf(f))
                    if (!cell(col).isEmpty()) {
                        parts << cell(col);
                        break;
                    }
            cand.name = parts.join(QLatin1Char(' '));
        }
        if (cand.name.isEmpty()) {
            const int col = !columnsOf(ImportField::Name).isEmpty() ? columnsOf(ImportField::Name).first()
                : !columnsOf(ImportField::FirstName).isEmpty()      ? columnsOf(ImportField::FirstName).first()
                                                                    : columnsOf(ImportField::LastName).first();
            report(line, charAt(col), col, tr("no name"));
        }

        QStringList seenEmails;
        for (int col : columnsOf(ImportField::Email)) {
            const QString text = cell(col);
            if (text.isEmpty())
                continue;
            for (const QString &e : splitCell(text)) {
                if (!ContactNormalizer::isValidEmail(e)) {
                    report(line, charAt(col), col, tr("\"%1\" is not a valid email address").arg(e));
                    continue;
                }
                const QString n = ContactNormalizer::email(e);
                if (!seenEmails.contains(n)) {
                    seenEmails << n;
                    cand.emails << e;
                }
            }
        }
        for (int col : columnsOf(ImportField::Phone))
            appendDistinct(&cand.phone, cell(col), QStringLiteral(", "));
        QStringList sources;
        for (int col : columnsOf(ImportField::Source))
            appendListItems(&sources, cell(col));
        cand.source = sources.join(QStringLiteral(", "));
        for (int col : columnsOf(ImportField::Location)) {
            cand.location = cell(col);
            if (!cand.location.isEmpty())
                break;
        }
        if (cand.location.isEmpty()) {
            for (ImportField f : {ImportField::City, ImportField::Country})
                for (int col : columnsOf(f))
                    appendDistinct(&cand.location, cell(col), QStringLiteral(", "));
        }
        for (int col : columnsOf(ImportField::Notes))
            appendDistinct(&cand.notes, cell(col), QStringLiteral("\n\n"));

        for (int col = 0; col < m_fields.size(); ++col) {
            const ImportField f = m_fields.at(col);
            if (!isLinkField(f))
                continue;
            const QString text = cell(col);
            if (text.isEmpty())
                continue;
            for (const QString &piece : splitCell(text)) {
                QString why;
                const QString url = linkOf(piece, f, &why);
                if (!why.isEmpty()) {
                    report(line, charAt(col), col, why);
                    continue;
                }
                if (std::none_of(cand.links.cbegin(), cand.links.cend(),
                                 [&url](const CandidateLink &l) { return l.url == url; }))
                    cand.links << CandidateLink{QString(), url};
            }
        }

        // Stages and statuses that are not ours go where the value mapping says.
        for (int col : columnsOf(ImportField::Stage)) {
            const QString name = cell(col);
            if (name.isEmpty())
                continue;
            c.stageId = lookUp(col, ImportField::Stage, name).stageId;
            break;
        }
        for (int col : columnsOf(ImportField::Status)) {
            const QString name = cell(col);
            if (name.isEmpty())
                continue;
            c.status = lookUp(col, ImportField::Status, name).status;
            break;
        }
        if (int(errors->size()) + more == errorsBefore)
            candidates->append(std::move(c));
    }
    if (rowCount)
        *rowCount = rows;
    if (values)
        *values = std::move(found);
    if (more > 0) {
        ImportIssue issue;
        issue.message = more == 1 ? tr("1 more problem not listed") : tr("%1 more problems not listed").arg(more);
        errors->append(issue);
    }
    return errors->isEmpty();
}

}  // namespace hireloop
