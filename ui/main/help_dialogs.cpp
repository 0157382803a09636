#include "ui/main/help_dialogs.h"

#include "ui/models/model_status_widget.h"

#include "core/models_store/model_manifest.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace vigil::ui {
namespace {

void addMenuRows(const QMenu& menu, const QString& title, std::vector<ShortcutRow>& rows)
{
    for (const QAction* action : menu.actions()) {
        if (const QMenu* sub = action->menu()) {
            addMenuRows(*sub, title, rows);
            continue;
        }
        if (action->isSeparator() || action->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        rows.push_back(
            { title, QString(action->text()).remove(QLatin1Char('&')).remove(QChar(0x2026)),
                keys.join(QStringLiteral(", ")) });
    }
}

// The terms each source publishes its weights under, for the manifest entries that state none
// themselves (their `licence`, which sourcesHtml() shows first).
QString licenceOf(const std::string& name)
{
    if (name.rfind("classifier-", 0) == 0)
        return QObject::tr("the terms of GitHub yaegasikk/attention_anomaly_detector");
    if (name == "i3d-r50-kinetics")
        // The repository's README: "The code and the models in this repo are released under
        // the CC-BY-NC 4.0 LICENSE" (docs/weights.md).
        return QObject::tr(
            "CC BY-NC 4.0, non-commercial use only (facebookresearch/video-nonlocal-net)");
    if (name == "resnet50-imagenet")
        return QObject::tr("BSD 3-Clause (pytorch/vision)");
    return QObject::tr("see its source");
}

QString sourcesHtml()
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    for (const models_store::ModelEntry& entry : models_store::ModelManifest::builtIn().entries())
        html
            += QStringLiteral("<tr><td valign='top'><b>%1</b></td><td>%2<br><small>%3<br>%4</small>"
                              "</td></tr>")
                   .arg(QString::fromStdString(entry.name).toHtmlEscaped(),
                       QString::fromStdString(entry.description).toHtmlEscaped(),
                       QString::fromStdString(entry.url).toHtmlEscaped(),
                       QObject::tr("licence: %1")
                           .arg(entry.licence.empty() ? licenceOf(entry.name)
                                                      : QString::fromStdString(entry.licence))
                           .toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

void showHtml(QWidget* parent, const QString& title, const QString& html, QSize size)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto* text = new QTextBrowser(&dialog);
    text->setOpenExternalLinks(false);
    text->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    dialog.resize(size);
    dialog.exec();
}

} // namespace

std::vector<ShortcutRow> shortcutRows(const QMenuBar& menuBar)
{
    std::vector<ShortcutRow> rows;
    for (const QAction* action : menuBar.actions())
        if (const QMenu* menu = action->menu())
            addMenuRows(*menu, QString(action->text()).remove(QLatin1Char('&')), rows);
    return rows;
}

QString shortcutSheetHtml(const std::vector<ShortcutRow>& rows)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    QString menu;
    for (const ShortcutRow& row : rows) {
        if (row.menu != menu) {
            menu = row.menu;
            html += QStringLiteral("<tr><td colspan='2'><h3>%1</h3></td></tr>")
                        .arg(menu.toHtmlEscaped());
        }
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(row.keys.toHtmlEscaped(), row.action.toHtmlEscaped());
    }
    html
        += QStringLiteral("<tr><td colspan='2'><h3>%1</h3></td></tr>").arg(QObject::tr("Timeline"));
    const QString gestures[][2] = {
        { QObject::tr("Click, drag"), QObject::tr("seek") },
        { QObject::tr("Wheel"), QObject::tr("zoom around the cursor") },
        { QObject::tr("Shift+wheel, middle drag"), QObject::tr("pan") },
        { QObject::tr("Ctrl+wheel"), QObject::tr("zoom the score axis") },
        { QObject::tr("Drag the red line"), QObject::tr("move the threshold") },
    };
    for (const auto& gesture : gestures)
        html
            += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(gesture[0], gesture[1]);
    html
        += QStringLiteral("</table><p>%1</p>")
               .arg(QObject::tr("These keys work wherever the focus is, except while a number or "
                                "text is being typed into a field: Esc or Enter gives them back."));
    return html;
}

void showShortcutSheet(QWidget* parent, const QMenuBar& menuBar)
{
    showHtml(parent, QObject::tr("Keyboard shortcuts"), shortcutSheetHtml(shortcutRows(menuBar)),
        QSize(520, 640));
}

QString aboutHtml(const std::optional<analysis::ModelDescription>& networks)
{
    const QString inUse = networks
        ? ModelStatusWidget::describe(*networks).toHtmlEscaped()
        : QObject::tr("none loaded yet (they load with the first analysis)");
    return QStringLiteral(
        "<h2>Vigil %1</h2><p>%2</p><p><b>%3</b> %4</p><h3>%5</h3>%6<p><small>%7</small></p>")
        .arg(QStringLiteral(VIGIL_VERSION),
            QObject::tr(
                "Finds the unusual moments in surveillance-style video and shows why the "
                "model thinks so: the structured self-attention classifier of <i>Real-world "
                "anomaly detection by extracting salient video features</i> over I3D-ResNet-50 "
                "(or ResNet-50) features."),
            QObject::tr("Networks in use:"), inUse, QObject::tr("Published weights Vigil can use"),
            sourcesHtml(),
            QObject::tr("Built with Qt %1, FFmpeg, LibTorch and OpenCV. Weights are never bundled: "
                        "each is downloaded from its source or imported, and checked against its "
                        "checksum where the source publishes one.")
                .arg(QString::fromLatin1(qVersion())));
}

void showAbout(QWidget* parent, const std::optional<analysis::ModelDescription>& networks)
{
    showHtml(parent, QObject::tr("About Vigil"), aboutHtml(networks), QSize(640, 560));
}

} // namespace vigil::ui
