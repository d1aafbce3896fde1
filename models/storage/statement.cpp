#include "storage/statement.h"

#include <QDate>
#include <QDateTime>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlRecord>
#include <QSqlResult>
#include <QTime>
#include <QUuid>

namespace hireloop {

namespace {

// A value the driver writes as NULL: what Qt's own binding treats as one, so that a
// null string binds NULL here as it does through PREPARE.
bool isNullValue(const QVariant &value)
{
    if (value.isNull())
        return true;
    switch (value.typeId()) {
    case QMetaType::QString:
        return value.toString().isNull();
    case QMetaType::QByteArray:
        return value.toByteArray().isNull();
    case QMetaType::QDateTime:
        return !value.toDateTime().isValid();
    case QMetaType::QDate:
        return value.toDate().isNull();
    case QMetaType::QTime:
        return !value.toTime().isValid();
    case QMetaType::QUuid:
        return value.toUuid().isNull();
    default:
        return false;
    }
}

// The result behind a client-bound query: prepare() keeps the SQL with its `?`
// placeholders (QSqlResult turns the named ones into those and keeps the values in
// order), exec() writes each value in its place and runs the text as one simple query
// through an ordinary query on the same connection, whose rows this result hands out.
class ClientBoundResult : public QSqlResult
{
public:
    explicit ClientBoundResult(const QSqlDatabase &connection)
        : QSqlResult(connection.driver())
        , m_rows(connection)
    { }

    QVariant handle() const override { return m_rows.result() ? m_rows.result()->handle() : QVariant(); }

protected:
    bool prepare(const QString &positional) override
    {
        m_positional = positional;
        return true;
    }

    bool exec() override { return reset(boundText()); }

    bool reset(const QString &sql) override
    {
        setActive(false);
        setAt(QSql::BeforeFirstRow);
        m_rows.setForwardOnly(isForwardOnly());
        if (!m_rows.exec(sql)) {
            setLastError(m_rows.lastError());
            return false;
        }
        setSelect(m_rows.isSelect());
        setActive(true);
        return true;
    }

    QVariant data(int i) override { return m_rows.value(i); }
    bool isNull(int i) override { return m_rows.isNull(i); }
    bool fetch(int i) override { return moved(m_rows.seek(i)); }
    bool fetchNext() override { return moved(m_rows.next()); }
    bool fetchPrevious() override { return moved(m_rows.previous()); }
    bool fetchFirst() override { return moved(m_rows.at() == QSql::BeforeFirstRow ? m_rows.next() : m_rows.first()); }
    bool fetchLast() override { return moved(m_rows.last()); }
    int size() override { return m_rows.size(); }
    int numRowsAffected() override { return m_rows.numRowsAffected(); }
    QSqlRecord record() const override { return m_rows.record(); }
    QVariant lastInsertId() const override { return m_rows.lastInsertId(); }
    bool nextResult() override { return m_rows.nextResult(); }
    void detachFromResultSet() override { m_rows.finish(); }

private:
    bool moved(bool ok)
    {
        if (ok)
            setAt(m_rows.at());
        return ok;
    }

public:
    // The prepared text with each `?` outside a quoted part replaced by its value, as
    // the driver numbers them for PREPARE.
    QString boundText() const
    {
        const QList<QVariant> &values = boundValues();
        QString sql;
        sql.reserve(m_positional.size() + 16 * values.size());
        QChar quote;
        qsizetype next = 0;
        for (const QChar ch : m_positional) {
            if (!quote.isNull()) {
                if (ch == quote)
                    quote = QChar();
                sql += ch;
            } else if (ch == u'?' && next < values.size()) {
                const QVariant &value = values.at(next++);
                QSqlField field(QString(), value.metaType());
                if (isNullValue(value))
                    field.clear();
                else
                    field.setValue(value);
                sql += driver()->formatValue(field);
            } else {
                if (ch == u'\'' || ch == u'"' || ch == u'`')
                    quote = ch;
                sql += ch;
            }
        }
        return sql;
    }

private:
    QSqlQuery m_rows;
    QString m_positional;
};

}  // namespace

QSqlQuery Statement::on(const QSqlDatabase &connection)
{
    if (connection.driverName() != QLatin1String("QPSQL"))
        return QSqlQuery(connection);
    return QSqlQuery(new ClientBoundResult(connection));
}

QString Statement::boundText(const QSqlQuery &query)
{
    const auto *bound = dynamic_cast<const ClientBoundResult *>(query.result());
    return bound ? bound->boundText() : QString();
}

}  // namespace hireloop
