#include "posting/postingparser.h"

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
                  "shifts"})},
            {SectionKind::Info,
             pad({"about the role",
                  "about this role",
                  "about the position",
                  "about the job",
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
                  "why join us",
                  "why join",
                  "benefits",
                  "benefit",
                  "perks",
                  "compensation",
                  "salary",
                  "equal opportunity"})},
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
             {"the",  "our",   "your",   "a",       "an",   "and",        "or",         "of",      "this",
              "key",  "core",  "main",   "job",     "role", "position",   "additional", "other",   "we",
              "you",  "what",  "who",    "why",     "how",  "us",         "is",         "are",     "to",
              "do",   "will",  "for",    "in",      "on",   "with",       "team",       "general", "extra",
              "some", "range", "policy", "details", "info", "information"})
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
    case 0x2023:  // ‣
    case 0x2043:  // ⁃
    case 0x25AA:  // ▪
    case 0x25AB:  // ▫
    case 0x25CF:  // ●
    case 0x25CB:  // ○
    case 0x25E6:  // ◦
    case 0x25A0:  // ■
    case 0x25A1:  // □
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

// "- x", "* x", "+ x", "• x", "– x", "1. x", "2) x", "(3) x". Returns the marker
// ('1' for numbers) and the content after it.
bool parseBullet(QStringView t, QChar *marker, QStringView *content)
{
    if (t.isEmpty())
        return false;
    const QChar c = t.front();
    if (c == u'-' || c == u'*' || c == u'+') {
        if (t.size() > 1 && !t[1].isSpace())
            return false;
        *marker = c;
        *content = t.mid(1).trimmed();
        return true;
    }
    if (isGlyphMarker(c)) {
        *marker = c;
        *content = t.mid(1).trimmed();
        return true;
    }
    qsizetype i = (c == u'(') ? 1 : 0;
    const qsizetype digitsFrom = i;
    while (i < t.size() && i - digitsFrom < 3 && t[i].isDigit())
        ++i;
    if (i == digitsFrom || i >= t.size())
        return false;
    if (c == u'(' ? t[i] != u')' : (t[i] != u'.' && t[i] != u')'))
        return false;
    ++i;
    if (i < t.size() && !t[i].isSpace())
        return false;
    *marker = u'1';
    *content = t.mid(i).trimmed();
    return true;
}

