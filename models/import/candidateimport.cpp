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
// Lever ("Sources", "Links") and Workable ("Address", "Profile URL") exports, and our
// own candidate list and summary CSV ("candidate", "email", "stage", "status").
const FieldInfo Fields[] = {
    {ImportField::Ignore, "ignore", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "(ignore)"), ""},
    {ImportField::Name, "name", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Name"),
     "name fullname candidate candidatename candidatefullname applicant applicantname"},
    {ImportField::FirstName, "first_name", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "First name"),
     "firstname givenname givennames forename first"},
    {ImportField::LastName, "last_name", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Last name"),
     "lastname surname familyname last"},
    {ImportField::Email, "email", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Email"),
     "email emails emailaddress emailaddresses mail primaryemail personalemail workemail otheremail "
     "candidateemail"},
    {ImportField::Phone, "phone", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Phone"),
     "phone phones phonenumber phonenumbers mobile mobilephone mobilenumber cell cellphone telephone tel "
     "candidatephone"},
    {ImportField::Location, "location", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Location"),
     "location address currentlocation candidatelocation residence"},
    {ImportField::City, "city", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "City"), "city town"},
    {ImportField::Country, "country", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Country"),
     "country countryofresidence"},
    {ImportField::Source, "source", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Source"),
     "source sources referralsource candidatesource sourcename applicationsource"},
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
     "status applicationstatus"},
    {ImportField::Notes, "notes", QT_TRANSLATE_NOOP("hireloop::CandidateImport", "Notes"),
     "notes note comments comment remarks"},
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
    CsvRow row;
    while (m_preview.size() < PreviewRows && reader.next(&row)) {
        const bool blank = std::all_of(row.fields.cbegin(), row.fields.cend(),
                                       [](const CsvField &f) { return f.text.trimmed().isEmpty(); });
        if (!blank)
            m_preview.append(row);
    }
    if (reader.hasError())
        return failRead(reader.error());
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

bool CandidateImport::mapColumn(const QString &column, ImportField field, QString *error)
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

bool CandidateImport::validate(const Role &role, QList<ImportedCandidate> *candidates, QList<ImportIssue> *errors,
                               int *rowCount, int maxErrors) const
{
    candidates->clear();
    errors->clear();
    if (rowCount)
        *rowCount = 0;
    if (m_headerLine == 0) {
        errors->append(m_readError.message.isEmpty() ? ImportIssue{0, 0, QString(), tr("nothing has been read")}
                                                     : m_readError);
        return false;
    }
    int more = 0;
    auto report = [&](int line, const CsvField *at, int column, const QString &message) {
        if (errors->size() >= maxErrors) {
            ++more;
            return;
        }
        ImportIssue issue;
        issue.line = line;
        issue.character = at ? at->column : 0;
        issue.column = column >= 0 ? columnLabel(column) : QString();
        issue.message = message;
        errors->append(issue);
    };

    QList<int> byField[int(ImportField::Notes) + 1];
    for (int i = 0; i < m_fields.size(); ++i)
        byField[int(m_fields.at(i))] << i;
    auto columnsOf = [&byField](ImportField f) -> const QList<int> & { return byField[int(f)]; };
    if (columnsOf(ImportField::Name).isEmpty() && columnsOf(ImportField::FirstName).isEmpty()
        && columnsOf(ImportField::LastName).isEmpty()) {
        report(m_headerLine, nullptr, -1,
               tr("no column gives the candidates' names: map one to name, or columns to first_name and last_name"));
        return false;
    }

    QHash<QString, Id> stages;
    QStringList stageNames;
    for (const Stage &s : role.stages) {
        stages.insert(keyOf(s.name), s.id);
        stageNames << s.name;
    }

    // One pass over the whole file: rows are read, checked and turned into candidates
    // one at a time, so only the candidates are kept.
    CsvReader reader(m_text, m_delimiter);
    CsvRow row;
    reader.next(&row);  // the header
    int rows = 0;
    candidates->reserve(m_text.count(QLatin1Char('\n')) + 1);
    while (reader.next(&row)) {
        if (std::all_of(row.fields.cbegin(), row.fields.cend(),
                        [](const CsvField &f) { return f.text.trimmed().isEmpty(); }))
            continue;
        ++rows;
        const int line = row.line;
        const int errorsBefore = int(errors->size()) + more;
        const auto &fields = row.fields;
        for (qsizetype i = m_columns.size(); i < fields.size(); ++i) {
            if (!fields.at(i).text.trimmed().isEmpty()) {
                report(line, &fields.at(i), -1,
                       tr("more fields than the header has columns (%1 > %2): is a value with a comma not quoted?")
                           .arg(fields.size())
                           .arg(m_columns.size()));
                break;
            }
        }
        auto cell = [&fields](int column) {
            return column < fields.size() ? cellText(fields.at(column).text) : QString();
        };
        auto fieldAt = [&fields](int column) { return column < fields.size() ? &fields.at(column) : nullptr; };

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
            report(line, fieldAt(col), col, tr("no name"));
        }

        QStringList seenEmails;
        for (int col : columnsOf(ImportField::Email)) {
            const QString text = cell(col);
            if (text.isEmpty())
                continue;
            for (const QString &e : splitCell(text)) {
                if (!ContactNormalizer::isValidEmail(e)) {
                    report(line, fieldAt(col), col, tr("\"%1\" is not a valid email address").arg(e));
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
        for (int col : columnsOf(ImportField::Source))
            appendDistinct(&cand.source, cell(col), QStringLiteral(", "));
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
                    report(line, fieldAt(col), col, why);
                    continue;
                }
                if (std::none_of(cand.links.cbegin(), cand.links.cend(),
                                 [&url](const CandidateLink &l) { return l.url == url; }))
                    cand.links << CandidateLink{QString(), url};
            }
        }

        for (int col : columnsOf(ImportField::Stage)) {
            const QString name = cell(col);
            if (name.isEmpty())
                continue;
            const auto it = stages.constFind(keyOf(name));
            if (it == stages.constEnd())
                report(line, fieldAt(col), col,
                       tr("no stage \"%1\" in %2 (its stages: %3); map the column to ignore to start everyone at "
                          "the first stage")
                           .arg(name, role.title, stageNames.join(QStringLiteral(", "))));
            else
                c.stageId = it.value();
            break;
        }
        for (int col : columnsOf(ImportField::Status)) {
            const QString name = cell(col);
            if (name.isEmpty())
                continue;
            if (!applicationStatusFromName(keyOf(name), &c.status))
                report(line, fieldAt(col), col,
                       tr("\"%1\" is not a status (active, rejected, withdrawn or hired)").arg(name));
            break;
        }
        if (int(errors->size()) + more == errorsBefore)
            candidates->append(std::move(c));
    }
    if (rowCount)
        *rowCount = rows;
    if (reader.hasError()) {
        if (errors->size() >= maxErrors)
            ++more;
        else
            errors->append(issueOf(reader.error()));
    }
    if (more > 0) {
        ImportIssue issue;
        issue.message = more == 1 ? tr("1 more problem not listed") : tr("%1 more problems not listed").arg(more);
        errors->append(issue);
    }
    return errors->isEmpty();
}

}  // namespace hireloop
