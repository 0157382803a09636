#include "ui/plots/sweep_evidence.h"

#include "core/train/sweep_findings.h"
#include "ui/plots/sweep_plot.h"

#include <QFileInfo>
#include <QObject>

#include <exception>

namespace vigil::ui {

namespace {
constexpr int kChartWidthPx = 420; // the panel's width at its default size
}

bool SweepEvidence::load(const QString& path)
{
    try {
        const train::SweepReport report = train::readSweepReport(path.toStdString());
        findings_ = train::sweepFindings(report, QFileInfo(path).fileName().toStdString());
        chart_ = renderSweepPlot(report.settings, QObject::tr("AUC"),
            QObject::tr("%1: AUC per setting").arg(QFileInfo(path).fileName()))
                     .scaledToWidth(kChartWidthPx, Qt::SmoothTransformation);
        path_ = path;
        error_.clear();
        return true;
    } catch (const std::exception& failure) {
        error_ = QString::fromStdString(failure.what());
        return false;
    }
}

QString SweepEvidence::html() const
{
    QString html;
    if (!error_.isEmpty())
        html += QStringLiteral("<p style='color:#c0392b;'>%1</p>").arg(error_.toHtmlEscaped());
    if (isLoaded())
        html += QStringLiteral("<p><img src='explain:sweep'></p>");
    return html
        + QStringLiteral("<p><a href='sweep:open'>%1</a></p>")
              .arg(isLoaded() ? QObject::tr("Open another sweep…")
                              : QObject::tr("Open a saved sweep (<i>stem</i>.report.json of vigil "
                                            "train --sweep) to answer this on your own runs…"));
}

} // namespace vigil::ui
