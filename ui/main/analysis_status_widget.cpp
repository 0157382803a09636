#include "ui/main/analysis_status_widget.h"

#include "ui/common/elided_label.h"
#include "ui/common/time_format.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace vigil::ui {

AnalysisStatusWidget::AnalysisStatusWidget(QWidget* parent)
    : QWidget(parent)
    , label_(new ElidedLabel(QString(), this))
    , bar_(new QProgressBar(this))
    , cancel_(new QPushButton(tr("Cancel"), this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label_, 1);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    // Elided, but never squeezed to nothing by the model's line beside it: the stage, the
    // snippet and the time left stay readable at 1024 px.
    label_->setMinimumWidth(label_->fontMetrics().averageCharWidth() * 48);
    bar_->setFixedWidth(160);
    bar_->setTextVisible(true);
    cancel_->setToolTip(tr("Stop the analysis (Esc)"));
    cancel_->setFocusPolicy(Qt::NoFocus);
    connect(cancel_, &QPushButton::clicked, this, &AnalysisStatusWidget::cancelRequested);
    showFinished();
}

QString AnalysisStatusWidget::text() const
{
    return label_->text();
}

int AnalysisStatusWidget::percent() const
{
    return bar_->maximum() == 0 ? -1 : bar_->value();
}

void AnalysisStatusWidget::showStarted(const QString& videoPath)
{
    label_->setText(tr("Analysing %1: starting…").arg(QFileInfo(videoPath).fileName()));
    bar_->setRange(0, 0); // busy until the first progress report
    bar_->show();
    cancel_->show();
    setVisible(true);
}

void AnalysisStatusWidget::showProgress(const AnalysisProgress& progress)
{
    const int percent = percentDone(progress);
    if (percent < 0) {
        bar_->setRange(0, 0); // busy: the video does not say how long it is
    } else {
        bar_->setRange(0, 100);
        bar_->setValue(percent);
    }
    label_->setText(tr("%1/3 %2").arg(stageNumber(progress.stage)).arg(stageText(progress)));
}

// Without a translation loaded, tr's %n keeps "(s)": the two forms are written out.
QString AnalysisStatusWidget::windowsText(qint64 windows)
{
    return windows == 1 ? tr("1 window scored") : tr("%1 windows scored").arg(windows);
}

QString AnalysisStatusWidget::stageText(const AnalysisProgress& progress)
{
    using Stage = AnalysisProgress::Stage;
    switch (progress.stage) {
    case Stage::Decoding:
        return tr("Decoding: opening the video and reading the first snippet…");
    case Stage::Scoring:
        return progress.stepsExtracted == 1
            ? tr("Scoring: the one snippet in its window…")
            : tr("Scoring: all %1 snippets in windows…").arg(progress.stepsExtracted);
    case Stage::Done:
        return tr("Done: %1").arg(windowsText(progress.windowsScored));
    case Stage::Extracting:
        break;
    }
    if (progress.pass > 0)
        return otherPassText(progress);
    // What matters most first: the status bar cuts the end of a long line.
    QString text = tr("Extracting features: snippet %1").arg(progress.stepsExtracted);
    if (progress.stepsEstimate > 0)
        text += tr(" of ~%1").arg(progress.stepsEstimate);
    if (progress.etaS >= 0.0)
        text += tr(" · %1 left").arg(formatTime(progress.etaS));
    text += QStringLiteral(" · ") + windowsText(progress.windowsScored);
    if (progress.nextWindowAtSteps > 0) {
        if (progress.stepsEstimate > 0 && progress.nextWindowAtSteps > progress.stepsEstimate)
            text += tr(", the last one comes with the result");
        else
            text += tr(", the next at snippet %1").arg(progress.nextWindowAtSteps);
    }
    if (progress.framesPerSecond > 0.0)
        text += tr(" · %1 frames/s").arg(progress.framesPerSecond, 0, 'f', 1);
    text += tr(" · decoded %1").arg(progress.framesDecoded);
    if (progress.framesEstimate > 0)
        text += tr("/~%1").arg(progress.framesEstimate);
    return text + tr(" frames");
}

// A pass of another family's backbone, for the detectors of its features: every window of the
// classifier is already scored.
QString AnalysisStatusWidget::otherPassText(const AnalysisProgress& progress)
{
    QString text = tr("Extracting %1 features (pass %2 of %3): snippet %4")
                       .arg(progress.backboneName)
                       .arg(progress.pass + 1)
                       .arg(progress.passes)
                       .arg(progress.stepsExtracted);
    if (progress.stepsEstimate > 0)
        text += tr(" of ~%1").arg(progress.stepsEstimate);
    if (progress.etaS >= 0.0)
        text += tr(" · %1 left").arg(formatTime(progress.etaS));
    return text;
}

void AnalysisStatusWidget::showNote(const QString& text)
{
    label_->setText(text);
    bar_->hide();
    cancel_->hide();
    setVisible(true);
}

void AnalysisStatusWidget::showFinished()
{
    label_->setText(QString());
    bar_->setRange(0, 100);
    bar_->setValue(0);
    setVisible(false);
}

} // namespace vigil::ui
