#include "store/draftjournal.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QStandardPaths>

#include <algorithm>
#include <cstdio>

namespace hireloop {

namespace {

const QLatin1String Format("hireloop-scorecard-draft");
constexpr int FormatVersion = 1;

QJsonObject toJson(const Scorecard &card)
{
    QJsonArray ratings;
    for (const Rating &r : card.ratings)
        ratings.append(QJsonObject{{QStringLiteral("attribute"), double(r.attributeId)},
                                   {QStringLiteral("value"), r.value},
                                   {QStringLiteral("note"), r.note}});
    return QJsonObject{{QStringLiteral("id"), double(card.id)},
                       {QStringLiteral("interview"), double(card.interviewId)},
                       {QStringLiteral("application"), double(card.applicationId)},
                       {QStringLiteral("stage"), double(card.stageId)},
                       {QStringLiteral("interviewer"), double(card.interviewerId)},
                       {QStringLiteral("revision"), card.revision},
                       {QStringLiteral("status"), card.status},
                       {QStringLiteral("overall"), recommendationName(card.overall)},
                       {QStringLiteral("takeaways"), card.takeaways},
                       {QStringLiteral("privateNote"), card.privateNote},
                       {QStringLiteral("privateNoteVisible"), card.privateNoteVisible},
                       {QStringLiteral("updatedAt"), double(card.updatedAt)},
                       {QStringLiteral("version"), card.version},
                       {QStringLiteral("ratings"), ratings}};
}

bool fromJson(const QJsonObject &o, Scorecard *card)
{
    auto id = [&o](const char *key) { return Id(o.value(QLatin1String(key)).toDouble()); };
    card->id = id("id");
    card->interviewId = id("interview");
    card->applicationId = id("application");
    card->stageId = id("stage");
    card->interviewerId = id("interviewer");
    card->revision = o.value(QLatin1String("revision")).toInt(1);
    card->status = o.value(QLatin1String("status")).toString();
    if (!recommendationFromName(o.value(QLatin1String("overall")).toString(), &card->overall))
        return false;
    card->takeaways = o.value(QLatin1String("takeaways")).toString();
    card->privateNote = o.value(QLatin1String("privateNote")).toString();
    card->privateNoteVisible = o.value(QLatin1String("privateNoteVisible")).toBool();
    card->updatedAt = qint64(o.value(QLatin1String("updatedAt")).toDouble());
    card->version = o.value(QLatin1String("version")).toInt();
    card->ratings.clear();
    for (const QJsonValue &v : o.value(QLatin1String("ratings")).toArray()) {
        const QJsonObject r = v.toObject();
        Rating rating;
        rating.attributeId = Id(r.value(QLatin1String("attribute")).toDouble());
        rating.value = r.value(QLatin1String("value")).toInt(Rating::NotRated);
        rating.note = r.value(QLatin1String("note")).toString();
        if (rating.attributeId <= 0)
            return false;
        card->ratings << rating;
    }
    return card->id > 0;
}

// 1-based line and column of a byte offset in UTF-8 text.
void locate(const QByteArray &bytes, qsizetype offset, int *line, int *column)
{
    const QByteArray before = bytes.left(qBound<qsizetype>(0, offset, bytes.size()));
    *line = int(before.count('\n')) + 1;
    *column = int(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
}

bool writeWhole(const QString &path, const QByteArray &bytes, QString *error)
{
    const QString temporary = path + QStringLiteral(".part");
    QFile file(temporary);
    // Evidence and private notes: readable by their owner only, as the database file is.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) || file.write(bytes) != bytes.size()
        || !file.flush()) {
        *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(temporary), file.errorString());
        file.close();
        QFile::remove(temporary);
        return false;
    }
    file.close();
    // rename(2) replaces the old entry in one step; QFile::rename would refuse to.
    if (std::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(path).constData()) != 0) {
        *error = QObject::tr("%1: cannot replace it").arg(QDir::toNativeSeparators(path));
        QFile::remove(temporary);
        return false;
    }
    return true;
}

}  // namespace

DraftJournal::DraftJournal(const QString &database)
{
    const QByteArray hash = QCryptographicHash::hash(database.toUtf8(), QCryptographicHash::Sha256).toHex();
    m_folder = QDir(rootFolder()).filePath(QString::fromLatin1(hash.left(16)));
}

bool DraftJournal::sameTyping(const Scorecard &a, const Scorecard &b)
{
    if (a.overall != b.overall || a.takeaways != b.takeaways || a.privateNote != b.privateNote
        || a.ratings.size() != b.ratings.size())
        return false;
    QHash<Id, const Rating *> byAttribute;
    for (const Rating &r : a.ratings)
        byAttribute.insert(r.attributeId, &r);
    for (const Rating &r : b.ratings) {
        const Rating *other = byAttribute.value(r.attributeId);
        if (!other || other->value != r.value || other->note != r.note)
            return false;
    }
    return true;
}

