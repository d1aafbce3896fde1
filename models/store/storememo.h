#pragma once

#include "domain/domain.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <any>
#include <functional>

namespace hireloop {

class Store;

// The answers to the reads every pane repeats (the list of roles, a role's rubric and
// plan, the people), kept from one of the store's change signals to the next. A window
// opening on a team database asks for the same role five times and for the people
// five times: an ocean away each ask is a round trip, and the answer has not changed.
//
// Kept only while the store hears every change: its own edits and, through the
// server's notices, everybody else's all arrive as the signals that clear it. A file, or
// a store that does not listen (a worker's), reads every time as before.
//
// One StoreMemo belongs to each Store, made in its constructor so that its handlers run
// before any pane's: a pane that reads again on a signal never gets the answer the
// signal has just made old.
class StoreMemo : public QObject
{
    Q_OBJECT

public:
    static StoreMemo *of(Store *store);

    // *value as read last for key while on; otherwise read(value), kept when it succeeds
    // and on is true.
    template <class T>
    bool recall(const QString &key, bool on, T *value, const std::function<bool(T *)> &read)
    {
        if (!on) {
            m_values.clear();
            return read(value);
        }
        const auto it = m_values.constFind(key);
        if (it != m_values.constEnd()) {
            *value = std::any_cast<const T &>(*it);
            return true;
        }
        if (!read(value))
            return false;
        m_values.insert(key, *value);
        return true;
    }
    // The value kept for key, or null.
    template <class T>
    const T *kept(const QString &key) const
    {
        const auto it = m_values.constFind(key);
        return it == m_values.constEnd() ? nullptr : std::any_cast<T>(&*it);
    }
    // What was read some other way (as a team database opened), kept as if recalled.
    template <class T>
    void keep(const QString &key, const T &value)
    {
        m_values.insert(key, value);
    }
    // The keys of what a store keeps as it opens, too.
    static QString personsKey() { return QStringLiteral("persons"); }
    static QString rolesKey() { return QStringLiteral("roles"); }
    static QString roleKey(Id id) { return QStringLiteral("role:%1").arg(id); }

    void clear() { m_values.clear(); }

private:
    explicit StoreMemo(Store *store);

    QHash<QString, std::any> m_values;
};

}  // namespace hireloop
