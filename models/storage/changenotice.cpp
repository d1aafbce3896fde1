#include "storage/changenotice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace hireloop {

namespace {

bool opNamed(const QString &name, ChangeNotice::Op *op)
{
    static const std::pair<const char *, ChangeNotice::Op> names[] = {
        {"insert", ChangeNotice::Op::Insert}, {"update", ChangeNotice::Op::Update},
        {"delete", ChangeNotice::Op::Delete}, {"move", ChangeNotice::Op::Move},
        {"status", ChangeNotice::Op::Status}, {"reload", ChangeNotice::Op::Reload},
    };
    for (const auto &[text, value] : names) {
        if (name == QLatin1String(text)) {
            *op = value;
            return true;
        }
    }
    return false;
}

}  // namespace

bool ChangeNotice::parse(const QByteArray &payload, ChangeNotice *notice)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(payload, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return false;
    const QJsonObject o = doc.object();
    ChangeNotice n;
    n.schema = o.value(QLatin1String("schema")).toString();
    n.session = o.value(QLatin1String("session")).toInteger();
    n.table = o.value(QLatin1String("table")).toString();
    if (n.table.isEmpty() || !opNamed(o.value(QLatin1String("op")).toString(), &n.op))
        return false;
    const QJsonArray rows = o.value(QLatin1String("rows")).toArray();
    n.rows.reserve(rows.size());
    for (const QJsonValue &value : rows) {
        const QJsonArray a = value.toArray();
        Row row;
        row.key = a.at(0).toInteger();
        row.parent = a.size() > 1 ? a.at(1).toInteger() : 0;
        // A move: the keys (id, parent), then the old and the new (parent, position).
        if (n.op == Op::Move && a.size() >= 6) {
            row.oldParent = a.at(2).toInteger();
            row.oldPosition = a.at(3).toInt(-1);
            row.position = a.at(5).toInt(-1);
        }
        if (row.key <= 0)
            return false;
        n.rows.append(row);
    }
    if (n.op != Op::Reload && n.rows.isEmpty())
        return false;
    *notice = std::move(n);
    return true;
}

}  // namespace hireloop