bool isBulletLine(QStringView t)
{
    QChar marker;
    QStringView content;
    return parseBullet(t, &marker, &content);
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

// Splits a run-together list "A - B - C" (the seed format) at " - ". Hyphens inside
// words never split. A single " - " followed by a lowercase word is a dash in the
// sentence ("Python - must be fluent"), not a second item.
QList<QStringView> splitRunTogether(QChar marker, QStringView content)
{
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
    QChar marker;  // bullet: its marker
    QStringView content;  // bullet: text after the marker
};

LineInfo makeHeading(QStringView name)
{
    LineInfo info;
    info.type = LineType::Heading;
    info.name = name.toString();
    info.known = matchHeading(name, &info.kind);
    return info;
}

// What a trimmed, non-blank line is. prevBreak: the line follows a blank line, a
// heading or the title; nextIsBullet: the next line is a bullet. Both let a plain
// "Responsibilities" line be a heading without making every short list item one.
LineInfo detectLine(QStringView t, bool prevBreak, bool nextIsBullet)
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

    if (parseBullet(t, &info.marker, &info.content)) {
        info.type = LineType::Bullet;
        return info;
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
    if ((prevBreak || nextIsBullet) && t.size() <= kMaxHeadingChars
        && countWords(t, kMaxHeadingWords) <= kMaxHeadingWords && !endsSentence(t.back())
        && allWordsAreHeadingWords(t)) {
        LineInfo heading = makeHeading(t);
        if (heading.known)
            return heading;
    }

    return info;  // prose
}

// Builds sections line by line. Items are held in m_pending until the next boundary so
// wrapped continuation lines and paragraph lines can still be appended.
class Builder
{
public:
    void run(const QStringList &lines, ParsedPosting *result);

private:
    void startSection(const QString &name, SectionKind kind);
    void ensureSection();
    void addBulletContent(QChar marker, QStringView content);
    void commitItem(QStringView text, bool prose);
    void flush();
    void append(QStringView text);
    void resume();

    static constexpr qsizetype kNoResume = -2;

    QList<PostingSection> m_sections;
    qsizetype m_current = -1;
    qsizetype m_resume = kNoResume;  // section to return to after a one-line "Key: value"
    qsizetype m_proseSection = -1;  // first prose paragraph of an Info section
    qsizetype m_proseItem = -1;

    QString m_pending;
    bool m_pendingActive = false;
    bool m_pendingProse = false;
    qsizetype m_lastLineChars = 0;  // of the pending prose paragraph's last line
    QChar m_lastLineEnd;
    bool m_inBullet = false;  // an indented line now continues the pending bullet
};

void Builder::startSection(const QString &name, SectionKind kind)
{
    flush();
    PostingSection section;
    section.name = name;
    section.kind = kind;
    m_sections << section;
    m_current = m_sections.size() - 1;
}

void Builder::ensureSection()
{
    if (m_current < 0)
        startSection(QStringLiteral("Overview"), SectionKind::Info);
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
    if (prose && section.kind == SectionKind::Info && m_proseSection < 0) {
        m_proseSection = m_current;
        m_proseItem = section.items.size() - 1;
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

void Builder::addBulletContent(QChar marker, QStringView content)
{
    ensureSection();
    flush();
    const QList<QStringView> parts = splitRunTogether(marker, content);
    for (qsizetype i = 0; i + 1 < parts.size(); ++i)
        commitItem(parts[i], false);
    m_pending = parts.isEmpty() ? QString() : parts.back().toString();
    m_pendingActive = true;
    m_pendingProse = false;
    m_inBullet = true;
}

void Builder::run(const QStringList &lines, ParsedPosting *result)
{
    // Title: a "Title:" line in the header block (before the first heading on a line of
    // its own), else the first non-empty line
    // unless it is a bullet, a known heading or too long to be a title.
    qsizetype titleLine = -1;
    qsizetype first = -1;
    {
        bool prevBreak = true;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QStringView t = QStringView(lines[i]).trimmed();
            if (t.isEmpty() || isRuleLine(t)) {
                prevBreak = true;
                continue;
            }
            const bool nextIsBullet = i + 1 < lines.size() && isBulletLine(QStringView(lines[i + 1]).trimmed());
            const LineInfo info = detectLine(t, prevBreak, nextIsBullet);
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
    if (titleLine < 0 && first >= 0) {
        const QStringView t = QStringView(lines[first]).trimmed();
        const LineInfo info = detectLine(t, true, false);
        if (info.type == LineType::Heading && !info.known && info.inlineText.isEmpty()) {
            if (info.name.size() <= kMaxTitleChars && !info.name.isEmpty()) {
                result->title = info.name;
                titleLine = first;
            }
        } else if (info.type == LineType::Prose) {
            const QStringView title = stripMarks(t);
            if (!title.isEmpty() && title.size() <= kMaxTitleChars) {
                result->title = title.toString();
                titleLine = first;
            }
        }
    }

    bool prevBreak = true;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i == titleLine) {
            flush();
            prevBreak = true;
            continue;
        }
        const QStringView raw(lines[i]);
        const QStringView t = raw.trimmed();
        if (t.isEmpty() || isRuleLine(t)) {
            flush();
            prevBreak = true;
            continue;
        }
        const bool indented = raw.front().isSpace();
        const bool bullet = isBulletLine(t);

        // Wrapped continuation of the previous bullet: indented, or starting lowercase.
        if (m_inBullet && !bullet && t.front() != u'#' && (indented || t.front().isLower())) {
            append(t);
            continue;
        }

        const bool nextIsBullet = i + 1 < lines.size() && isBulletLine(QStringView(lines[i + 1]).trimmed());
        const LineInfo info = detectLine(t, prevBreak, nextIsBullet);
        switch (info.type) {
        case LineType::Blank:
            flush();
            prevBreak = true;
            break;
        case LineType::Heading:
            if (info.inlineFact) {
                // "Location: Berlin": a screening fact, kept whole; joins a screening
                // section already open, else opens a one-line section named after its key.
                if (m_current < 0 || m_sections[m_current].kind != SectionKind::Screening) {
                    const qsizetype before = m_resume != kNoResume ? m_resume : m_current;
                    startSection(info.name, info.kind);
                    m_resume = before;
                }
                addBulletContent(QChar(), info.name + QLatin1String(": ") + info.inlineText.toString());
            } else {
                const qsizetype before = m_resume != kNoResume ? m_resume : m_current;
                startSection(info.name, info.kind);
                m_resume = kNoResume;
                if (!info.inlineText.isEmpty()) {
                    QChar marker;
                    QStringView content;
                    if (parseBullet(info.inlineText, &marker, &content)) {
                        addBulletContent(marker, content);
                    } else {
                        // "Salary: $100k" is one line; "Nice to have: Kafka" may go on.
                        addBulletContent(QChar(), info.inlineText);
                        if (info.kind == SectionKind::Info)
                            m_resume = before;
                    }
                }
            }
            prevBreak = info.inlineText.isEmpty();
            break;
        case LineType::Bullet:
            resume();
            addBulletContent(info.marker, info.content);
            prevBreak = false;
            break;
        case LineType::Prose: {
            // Lines of one paragraph: the next starts lowercase or is indented, or the
            // previous is long and has no full stop (a hard-wrapped paragraph). Short
            // lines that start uppercase are one item per line.
            const bool joins = m_pendingActive && m_pendingProse
                && (t.front().isLower() || indented
                    || (m_lastLineChars >= kJoinLineChars && !endsSentence(m_lastLineEnd)));
            if (joins) {
                append(t);
            } else {
                flush();
                resume();
                ensureSection();
                m_pending = t.toString();
                m_pendingActive = true;
                m_pendingProse = true;
            }
            m_lastLineChars = t.size();
            m_lastLineEnd = t.back();
            prevBreak = false;
            break;
        }
        }
    }
    flush();

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
