#include "posting/postingparser.h"

#include <QHash>
#include <QSet>
#include <QStringView>

#include <array>
#include <utility>

namespace hireloop {

namespace {

// Lines longer than this are never headings; also bounds the work done per line.
constexpr qsizetype kMaxHeadingChars = 80;
constexpr int kMaxHeadingWords = 6;  // plain and "Heading:" lines
constexpr int kMaxCapsHeadingWords = 8;  // ALL-CAPS lines
constexpr int kMaxKeyWords = 4;  // the key of a "Key: value" line
constexpr qsizetype kMaxKeyChars = 48;
constexpr qsizetype kMaxTitleChars = 200;  // a longer first line is prose, not a title
constexpr qsizetype kJoinLineChars = 50;  // a prose line this long without a full stop wraps

// Keyword phrases, checked in this order; the first table with a phrase contained
// (as whole words) in the normalized heading decides the kind. Screening comes first
// so "Benefits and work setup" is screening; the specific Info phrases come before
// the Rateable ones so "About the role" is not caught by "the role".
struct KeywordTable
{
    SectionKind kind;
    QStringList phrases;  // normalized and padded: " nice to have "
};

QString normalizeHeading(QStringView s);

const std::array<KeywordTable, 4> &keywordTables()
{
    static const std::array<KeywordTable, 4> tables = [] {
        const auto pad = [](std::initializer_list<const char *> words) {
            QStringList out;
            for (const char *w : words)
                out << normalizeHeading(QString::fromLatin1(w));
            return out;
        };
        return std::array<KeywordTable, 4>{{
            {SectionKind::Screening,
             pad({"work setup",
                  "setup",
                  "location",
                  "locations",
                  "remote",
                  "on call",
                  "oncall",
                  "travel",
                  "visa",
                  "work authorization",
                  "authorization",
                  "sponsorship",
                  "schedule",
                  "logistics",
                  "working conditions",
                  "work conditions",
                  "hybrid",
                  "onsite",
                  "on site",
                  "in office",
                  "relocation",
                  "working hours",
                  "hours",
                  "where you'll work",
                  "where you will work",
                  "work arrangement",
                  "work model",
                  "time zone",
                  "timezone",
                  "time zones",
                  "shift",
                  "shifts",
                  "telework",
                  "teleworking",
                  "work from home",
                  "work location",
                  "work environment",
                  "working environment",
                  "physical demands",
                  "physical requirements",
                  "conditions of employment",
                  "employment conditions",
                  "right to work",
                  "clearance",
                  "practicalities",
                  "engagement"})},
            {SectionKind::Info,
             pad({"about the role",
                  "about this role",
                  "about the position",
                  "about the job",
                  "about this job",
                  "full job description",
                  "overview",
                  "summary",
                  "introduction",
                  "intro",
                  "about us",
                  "about the company",
                  "about the team",
                  "what you'll get",
                  "what you will get",
                  "what you get",
                  "what we offer",
                  "we offer",
                  "our offer",
                  "why join us",
                  "why join",
                  "why us",
                  "benefits",
                  "benefit",
                  "perks",
                  "compensation",
                  "salary",
                  "job type",
                  "employment type",
                  "additional information",
                  "other information",
                  "equal opportunity",
                  "equal opportunities",
                  "equal employment",
                  "accommodation",
                  "accommodations",
                  "reasonable accommodations"})},
            {SectionKind::Rateable,
             pad({"responsibilities",
                  "responsibility",
                  "what you'll do",
                  "what you will do",
                  "what you'll be doing",
                  "what you will be doing",
                  "what you'll work on",
                  "what you will work on",
                  "duties",
                  "the role",
                  "your role",
                  "your mission",
                  "in this role",
                  "your impact",
                  "impact",
                  "requirements",
                  "requirement",
                  "required",
                  "qualifications",
                  "qualification",
                  "minimum qualifications",
                  "basic qualifications",
                  "preferred qualifications",
                  "about you",
                  "who you are",
                  "what we're looking for",
                  "what we are looking for",
                  "looking for",
                  "what you bring",
                  "what you'll bring",
                  "what you will bring",
                  "what you need",
                  "what you'll need",
                  "what you have",
                  "you have",
                  "you bring",
                  "your profile",
                  "candidate profile",
                  "ideal profile",
                  "person specification",
                  "essential",
                  "essential functions",
                  "essential criteria",
                  "desirable",
                  "desirable criteria",
                  "criteria",
                  "scope of work",
                  "skills",
                  "skill",
                  "experience",
                  "must have",
                  "must haves",
                  "nice to have",
                  "nice to haves",
                  "preferred",
                  "bonus",
                  "bonus points",
                  "pluses",
                  "key tasks",
                  "tasks",
                  "day to day",
                  "ideal candidate",
                  "expectations"})},
            {SectionKind::Info,
             pad({"the team",
                  "our team",
                  "about",
                  "company",
                  "who we are",
                  "what we do",
                  "mission",
                  "our mission",
                  "culture",
                  "values",
                  "pay",
                  "eeo",
                  "diversity",
                  "how to apply",
                  "application process",
                  "interview process",
                  "hiring process",
                  "job description",
                  "description",
                  "contact"})},
        }};
    }();
    return tables;
}

// Words a heading without marks may consist of: all keyword words plus fillers. Used
// so "Strong communication skills" (an item) is not taken for a "Skills" heading.
const QSet<QString> &headingVocabulary()
{
    static const QSet<QString> vocabulary = [] {
        QSet<QString> words;
        for (const KeywordTable &table : keywordTables()) {
            for (const QString &phrase : table.phrases) {
                for (const QString &w : phrase.split(u' ', Qt::SkipEmptyParts))
                    words.insert(w);
            }
        }
        for (const char *w :
             {"the",  "our",   "your",   "a",       "an",   "and",         "or",         "of",      "this",
              "key",  "core",  "main",   "job",     "role", "position",    "additional", "other",   "we",
              "you",  "what",  "who",    "why",     "how",  "us",          "is",         "are",     "to",
              "do",   "will",  "for",    "in",      "on",   "with",        "team",       "general", "extra",
              "some", "range", "policy", "details", "info", "information", "eligible"})
            words.insert(QString::fromLatin1(w));
        return words;
    }();
    return vocabulary;
}

bool isApostrophe(QChar c)
{
    return c == u'\'' || c == u'\u2019' || c == u'\u2018' || c == u'\u02BC' || c == u'`' || c == u'\u00B4';
}

// " what youll do ": lowercase, apostrophes dropped (straight or curly), "&" -> "and",
// other punctuation -> space, single spaces, padded so phrases match whole words.
QString normalizeHeading(QStringView s)
{
    QString out;
    out.reserve(s.size() + 2);
    out += u' ';
    bool space = true;
    for (QChar c : s) {
        if (isApostrophe(c))
            continue;
        if (c == u'&') {
            if (!space)
                out += u' ';
            out += QLatin1String("and ");
            space = true;
        } else if (c.isLetterOrNumber()) {
            out += c.toLower();
            space = false;
        } else if (!space) {
            out += u' ';
            space = true;
        }
    }
    if (!space)
        out += u' ';
    return out;
}

// Kind of a heading, and whether a keyword matched at all.
bool matchHeading(QStringView heading, SectionKind *kind)
{
    *kind = SectionKind::Info;
    const QString norm = normalizeHeading(heading);
    if (norm.size() < 3)
        return false;
    for (const KeywordTable &table : keywordTables()) {
        for (const QString &phrase : table.phrases) {
            if (norm.contains(phrase)) {
                *kind = table.kind;
                return true;
            }
        }
    }
    return false;
}

bool allWordsAreHeadingWords(QStringView heading)
{
    const QString norm = normalizeHeading(heading);
    const QSet<QString> &vocabulary = headingVocabulary();
    const QStringList words = norm.split(u' ', Qt::SkipEmptyParts);
    for (const QString &w : words) {
        if (!vocabulary.contains(w))
            return false;
    }
    return !words.isEmpty();
}

// Sentences that introduce a list ("In this role you will:") rather than name a section.
bool looksLikeLeadIn(QStringView text)
{
    if (text.contains(u','))
        return true;
    const QString norm = normalizeHeading(text);
    for (const char *w : {" you ", " we ", " will ", " following ", " include ", " includes ", " including ", " such ",
                          " like ", " these ", " is ", " are ", " can ", " should "}) {
        if (norm.contains(QLatin1String(w)))
            return true;
    }
    return false;
}

bool isOverviewName(const QString &name)
{
    const QString norm = normalizeHeading(name);
    for (const char *w : {" overview ", " summary ", " introduction ", " intro ", " about the role ",
                          " about this role ", " about the position ", " about the job ", " the opportunity ",
                          " job description ", " role description ", " position description "}) {
        if (norm.contains(QLatin1String(w)))
            return true;
    }
    return false;
}

int countWords(QStringView s, int limit)
{
    int n = 0;
    bool inWord = false;
    for (QChar c : s) {
        if (c.isSpace()) {
            inWord = false;
        } else if (!inWord) {
            inWord = true;
            if (++n > limit)
                return n;
        }
    }
    return n;
}

bool endsSentence(QChar c)
{
    return c == u'.' || c == u'!' || c == u'?' || c == u';' || c == u',' || c == u':';
}

bool isDashMarker(QChar c)
{
    return c == u'-' || c == u'\u2013' || c == u'\u2014';
}

// Bullet glyphs that mark an item even without a following space.
bool isGlyphMarker(QChar c)
{
    switch (c.unicode()) {
    case 0x2022:  // •
    case 0x00B7:  // ·
    case 0x00A7:  // § (Word's third-level bullet, pasted as text)
    case 0x2023:  // ‣
    case 0x2043:  // ⁃
    case 0x2219:  // ∙
    case 0x25AA:  // ▪
    case 0x25AB:  // ▫
    case 0x25CF:  // ●
    case 0x25CB:  // ○
    case 0x25E6:  // ◦
    case 0x25A0:  // ■
    case 0x25A1:  // □
    case 0x25C6:  // ◆
    case 0x25C7:  // ◇
    case 0x25BA:  // ►
    case 0x25B6:  // ▶
    case 0x27A2:  // ➢
    case 0x27A4:  // ➤
    case 0x2192:  // →
    case 0x2713:  // ✓
    case 0x2714:  // ✔
    case 0x2013:  // –
    case 0x2014:  // —
        return true;
    default:
        return false;
    }
}

// The marker of an item that starts with an emoji or another pictograph ("✅ ...",
// "👉 ..."): such items are never split, and "🚀 What you'll do" may be a heading.
constexpr char16_t kSymbolMarker = 0xFFFC;

// Length of a leading run of pictographs (with variation selectors, skin tones and
// zero-width joiners) at the start of t, 0 if t does not start with one.
qsizetype symbolPrefix(QStringView t)
{
    qsizetype i = 0;
    bool symbol = false;
    while (i < t.size() && i < 24) {
        char32_t ucs = t[i].unicode();
        qsizetype width = 1;
        if (QChar::isHighSurrogate(ucs) && i + 1 < t.size() && t[i + 1].isLowSurrogate()) {
            ucs = QChar::surrogateToUcs4(t[i], t[i + 1]);
            width = 2;
        }
        const QChar::Category category = QChar::category(ucs);
        if (category == QChar::Symbol_Other && !isGlyphMarker(QChar(char16_t(ucs < 0x10000 ? ucs : 0))))
            symbol = true;
        else if (!(ucs == 0xFE0F || ucs == 0x200D || category == QChar::Symbol_Modifier
                   || (ucs >= 0x1F3FB && ucs <= 0x1F3FF)))
            break;
        i += width;
    }
    return symbol ? i : 0;
}

// A bullet line: its marker ('1' for numbers, kSymbolMarker for pictographs), the text
// after it, and for numbered items the number and the character after it ('.' or ')').
struct Bullet
{
    QChar marker;
    QStringView content;
    int number = -1;
    QChar delimiter;
};

// "- x", "* x", "+ x", "• x", "– x", "o<tab>x", "✅ x", "1. x", "2) x", "(3) x".
bool parseBullet(QStringView t, Bullet *bullet)
{
    if (t.isEmpty())
        return false;
    const QChar c = t.front();
    if (c == u'-' || c == u'*' || c == u'+') {
        if (t.size() > 1 && !t[1].isSpace())
            return false;
        bullet->marker = c;
        bullet->content = t.mid(1).trimmed();
        return true;
    }
    if (isGlyphMarker(c)) {
        bullet->marker = c;
        bullet->content = t.mid(1).trimmed();
        return true;
    }
    // Word's second-level bullet, a letter o, pasted with its tab or spaces.
    if (c == u'o' && t.size() > 2 && (t[1] == u'\t' || (t[1] == u' ' && t[2] == u' '))) {
        bullet->marker = c;
        bullet->content = t.mid(1).trimmed();
        return !bullet->content.isEmpty();
    }
    if (const qsizetype symbols = symbolPrefix(t)) {
        if (symbols < t.size() && t[symbols].isSpace()) {
            bullet->marker = QChar(kSymbolMarker);
            bullet->content = t.mid(symbols).trimmed();
            return !bullet->content.isEmpty();
        }
        return false;
    }
    qsizetype i = (c == u'(') ? 1 : 0;
    const qsizetype digitsFrom = i;
    while (i < t.size() && i - digitsFrom < 3 && t[i].isDigit())
        ++i;
    if (i == digitsFrom || i >= t.size())
        return false;
    if (c == u'(' ? t[i] != u')' : (t[i] != u'.' && t[i] != u')'))
        return false;
    const QChar delimiter = t[i];
    const int number = t.mid(digitsFrom, i - digitsFrom).toInt();
    ++i;
    if (i < t.size() && !t[i].isSpace())
        return false;
    bullet->marker = u'1';
    bullet->content = t.mid(i).trimmed();
    bullet->number = c == u'(' ? -1 : number;
    bullet->delimiter = delimiter;
    return true;
}

bool isBulletLine(QStringView t)
{
    Bullet bullet;
    return parseBullet(t, &bullet);
}

// "---", "***", "___", "===", "- - -": markdown rules and underlines, treated as blank.
bool isRuleLine(QStringView t)
{
    if (t.size() < 3)
        return false;
    const QChar c = t.front();
    if (c != u'-' && c != u'*' && c != u'_' && c != u'=')
        return false;
    int marks = 0;
    for (QChar x : t) {
        if (x == c)
            ++marks;
        else if (!x.isSpace())
            return false;
    }
    return marks >= 3;
}

// "===" or "---" under a line of text: a setext heading's underline.
bool isUnderline(QStringView t)
{
    if (t.size() < 2 || (t.front() != u'=' && t.front() != u'-'))
        return false;
    for (QChar x : t) {
        if (x != t.front())
            return false;
    }
    return true;
}

// Lines a copy from a job board brings along that are never part of the posting.
bool isChromeLine(QStringView t)
{
    if (t.size() > 14)
        return false;
    for (const char16_t *chrome :
         {u"show more", u"show less", u"see more", u"see less", u"\u2026see more", u"...see more", u"read more"}) {
        if (t.compare(QStringView(chrome), Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

// Removes surrounding bold/italic marks and a trailing colon, repeatedly:
// "**Requirements:**" -> "Requirements". Works on views, so it is linear.
QStringView stripMarks(QStringView s)
{
    s = s.trimmed();
    for (;;) {
        const qsizetype before = s.size();
        if (s.endsWith(u':') || s.endsWith(u'\uFF1A'))
            s = s.chopped(1).trimmed();
        if (s.size() >= 4 && ((s.startsWith(u"**") && s.endsWith(u"**")) || (s.startsWith(u"__") && s.endsWith(u"__"))))
            s = s.mid(2, s.size() - 4).trimmed();
        else if (s.size() >= 2 && ((s.front() == u'*' && s.back() == u'*') || (s.front() == u'_' && s.back() == u'_')))
            s = s.mid(1, s.size() - 2).trimmed();
        if (s.size() == before)
            return s;
    }
}

// "Title: X", "Job title: X", "Position: X", "Role: X" -> X.
bool titleFromPrefix(QStringView t, QString *title)
{
    QStringView v = t;
    if (v.startsWith(u"**") || v.startsWith(u"__"))
        v = v.mid(2);
    for (const char16_t *prefix : {u"job title", u"position title", u"role title", u"title", u"position", u"role"}) {
        const QStringView p(prefix);
        if (!v.startsWith(p, Qt::CaseInsensitive))
            continue;
        QStringView rest = v.mid(p.size());
        if (rest.startsWith(u"**") || rest.startsWith(u"__"))
            rest = rest.mid(2);
        rest = rest.trimmed();
        if (!rest.startsWith(u':'))
            return false;
        rest = rest.mid(1);
        if (rest.startsWith(u"**") || rest.startsWith(u"__"))
            rest = rest.mid(2);
        rest = stripMarks(rest);
        if (rest.isEmpty() || rest.size() > kMaxTitleChars)
            return false;
        *title = rest.toString();
        return true;
    }
    return false;
}

// Whether a line or sentence states work setup: where, remote or not, visas, on-call,
// travel. Whole words of the normalized text.
bool mentionsWorkSetup(QStringView text)
{
    const QString norm = normalizeHeading(text);
    for (const char *phrase : {" remote ",
                               " remotely ",
                               " hybrid ",
                               " onsite ",
                               " on site ",
                               " in office ",
                               " in person ",
                               " visa ",
                               " visas ",
                               " sponsor ",
                               " sponsorship ",
                               " relocation ",
                               " relocate ",
                               " on call ",
                               " oncall ",
                               " telework ",
                               " time zone ",
                               " time zones ",
                               " timezone ",
                               " timezones ",
                               " travel ",
                               " right to work ",
                               " work permit ",
                               " authorized to work ",
                               " authorised to work ",
                               " work authorization ",
                               " security clearance "}) {
        if (norm.contains(QLatin1String(phrase)))
            return true;
    }
    return false;
}

// Closing statements (equal opportunity, accommodations) that follow the last list.
bool looksLikeClosingStatement(QStringView text)
{
    const QString norm = normalizeHeading(text.left(2000));
    for (const char *phrase : {" equal opportunity ", " equal opportunities ", " equal employment ",
                               " affirmative action ", " without regard to ", " regardless of ", " discriminate ",
                               " accommodation ", " accommodations ", " adjustments "}) {
        if (norm.contains(QLatin1String(phrase)))
            return true;
    }
    return false;
}

// A prose line that ends in the middle of a phrase ("experience with", "Go, Rust,")
// goes on on the next line.
bool endsMidPhrase(QStringView line)
{
    if (line.isEmpty())
        return false;
    if (line.back() == u',' || line.back() == u'&' || line.back() == u'/')
        return true;
    const qsizetype space = line.lastIndexOf(u' ');
    const QStringView word = line.mid(space + 1);
    if (word.size() > 9)
        return false;
    for (const char16_t *w :
         {u"and", u"or",   u"of",    u"with", u"to",        u"the",  u"a",    u"an",   u"for",    u"in",
          u"on",  u"at",   u"by",    u"from", u"including", u"like", u"as",   u"into", u"across", u"between",
          u"our", u"your", u"their", u"its",  u"via",       u"such", u"than", u"that", u"who",    u"which"}) {
        if (word == QStringView(w))
            return true;
    }
    return false;
}

// "Closing date: 14 April": a short key before a colon. Such a line starts an item of its
// own even after a long line without a full stop.
bool looksLikeKeyValue(QStringView t)
{
    const qsizetype colon = t.left(kMaxKeyChars).indexOf(u':');
    return colon > 0 && t.front().isUpper() && countWords(t.left(colon), kMaxKeyWords) <= kMaxKeyWords
        && colon + 1 < t.size() && t[colon + 1].isSpace();
}

// Where a numbered list run together on one line goes on: "1) Build X. 2) Own Y."
// splits before " 2) " and " 3) " and so on, in order; with "1." a number must follow
// the end of a sentence, so "Python 3. Django" stays whole.
QList<QStringView> splitNumbered(QStringView content, int number, QChar delimiter)
{
    QList<QStringView> parts;
    qsizetype from = 0;
    qsizetype searchFrom = 0;
    for (int next = number + 1; next > number && from < content.size(); ++next) {
        const QString marker = QLatin1Char(' ') + QString::number(next) + delimiter + QLatin1Char(' ');
        qsizetype at = -1;
        for (qsizetype i = content.indexOf(marker, searchFrom); i >= 0; i = content.indexOf(marker, i + 1)) {
            const QStringView before = content.mid(from, i - from).trimmed();
            if (!before.isEmpty() && (delimiter == u')' || endsSentence(before.back()))) {
                at = i;
                break;
            }
        }
        if (at < 0)
            break;
        parts << content.mid(from, at - from).trimmed();
        from = at + marker.size();
        searchFrom = from;
    }
    parts << content.mid(from).trimmed();
    return parts;
}

// Splits a run-together list "A - B - C" (the seed format) at " - ". Hyphens inside
// words never split. A single " - " followed by a lowercase word is a dash in the
// sentence ("Python - must be fluent"), not a second item.
QList<QStringView> splitRunTogether(const Bullet &bullet)
{
    QStringView content = bullet.content;
    const QChar marker = bullet.marker;
    if (marker == u'1' && bullet.number >= 0)
        return splitNumbered(content, bullet.number, bullet.delimiter);
    const bool dash = isDashMarker(marker);
    if (!dash && !isGlyphMarker(marker))
        return {content};
    // Leading and trailing markers are empty pieces: "- - A -" is "A".
    for (;;) {
        if (!content.isEmpty() && content.front() == marker && (content.size() == 1 || content[1].isSpace()))
            content = content.mid(1).trimmed();
        else if (content.size() >= 2 && content.back() == marker && content[content.size() - 2].isSpace())
            content = content.chopped(1).trimmed();
        else
            break;
    }
    QList<qsizetype> separators;
    for (qsizetype i = 1; i + 1 < content.size(); ++i) {
        if (content[i] == marker && content[i - 1].isSpace() && content[i + 1].isSpace())
            separators << i;
    }
    if (separators.isEmpty())
        return {content};
    if (dash && separators.size() == 1) {
        QStringView after = content.mid(separators.front() + 1).trimmed();
        if (!after.isEmpty() && after.front().isLower())
            return {content};
    }
    QList<QStringView> parts;
    qsizetype from = 0;
    for (qsizetype sep : separators) {
        parts << content.mid(from, sep - from).trimmed();
        from = sep + 1;
    }
    parts << content.mid(from).trimmed();
    return parts;
}

enum class LineType { Blank, Heading, Bullet, Prose };

struct LineInfo
{
    LineType type = LineType::Prose;
    QString name;  // heading: its name
    SectionKind kind = SectionKind::Info;
    bool known = false;  // heading: a keyword matched
    QStringView inlineText;  // heading: text after "Heading:" on the same line
    bool inlineFact = false;  // heading: "Location: Berlin" kept whole as a screening fact
    Bullet bullet;  // bullet: its marker and content
};

LineInfo makeHeading(QStringView name)
{
    LineInfo info;
    info.type = LineType::Heading;
    info.name = name.toString();
    info.known = matchHeading(name, &info.kind);
    return info;
}

// A short line naming a known section on its own: "Role overview", "Nice to have",
// "Why us?", "*Responsibilities*".
bool isPlainHeading(QStringView t, LineInfo *heading)
{
    if (t.size() > kMaxHeadingChars || countWords(t, kMaxHeadingWords) > kMaxHeadingWords)
        return false;
    const QStringView name = stripMarks(t);
    if (name.isEmpty() || (endsSentence(name.back()) && name.back() != u'?') || !allWordsAreHeadingWords(name))
        return false;
    *heading = makeHeading(name);
    return heading->known;
}

// What a trimmed, non-blank line is. prevBreak: the line follows a blank line, a
// heading or the title; nextIsBullet: the next line is a bullet; underlined: the next
// line is "===" or "---". They let a plain "Responsibilities" line be a heading
// without making every short list item one.
LineInfo detectLine(QStringView t, bool prevBreak, bool nextIsBullet, bool underlined = false)
{
    LineInfo info;

    // Markdown heading: "## Requirements ##".
    if (t.front() == u'#') {
        qsizetype n = 0;
        while (n < t.size() && n < 7 && t[n] == u'#')
            ++n;
        if (n <= 6 && (n == t.size() || t[n].isSpace())) {
            QStringView name = t.mid(n).trimmed();
            qsizetype end = name.size();
            while (end > 0 && name[end - 1] == u'#')
                --end;
            if (end == 0 || name[end - 1].isSpace())
                name = name.left(end);
            name = stripMarks(name);
            if (name.isEmpty()) {
                info.type = LineType::Blank;  // "###": a heading mark with no name
                return info;
            }
            if (name.size() <= kMaxTitleChars)
                return makeHeading(name);
        }
    }

    if (parseBullet(t, &info.bullet)) {
        // "🚀 What you'll do": a pictograph before a known heading.
        LineInfo heading;
        if (info.bullet.marker == QChar(kSymbolMarker) && prevBreak && isPlainHeading(info.bullet.content, &heading))
            return heading;
        info.type = LineType::Bullet;
        return info;
    }

    // Setext heading: a line of text underlined with "===" or "---".
    if (underlined && t.size() <= kMaxTitleChars) {
        const QStringView name = stripMarks(t);
        if (!name.isEmpty())
            return makeHeading(name);
    }

    // Bold line: "**Requirements**", "__Perks:__", "**Nice to have**:".
    if (t.size() <= kMaxHeadingChars && (t.startsWith(u"**") || t.startsWith(u"__"))) {
        const QStringView mark = t.left(2);
        QStringView body = t;
        if (body.endsWith(u':'))
            body.chop(1);
        if (body.size() > 4 && body.endsWith(mark)) {
            const QStringView inner = body.mid(2, body.size() - 4);
            if (!inner.contains(mark) && !stripMarks(inner).isEmpty())
                return makeHeading(stripMarks(inner));
        }
    }

    // "Heading:" alone on a short line.
    if (t.size() <= kMaxHeadingChars && t.endsWith(u':')) {
        const QStringView name = stripMarks(t);
        if (!name.isEmpty() && countWords(name, kMaxHeadingWords) <= kMaxHeadingWords) {
            LineInfo heading = makeHeading(name);
            if (heading.known || !looksLikeLeadIn(name))
                return heading;
        }
    }

    // "Key: value" with a known key: "Location: Berlin", "Requirements: - a - b",
    // "**Work setup:** remote". Unknown keys ("Team: Growth") stay prose.
    {
        QStringView key;
        QStringView rest;
        if (t.startsWith(u"**") || t.startsWith(u"__")) {
            const qsizetype close = t.indexOf(t.left(2), 2);
            if (close > 2 && close <= kMaxKeyChars) {
                const QStringView inner = t.mid(2, close - 2).trimmed();
                const QStringView after = t.mid(close + 2);
                if (inner.endsWith(u':')) {
                    key = inner.chopped(1);
                    rest = after;
                } else if (after.startsWith(u':')) {
                    key = inner;
                    rest = after.mid(1);
                }
            }
        } else {
            const qsizetype colon = t.left(kMaxKeyChars).indexOf(u':');
            if (colon > 0) {
                key = t.left(colon);
                rest = t.mid(colon + 1);
            }
        }
        key = key.trimmed();
        rest = rest.trimmed();
        if (!key.isEmpty() && !rest.isEmpty() && !rest.startsWith(u"//")
            && countWords(key, kMaxKeyWords) <= kMaxKeyWords && allWordsAreHeadingWords(key)) {
            LineInfo heading = makeHeading(key);
            if (heading.known) {
                heading.inlineText = rest;
                heading.inlineFact = heading.kind == SectionKind::Screening && !isBulletLine(rest);
                return heading;
            }
        }
    }

    // ALL-CAPS line: "WHAT YOU'LL DO", "ABOUT ACME".
    if (t.size() <= kMaxHeadingChars && countWords(t, kMaxCapsHeadingWords) <= kMaxCapsHeadingWords
        && !endsSentence(t.back())) {
        int upper = 0;
        bool lower = false;
        for (QChar c : t) {
            if (c.isLower())
                lower = true;
            else if (c.isUpper())
                ++upper;
        }
        if (!lower && upper >= 4) {
            LineInfo heading = makeHeading(stripMarks(t));
            if (!heading.name.isEmpty() && (heading.known || !t.contains(u',')))
                return heading;
        }
    }

    // Plain known heading on its own line: "Role overview", "Nice to have".
    if (prevBreak || nextIsBullet) {
        LineInfo heading;
        if (isPlainHeading(t, &heading))
            return heading;
    }

    return info;  // prose
}

// "Acme | Senior Engineer | Berlin | REMOTE | VISA": the first line of a forum post.
// Gives the role's title and the work-setup segments; the company (first), links and
// pay are left out.
bool parsePipeHeader(QStringView line, QString *title, QList<QStringView> *facts)
{
    if (line.size() > 400 || line.count(u'|') < 2)
        return false;
    QList<QStringView> segments;
    for (QStringView s : line.split(u'|')) {
        s = s.trimmed();
        if (!s.isEmpty())
            segments << s;
    }
    if (segments.size() < 3)
        return false;
    static const char *const roleWords[] = {
        "engineer",      "engineers",  "developer", "developers", "scientist",  "researcher",  "designer",
        "manager",       "analyst",    "architect", "lead",       "director",   "coordinator", "specialist",
        "administrator", "sre",        "devops",    "intern",     "programmer", "consultant",  "head",
        "officer",       "technician", "writer",    "advocate",   "recruiter",  "nurse",       "editor"};
    qsizetype titleAt = -1;
    for (qsizetype i = 1; i < segments.size() && titleAt < 0; ++i) {
        const QString norm = normalizeHeading(segments.at(i));
        for (const char *w : roleWords) {
            if (norm.contains(QLatin1Char(' ') + QLatin1String(w) + QLatin1Char(' '))) {
                titleAt = i;
                break;
            }
        }
    }
    if (titleAt < 0)
        titleAt = 1;
    *title = stripMarks(segments.at(titleAt)).toString();
    for (qsizetype i = 1; i < segments.size(); ++i) {
        const QStringView s = segments.at(i);
        if (i == titleAt || s.contains(QLatin1String("://")) || s.startsWith(QLatin1String("www."), Qt::CaseInsensitive)
            || s.contains(u'@'))
            continue;
        bool pay = false;
        for (QChar c : s)
            pay = pay || c == u'$' || c == u'\u20AC' || c == u'\u00A3';
        if (!pay)
            *facts << s;
    }
    return !title->isEmpty();
}

// Sentences of a prose paragraph: each ends with . ! or ? before a space and a capital,
// a digit or a quote.
QList<QStringView> sentences(QStringView paragraph)
{
    QList<QStringView> out;
    qsizetype from = 0;
    for (qsizetype i = 0; i + 2 < paragraph.size(); ++i) {
        const QChar c = paragraph[i];
        if ((c == u'.' || c == u'!' || c == u'?') && paragraph[i + 1] == u' ') {
            const QChar next = paragraph[i + 2];
            if (next.isUpper() || next.isDigit() || next == u'"' || next == u'\u201C') {
                out << paragraph.mid(from, i + 1 - from).trimmed();
                from = i + 2;
            }
        }
    }
    out << paragraph.mid(from).trimmed();
    return out;
}

// Builds sections line by line. Items are held in m_pending until the next boundary so
// wrapped continuation lines and paragraph lines can still be appended.
class Builder
{
public:
    void run(const QStringList &lines, ParsedPosting *result);

private:
    qsizetype startSection(const QString &name, SectionKind kind);
    void ensureSection();
    void addBulletContent(const Bullet &bullet);
    void commitItem(QStringView text, bool prose);
    void flush();
    void append(QStringView text);
    void resume();
    qsizetype effectiveSection() const { return m_resume != kNoResume ? m_resume : m_current; }
    void addWorkSetupFact(QStringView text);
    void addProseWorkSetup();

    static constexpr qsizetype kNoResume = -2;

    QList<PostingSection> m_sections;
    qsizetype m_current = -1;
    qsizetype m_resume = kNoResume;  // section to return to after a one-line "Key: value"
    qsizetype m_overview = -1;  // the implicit "Overview" section, if any
    qsizetype m_workSetup = -1;  // the implicit "Work setup" section, if any
    qsizetype m_proseSection = -1;  // first substantial prose paragraph of an Info section
    qsizetype m_proseItem = -1;
    qsizetype m_firstProseSection = -1;  // first prose paragraph at all
    qsizetype m_firstProseItem = -1;
    QList<bool> m_hasBullets;  // per section: an item came from a bullet
    bool m_headingSeen = false;  // a heading of the posting's own opened a section

    QString m_pending;
    bool m_pendingActive = false;
    bool m_pendingProse = false;
    QStringView m_lastLine;  // of the pending prose paragraph
    bool m_inBullet = false;  // an indented line now continues the pending bullet
};

qsizetype Builder::startSection(const QString &name, SectionKind kind)
{
    flush();
    PostingSection section;
    section.name = name;
    section.kind = kind;
    m_sections << section;
    m_hasBullets << false;
    m_current = m_sections.size() - 1;
    return m_current;
}

void Builder::ensureSection()
{
    if (m_current < 0)
        m_overview = startSection(QStringLiteral("Overview"), SectionKind::Info);
}

void Builder::commitItem(QStringView text, bool prose)
{
    const QStringView item = text.trimmed();
    if (item.isEmpty() || m_current < 0)
        return;
    PostingSection &section = m_sections[m_current];
    // A lead-in sentence ("In this role, you will:") is not an attribute or a fact.
    if (prose && section.kind != SectionKind::Info && item.endsWith(u':'))
        return;
    section.items << item.toString();
    if (!prose)
        m_hasBullets[m_current] = true;
    if (prose && section.kind == SectionKind::Info) {
        if (m_firstProseSection < 0) {
            m_firstProseSection = m_current;
            m_firstProseItem = section.items.size() - 1;
        }
        // A paragraph, not a label such as "Full time" or "Design".
        if (m_proseSection < 0 && (item.size() >= 60 || item.back() == u'.' || item.back() == u'!')) {
            m_proseSection = m_current;
            m_proseItem = section.items.size() - 1;
        }
    }
}

void Builder::flush()
{
    if (m_pendingActive)
        commitItem(m_pending, m_pendingProse);
    m_pending.clear();
    m_pendingActive = false;
    m_pendingProse = false;
    m_inBullet = false;
}

void Builder::append(QStringView text)
{
    if (!m_pending.isEmpty())
        m_pending += u' ';
    m_pending += text;
}

// A one-line "Location: Berlin" section is over: later lines go back to the
// section open before it (or to the implicit overview).
void Builder::resume()
{
    if (m_resume == kNoResume)
        return;
    flush();
    m_current = m_resume;
    m_resume = kNoResume;
}

void Builder::addBulletContent(const Bullet &bullet)
{
    ensureSection();
    // "Experience with one of:" right before its sub-items introduces them: not an item.
    if (m_pendingActive && !m_pendingProse && m_pending.endsWith(u':')) {
        m_pending.clear();
        m_pendingActive = false;
    }
    flush();
    const QList<QStringView> parts = splitRunTogether(bullet);
    for (qsizetype i = 0; i + 1 < parts.size(); ++i)
        commitItem(parts[i], false);
    m_pending = parts.isEmpty() ? QString() : parts.back().toString();
    m_pendingActive = true;
    m_pendingProse = false;
    m_inBullet = true;
}

// A work-setup line found outside any section ("Remote, United States" under the title,
// a segment of a forum post's first line, a sentence of a prose-only posting) goes to
// the one implicit "Work setup" section; the lines after it go where they would have.
void Builder::addWorkSetupFact(QStringView text)
{
    flush();
    const qsizetype before = effectiveSection();
    if (m_workSetup < 0)
        m_workSetup = startSection(QStringLiteral("Work setup"), SectionKind::Screening);
    m_current = m_workSetup;
    commitItem(text, false);
    m_current = before;
    m_resume = kNoResume;
}

// A posting of paragraphs only: its sentences about work setup become screening facts.
void Builder::addProseWorkSetup()
{
    if (m_headingSeen || m_overview < 0)
        return;
    for (const PostingSection &section : std::as_const(m_sections)) {
        if (section.kind == SectionKind::Rateable && !section.items.isEmpty())
            return;
    }
    const QStringList paragraphs = m_sections.at(m_overview).items;
    for (const QString &paragraph : paragraphs) {
        for (const QStringView sentence : sentences(paragraph)) {
            if (!sentence.isEmpty() && mentionsWorkSetup(sentence))
                addWorkSetupFact(sentence);
        }
    }
}

void Builder::run(const QStringList &lines, ParsedPosting *result)
{
    // Lines that are never content: job-board chrome, and LinkedIn's "About the job"
    // when it comes before everything else.
    QList<bool> skip(lines.size(), false);
    for (qsizetype i = 0; i < lines.size(); ++i)
        skip[i] = isChromeLine(QStringView(lines[i]).trimmed());
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QStringView t = QStringView(lines[i]).trimmed();
        if (t.isEmpty() || skip[i])
            continue;
        if (normalizeHeading(t) == QLatin1String(" about the job "))
            skip[i] = true;
        break;
    }
    const auto underlined = [&](qsizetype i) {
        return i + 1 < lines.size() && isUnderline(QStringView(lines[i + 1]).trimmed())
            && !QStringView(lines[i]).trimmed().isEmpty();
    };
    const auto nextIsBullet = [&](qsizetype i) {
        return i + 1 < lines.size() && isBulletLine(QStringView(lines[i + 1]).trimmed());
    };

    // Title: a "Title:" line in the header block (before the first heading on a line of
    // its own), else the first non-empty line
    // unless it is a bullet, a known heading or too long to be a title.
    qsizetype titleLine = -1;
    qsizetype first = -1;
    {
        bool prevBreak = true;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QStringView t = QStringView(lines[i]).trimmed();
            if (t.isEmpty() || skip[i] || isRuleLine(t)) {
                prevBreak = true;
                continue;
            }
            const LineInfo info = detectLine(t, prevBreak, nextIsBullet(i), underlined(i));
            if (info.type == LineType::Blank) {
                prevBreak = true;
                continue;
            }
            if (first < 0)
                first = i;
            if (titleFromPrefix(t, &result->title)) {
                titleLine = i;
                break;
            }
            if (info.type == LineType::Heading && info.inlineText.isEmpty())
                break;  // "Location: Berlin" lines may precede the "Title:" line
            prevBreak = false;
        }
    }
    QList<QStringView> headerFacts;
    if (titleLine < 0 && first >= 0) {
        const QStringView t = QStringView(lines[first]).trimmed();
        const LineInfo info = detectLine(t, true, false, underlined(first));
        if (info.type == LineType::Heading && !info.known && info.inlineText.isEmpty()) {
            if (info.name.size() <= kMaxTitleChars && !info.name.isEmpty()) {
                result->title = info.name;
                titleLine = first;
            }
        } else if (info.type == LineType::Prose) {
            if (parsePipeHeader(t, &result->title, &headerFacts)) {
                titleLine = first;
            } else {
                const QStringView title = stripMarks(t);
                if (!title.isEmpty() && title.size() <= kMaxTitleChars) {
                    result->title = title.toString();
                    titleLine = first;
                }
            }
        } else if (info.type == LineType::Bullet && info.bullet.marker == QChar(kSymbolMarker)) {
            // "🌱 Full-Stack Engineer @ Sprouthaus"
            const QStringView title = stripMarks(info.bullet.content);
            if (!title.isEmpty() && title.size() <= kMaxTitleChars) {
                result->title = title.toString();
                titleLine = first;
            }
        }
    }
    for (const QStringView fact : std::as_const(headerFacts))
        addWorkSetupFact(fact);

    bool prevBreak = true;  // after a blank line, a heading or the title
    bool blankBefore = true;  // after a blank line
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i == titleLine) {
            flush();
            prevBreak = true;
            continue;
        }
        const QStringView raw(lines[i]);
        const QStringView t = raw.trimmed();
        if (t.isEmpty() || skip[i] || isRuleLine(t)) {
            flush();
            prevBreak = true;
            blankBefore = true;
            continue;
        }
        const bool indented = raw.front().isSpace();
        const bool bullet = isBulletLine(t);

        // Wrapped continuation of the previous bullet: indented, or starting lowercase.
        if (m_inBullet && !bullet && t.front() != u'#' && (indented || t.front().isLower()) && !underlined(i)) {
            append(t);
            continue;
        }

        LineInfo info = detectLine(t, prevBreak, nextIsBullet(i), underlined(i));
        // "Salary: 90k" among other information lines is one of them, not a section.
        if (info.type == LineType::Heading && !info.inlineText.isEmpty() && info.kind == SectionKind::Info
            && effectiveSection() >= 0 && m_sections.at(effectiveSection()).kind == SectionKind::Info)
            info.type = LineType::Prose;
        switch (info.type) {
        case LineType::Blank:
            flush();
            prevBreak = true;
            blankBefore = true;
            continue;
        case LineType::Heading:
            if (info.inlineFact) {
                // "Location: Berlin": a screening fact, kept whole; joins the screening
                // section it follows directly, else opens a one-line section named after
                // its key.
                const bool joins = m_current >= 0 && m_sections.at(m_current).kind == SectionKind::Screening
                    && (!blankBefore || m_resume != kNoResume);
                if (!joins) {
                    const qsizetype before = effectiveSection();
                    startSection(info.name, info.kind);
                    m_resume = before;
                }
                // The item is the line as written, without its bold marks.
                const QString fact = info.name + QLatin1String(": ") + info.inlineText.toString();
                addBulletContent(Bullet{QChar(), fact, -1, QChar()});
            } else {
                const qsizetype before = effectiveSection();
                startSection(info.name, info.kind);
                m_headingSeen = true;
                m_resume = kNoResume;
                if (!info.inlineText.isEmpty()) {
                    Bullet inlineBullet;
                    if (parseBullet(info.inlineText, &inlineBullet)) {
                        addBulletContent(inlineBullet);
                    } else {
                        // "Salary: $100k" is one line; "Nice to have: Kafka" may go on.
                        addBulletContent(Bullet{QChar(), info.inlineText, -1, QChar()});
                        if (info.kind == SectionKind::Info)
                            m_resume = before;
                    }
                }
            }
            prevBreak = info.inlineText.isEmpty();
            break;
        case LineType::Bullet:
            resume();
            addBulletContent(info.bullet);
            prevBreak = false;
            break;
        case LineType::Prose: {
            // Lines of one paragraph: the next starts lowercase or is indented, or the
            // previous is long and has no full stop (a hard-wrapped paragraph). In a list
            // section (rated or screening) a line starting uppercase is the next item
            // unless the previous one stopped mid-phrase.
            const bool listSection = m_current >= 0 && m_sections.at(m_current).kind != SectionKind::Info;
            const bool wrapped = !m_lastLine.isEmpty() && m_lastLine.size() >= kJoinLineChars
                && !endsSentence(m_lastLine.back()) && (!listSection || endsMidPhrase(m_lastLine))
                && !looksLikeKeyValue(t);
            const bool joins = m_pendingActive && m_pendingProse && (t.front().isLower() || indented || wrapped);
            if (joins) {
                append(t);
            } else {
                flush();
                resume();
                if ((m_current < 0 || m_current == m_overview) && !m_headingSeen && t.size() <= 100
                    && !endsSentence(t.back()) && mentionsWorkSetup(t)) {
                    // "Remote, United States" under the title.
                    addWorkSetupFact(stripMarks(t));
                    m_lastLine = QStringView();
                    prevBreak = false;
                    blankBefore = false;
                    continue;
                }
                // After the list of a rated or screening section, a paragraph of its own
                // (or an equal-opportunity statement) is not one of its items.
                if (m_current >= 0 && m_sections.at(m_current).kind != SectionKind::Info && blankBefore
                    && (m_hasBullets.at(m_current) || looksLikeClosingStatement(t)))
                    startSection(QStringLiteral("Other information"), SectionKind::Info);
                ensureSection();
                m_pending = t.toString();
                m_pendingActive = true;
                m_pendingProse = true;
            }
            m_lastLine = t;
            prevBreak = false;
            break;
        }
        }
        if (info.type != LineType::Prose)
            m_lastLine = QStringView();
        blankBefore = false;
    }
    flush();
    addProseWorkSetup();

    result->sections = m_sections;

    // Overview: the items of the overview-like section, else the first prose paragraph.
    for (const PostingSection &section : std::as_const(result->sections)) {
        if (isOverviewName(section.name) && !section.items.isEmpty()) {
            result->overview = section.items.join(u' ');
            break;
        }
    }
    if (result->overview.isEmpty() && m_proseSection >= 0)
        result->overview = result->sections[m_proseSection].items[m_proseItem];
    if (result->overview.isEmpty() && m_firstProseSection >= 0)
        result->overview = result->sections[m_firstProseSection].items[m_firstProseItem];
}

// What a copy of a web page's HTML source leaves in a posting: block tags become line
// breaks ("<li>" a bullet), bold tags markdown's "**", other known inline tags go.
// Anything else that looks like a tag ("<5 years", "vector<T>") stays. Linear: a tag
// is looked for at most kMaxTag characters on, and never past the next '<'.
QString stripHtml(const QString &text)
{
    constexpr qsizetype kMaxTag = 200;
    QString out;
    out.reserve(text.size());
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text[i];
        if (c != u'<') {
            out += c;
            continue;
        }
        qsizetype j = i + 1;
        const bool closing = j < n && text[j] == u'/';
        if (closing)
            ++j;
        const qsizetype nameFrom = j;
        while (j < n && j - nameFrom < 10 && text[j].isLetterOrNumber())
            ++j;
        const QString name = text.mid(nameFrom, j - nameFrom).toLower();
        qsizetype end = -1;
        for (qsizetype k = j; k < n && k - i <= kMaxTag; ++k) {
            if (text[k] == u'>') {
                end = k;
                break;
            }
            if (text[k] == u'<' || text[k] == u'\n' || (k == j && !text[k].isSpace() && text[k] != u'/'))
                break;
        }
        static const QSet<QString> blocks = {QStringLiteral("br"), QStringLiteral("p"),     QStringLiteral("div"),
                                             QStringLiteral("ul"), QStringLiteral("ol"),    QStringLiteral("li"),
                                             QStringLiteral("tr"), QStringLiteral("table"), QStringLiteral("h1"),
                                             QStringLiteral("h2"), QStringLiteral("h3"),    QStringLiteral("h4"),
                                             QStringLiteral("h5"), QStringLiteral("h6"),    QStringLiteral("section")};
        static const QSet<QString> bold = {QStringLiteral("b"), QStringLiteral("strong")};
        static const QSet<QString> inlines = {QStringLiteral("em"),    QStringLiteral("i"),   QStringLiteral("u"),
                                              QStringLiteral("span"),  QStringLiteral("a"),   QStringLiteral("font"),
                                              QStringLiteral("small"), QStringLiteral("sup"), QStringLiteral("sub"),
                                              QStringLiteral("td")};
        if (end < 0 || name.isEmpty() || !(blocks.contains(name) || bold.contains(name) || inlines.contains(name))) {
            out += c;
            continue;
        }
        if (name == QLatin1String("li") && !closing) {
            out += QLatin1String("\n- ");
        } else if (name.size() == 2 && name.front() == u'h' && name.back().isDigit() && !closing) {
            out += u'\n';
            out += QString(name.back().digitValue(), u'#');
            out += u' ';
        } else if (blocks.contains(name)) {
            out += u'\n';
        } else if (bold.contains(name)) {
            out += QLatin1String("**");
        }
        i = end;
    }
    return out;
}

// "&amp;", "&#39;", "&nbsp;" and the like, as the characters they stand for.
QString decodeEntities(const QString &text)
{
    static const QHash<QString, QString> named = {
        {QStringLiteral("amp"), QStringLiteral("&")},        {QStringLiteral("lt"), QStringLiteral("<")},
        {QStringLiteral("gt"), QStringLiteral(">")},         {QStringLiteral("quot"), QStringLiteral("\"")},
        {QStringLiteral("apos"), QStringLiteral("'")},       {QStringLiteral("nbsp"), QStringLiteral(" ")},
        {QStringLiteral("rsquo"), QStringLiteral("\u2019")}, {QStringLiteral("lsquo"), QStringLiteral("\u2018")},
        {QStringLiteral("rdquo"), QStringLiteral("\u201D")}, {QStringLiteral("ldquo"), QStringLiteral("\u201C")},
        {QStringLiteral("ndash"), QStringLiteral("\u2013")}, {QStringLiteral("mdash"), QStringLiteral("\u2014")},
        {QStringLiteral("bull"), QStringLiteral("\u2022")},  {QStringLiteral("hellip"), QStringLiteral("\u2026")},
        {QStringLiteral("euro"), QStringLiteral("\u20AC")},  {QStringLiteral("pound"), QStringLiteral("\u00A3")}};
    QString out;
    out.reserve(text.size());
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        if (text[i] != u'&') {
            out += text[i];
            continue;
        }
        const qsizetype semicolon = QStringView(text).mid(i + 1, 10).indexOf(u';');
        if (semicolon < 0) {
            out += text[i];
            continue;
        }
        const QStringView body = QStringView(text).mid(i + 1, semicolon);
        QString replacement;
        if (body.startsWith(u'#')) {
            bool ok = false;
            const uint code = body.startsWith(u"#x", Qt::CaseInsensitive) ? body.mid(2).toUInt(&ok, 16)
                                                                          : body.mid(1).toUInt(&ok, 10);
            if (ok && code >= 0x20 && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF)) {
                const char32_t ucs = code == 0xA0 ? char32_t(0x20) : char32_t(code);
                replacement = QString::fromUcs4(&ucs, 1);
            }
        } else {
            replacement = named.value(body.toString());
        }
        if (replacement.isEmpty()) {
            out += text[i];
            continue;
        }
        out += replacement;
        i += semicolon + 1;
    }
    return out;
}

}  // namespace

