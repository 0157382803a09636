#pragma once
// The training sweep the Explain panel's question 7 is answered on, when the user opened one
// (a `vigil train --sweep` <stem>.report.json): its findings (train::sweepFindings) and its chart
// (ui/plots/sweep_plot.h). GUI thread only; load() throws nothing: a bad file becomes the error
// text.

#include <QImage>
#include <QString>

#include <string>
#include <vector>

namespace vigil::ui {

class SweepEvidence {
public:
    // False, with error() saying why, when the file is not a readable training report.
    bool load(const QString& path);
    bool isLoaded() const { return !findings_.empty(); }
    const std::vector<std::string>& findings() const { return findings_; }
    const QImage& chart() const { return chart_; }
    const QString& error() const { return error_; }
    // What follows question 7's answer: the chart (as "explain:sweep") and the link to open one
    // ("sweep:open").
    QString html() const;

private:
    std::vector<std::string> findings_;
    QImage chart_;
    QString path_;
    QString error_;
};

} // namespace vigil::ui
