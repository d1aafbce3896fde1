#pragma once

#include "settings.h"

#include <QDialog>
#include <QHash>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;

// Preferences: edits the typed Settings and writes them on OK. A General page (flags
// and deadlines) and a Templates page: the messages sent from one's own mail app, each
// kind's subject and body with the placeholders it fills, and Restore Default.

namespace hireloop {

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget *parent = nullptr);
    void accept() override;

    QTabWidget *tabs() const { return m_tabs; }
    void showTemplates(Settings::MessageKind kind);  // the Templates page, at kind

private:
    QWidget *makeTemplatesPage();
    void keepTemplateEdits();  // the fields into m_templates, for the kind they show
    void showTemplate();  // the chosen kind's template into the fields
    void restoreDefaultTemplate();
    Settings::MessageKind currentKind() const;

    QTabWidget *m_tabs;
    QSpinBox *m_staleDays;
    QComboBox *m_templateKind;
    QLineEdit *m_templateSubject;
    QPlainTextEdit *m_templateBody;
    QLabel *m_placeholders;
    QPushButton *m_restoreTemplate;
    QHash<int, MessageTemplate> m_templates;  // by kind, as edited
    int m_shownKind = -1;  // the kind the fields show
};

}  // namespace hireloop
