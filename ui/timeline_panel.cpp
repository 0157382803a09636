#include "ui/timeline_panel.h"

#include "ui/attention_heatmap_view.h"
#include "ui/timeline_view.h"
#include "ui/timeline_viewport.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace vigil::ui {
namespace {

QLabel* sectionTitle(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

} // namespace

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent)
    , viewport_(new TimelineViewport(this))
    , timeline_(new TimelineView(viewport_, this))
    , heatmap_(new AttentionHeatmapView(viewport_, this))
    , heatmapTitle_(sectionTitle(tr("Attention per classifier row"), this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);

    auto* header = new QHBoxLayout;
    header->addWidget(sectionTitle(tr("Anomaly score per frame"), this));
    auto* hint = new QLabel(tr("wheel: zoom · Shift+wheel or middle drag: pan · drag the red line: "
                               "threshold"),
        this);
    hint->setForegroundRole(QPalette::PlaceholderText);
    header->addWidget(hint, 1);
    auto* fit = new QPushButton(tr("Fit"), this);
    fit->setToolTip(tr("Show the whole video (F)"));
    fit->setFocusPolicy(Qt::NoFocus);
    header->addWidget(fit);
    layout->addLayout(header);
    layout->addWidget(timeline_, 3);
    layout->addWidget(heatmapTitle_);
    layout->addWidget(heatmap_, 2);

    connect(fit, &QPushButton::clicked, viewport_, &TimelineViewport::fit);
    connect(timeline_, &TimelineView::seekRequested, this, &TimelinePanel::seekRequested);
    connect(heatmap_, &AttentionHeatmapView::seekRequested, this, &TimelinePanel::seekRequested);
}

void TimelinePanel::setVideo(int64_t frameCount, double framesPerSecond)
{
    timeline_->setFramesPerSecond(framesPerSecond);
    heatmap_->setFramesPerSecond(framesPerSecond);
    viewport_->setFrameCount(frameCount);
}

void TimelinePanel::setResult(const ResultPointer& result)
{
    timeline_->setResult(result);
    heatmap_->setResult(result);
    const int rows = heatmap_->index().rows();
    heatmapTitle_->setText(rows > 0
            ? tr("Attention per classifier row (%1 rows; colour = the row's softmax weight on each "
                 "snippet of its window)")
                  .arg(rows)
            : tr("Attention per classifier row"));
}

void TimelinePanel::setPlayheadFrame(int64_t frame)
{
    timeline_->setPlayheadFrame(frame);
    heatmap_->setPlayheadFrame(frame);
}

} // namespace vigil::ui