QString sectionKindName(SectionKind kind)
{
    switch (kind) {
    case SectionKind::Rateable:
        return QStringLiteral("rateable");
    case SectionKind::Screening:
        return QStringLiteral("screening");
    case SectionKind::Info:
        return QStringLiteral("info");
    }
    return QStringLiteral("info");
}

bool sectionKindFromName(const QString &name, SectionKind *kind)
{
    const QString key = name.trimmed();
    for (SectionKind k : {SectionKind::Rateable, SectionKind::Screening, SectionKind::Info}) {
        if (key.compare(sectionKindName(k), Qt::CaseInsensitive) == 0) {
            if (kind)
                *kind = k;
            return true;
        }
    }
    return false;
}

int ParsedPosting::itemCount(SectionKind kind) const
{
    qsizetype n = 0;
    for (const PostingSection &section : sections) {
        if (section.kind == kind)
            n += section.items.size();
    }
    return int(n);
}

ParsedPosting PostingParser::parse(const QString &text)
{
    // One line ending convention, no BOM.
    qsizetype boms = 0;
    while (boms < text.size() && text[boms] == u'\uFEFF')
        ++boms;
    QString normalized = text.mid(boms);
    normalized.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    normalized.replace(u'\r', u'\n');
    normalized.replace(u'\u2028', u'\n');
    normalized.replace(u'\u2029', u'\n');
    if (normalized.contains(u'<'))
        normalized = stripHtml(normalized);
    if (normalized.contains(u'&'))
        normalized = decodeEntities(normalized);

    ParsedPosting result;
    Builder builder;
    builder.run(normalized.split(u'\n'), &result);
    return result;
}

SectionKind PostingParser::classifyHeading(const QString &heading)
{
    SectionKind kind = SectionKind::Info;
    matchHeading(heading, &kind);
    return kind;
}

}  // namespace hireloop
