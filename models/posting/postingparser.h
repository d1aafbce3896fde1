#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// Turns the text of a job posting into a title, an overview and named sections of
// items. Pure text in, values out: no database, no Qt GUI, so it can be fuzzed and
// reused by the CLI, the import preview and the "New role from posting" dialog. Reads
// postings as they are pasted: markdown, plain text, HTML remnants, forum comments
// (tests/data/postings is the corpus it is held to). Linear in the text's length.

namespace hireloop {

enum class SectionKind {
    Rateable,  // responsibilities, requirements, nice to have: become rubric attributes
    Screening,  // work setup: location, remote, on-call: become screening facts
    Info  // everything else (overview, about us, benefits): kept as information
};

QString sectionKindName(SectionKind kind);  // "rateable" | "screening" | "info"
bool sectionKindFromName(const QString &name, SectionKind *kind);

struct PostingSection
{
    // Heading as written, without markdown marks, emoji or trailing colon; or, for lines
    // under no heading, "Overview" (prose), "Work setup" (remote, visa, on-call lines and
    // sentences) or "Other information" (a closing paragraph after the last list).
    QString name;
    SectionKind kind = SectionKind::Info;
    QStringList items;  // each item's exact text, trimmed, bullet marker removed
};

struct ParsedPosting
{
    QString title;
    QString overview;  // text of the overview section, or the first prose paragraph
    QList<PostingSection> sections;

    int itemCount(SectionKind kind) const;
};

class PostingParser
{
public:
    static ParsedPosting parse(const QString &text);
    // Kind of a section from its heading alone ("What you'll do" -> Rateable).
    static SectionKind classifyHeading(const QString &heading);
};

}  // namespace hireloop
