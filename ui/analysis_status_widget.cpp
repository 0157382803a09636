#include "ui/analysis_status_widget.h"

#include "ui/time_format.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>

namespace vigil::ui {

AnalysisStatusWidget::AnalysisStatusWidget(QWidget* parent)
    : QWidget(parent)
    , label_(new QLabel(this))
    , bar_(new QProgressBar(this))
    , cancel_(new QPushButton(tr("Cancel"), this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label_);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
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

void AnalysisStatusWidget::showStarted(const QString& videoPath)
{
    label_->setText(tr("Analysing %1: starting…").arg(QFileInfo(videoPath).fileName()));
    bar_->setRange(0, 0); // busy until the first progress report
    setVisible(true);
}

void AnalysisStatusWidget::showProgress(const AnalysisProgress& progress)
{
    using Stage = AnalysisProgress::Stage;
    if (progress.stage == Stage::Decoding) {
        label_->setText(tr("Decoding: opening the video and reading the first snippet…"));
        return;
    }
    if (progress.stage == Stage::Scoring) {
        label_->setText(tr("Scoring all %1 snippets…").arg(progress.stepsExtracted));
        bar_->setRange(0, 100);
        bar_->setValue(100);
        return;
    }
    QString text = tr("Extracting features: frame %1").arg(progress.framesDecoded);
    if (progress.framesEstimate > 0) {
        text += tr(" of ~%1").arg(progress.framesEstimate);
        bar_->setRange(0, 1000);
        bar_->setValue(static_cast<int>(
            std::min<qint64>(1000, progress.framesDecoded * 1000 / progress.framesEstimate)));
    }
    if (progress.framesPerSecond > 0.0)
        text += tr(" · %1 frames/s").arg(progress.framesPerSecond, 0, 'f', 1);
    if (progress.etaS >= 0.0)
        text += tr(" · %1 left").arg(formatTime(progress.etaS));
    if (progress.windowsScored > 0)
        text += tr(" · %n window(s) scored", nullptr, static_cast<int>(progress.windowsScored));
    label_->setText(text);
}

void AnalysisStatusWidget::showFinished()
{
    label_->clear();
    bar_->setRange(0, 100);
    bar_->setValue(0);
    setVisible(false);
}

} // namespace vigil::ui