QString DraftJournal::rootFolder()
{
    // Beside the default database file (Database::defaultPath), for the same reason: the
    // GUI and the CLI find it whatever they call themselves.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(dir).filePath(QStringLiteral("hireloop/journal"));
}

QString DraftJournal::fileOf(Id scorecardId) const
{
    return QDir(m_folder).filePath(QStringLiteral("scorecard-%1.json").arg(scorecardId));
}

bool DraftJournal::keep(const Scorecard &base, const Scorecard &typed)
{
    m_error.clear();
    if (!QDir().mkpath(m_folder)
        || !QFile::setPermissions(m_folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner)) {
        m_error = QObject::tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(m_folder));
        return false;
    }
    const QJsonObject root{{QStringLiteral("format"), Format},
                           {QStringLiteral("formatVersion"), FormatVersion},
                           {QStringLiteral("writtenAt"), double(QDateTime::currentMSecsSinceEpoch())},
                           {QStringLiteral("typed"), toJson(typed)},
                           {QStringLiteral("base"), toJson(base)}};
    return writeWhole(fileOf(typed.id), QJsonDocument(root).toJson(QJsonDocument::Indented), &m_error);
}

bool DraftJournal::find(Id scorecardId, Entry *entry)
{
    m_error.clear();
    const QString path = fileOf(scorecardId);
    QFile file(path);
    if (!file.exists())
        return false;
    const QString name = QDir::toNativeSeparators(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("%1: %2").arg(name, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
    int line = 1;
    int column = 1;
    if (parse.error != QJsonParseError::NoError) {
        locate(bytes, parse.offset, &line, &column);
        m_error = QObject::tr("%1: line %2, column %3: %4").arg(name).arg(line).arg(column).arg(parse.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    Entry e;
    if (root.value(QLatin1String("format")).toString() != Format
        || root.value(QLatin1String("formatVersion")).toInt() != FormatVersion
        || !fromJson(root.value(QLatin1String("typed")).toObject(), &e.typed)
        || !fromJson(root.value(QLatin1String("base")).toObject(), &e.base) || e.typed.id != scorecardId
        || e.base.id != scorecardId) {
        m_error = QObject::tr("%1: line 1, column 1: not a scorecard draft this Hireloop writes").arg(name);
        return false;
    }
    e.writtenAt = qint64(root.value(QLatin1String("writtenAt")).toDouble());
    *entry = e;
    return true;
}

void DraftJournal::forget(Id scorecardId)
{
    QFile::remove(fileOf(scorecardId));
}

namespace {

// Held scorecards of the whole process, by journal file.
QMutex heldMutex;
QHash<QString, int> held;

}  // namespace

void DraftJournal::hold(Id scorecardId)
{
    const QMutexLocker lock(&heldMutex);
    ++held[fileOf(scorecardId)];
}

void DraftJournal::release(Id scorecardId)
{
    const QMutexLocker lock(&heldMutex);
    const auto it = held.find(fileOf(scorecardId));
    if (it != held.end() && --*it <= 0)
        held.erase(it);
}

bool DraftJournal::isHeld(Id scorecardId) const
{
    const QMutexLocker lock(&heldMutex);
    return held.contains(fileOf(scorecardId));
}

void DraftJournal::forgetApplications(const QList<Id> &applicationIds)
{
    for (Id id : scorecards()) {
        Entry entry;
        if (find(id, &entry) && applicationIds.contains(entry.typed.applicationId))
            forget(id);
    }
}

QList<Id> DraftJournal::scorecards() const
{
    QList<Id> ids;
    const QStringList names = QDir(m_folder).entryList({QStringLiteral("scorecard-*.json")}, QDir::Files, QDir::NoSort);
    for (const QString &name : names) {
        bool ok = false;
        const Id id = name.mid(10, name.size() - 15).toLongLong(&ok);
        if (ok && id > 0)
            ids << id;
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

QString DraftJournal::setAside(Id scorecardId)
{
    const QString unsent = QDir(m_folder).filePath(QStringLiteral("unsent"));
    const QString target = QDir(unsent).filePath(
        QStringLiteral("scorecard-%1-%2.json").arg(scorecardId).arg(QDateTime::currentMSecsSinceEpoch()));
    if (!QDir().mkpath(unsent) || !QFile::rename(fileOf(scorecardId), target))
        return QString();
    return target;
}

}  // namespace hireloop
