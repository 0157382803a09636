#include "ui/timeline/timeline_panel.h"

#include "core/analysis/scorer_facts.h"

#include "ui/common/elided_label.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/detector_legend.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <vector>

namespace vigil::ui {
namespace {

ElidedLabel* sectionTitle(const QString& text, QWidget* parent)
{
    auto* label = new ElidedLabel(text, parent);
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
    , legend_(new DetectorLegend(this))
    , heatmap_(new AttentionHeatmapView(viewport_, this))
    , heatmapTitle_(sectionTitle(tr("Attention per classifier row"), this))
    , scrollBar_(new QScrollBar(Qt::Horizontal, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);

    auto* header = new QHBoxLayout;
    header->addWidget(sectionTitle(tr("Anomaly score per frame"), this));
    auto* hint
        = new ElidedLabel(tr("click: seek · wheel: zoom · Shift+wheel, middle drag or scroll bar: "
                             "pan · drag the red line: threshold"),
            this);
    hint->setForegroundRole(QPalette::PlaceholderText);
    header->addWidget(hint, 1);
    auto* fit = new QPushButton(tr("Fit"), this);
    fit->setToolTip(tr("Show the whole video (F)"));
    fit->setFocusPolicy(Qt::NoFocus);
    header->addWidget(fit);
    layout->addLayout(header);
    layout->addWidget(legend_);
    layout->addWidget(timeline_, 3);
    layout->addWidget(heatmapTitle_);
    layout->addWidget(heatmap_, 2);
    // Under the plots only, so the bar's ends line up with the first and last frame.
    auto* scrollRow = new QHBoxLayout;
    scrollRow->setContentsMargins(kPlotLeftMarginPx, 0, kPlotRightMarginPx, 0);
    scrollRow->addWidget(scrollBar_);
    layout->addLayout(scrollRow);
    scrollBar_->setToolTip(tr("Pan the zoomed timeline and heatmaps"));
    scrollBar_->setFocusPolicy(Qt::NoFocus);

    connect(fit, &QPushButton::clicked, viewport_, &TimelineViewport::fit);
    connect(viewport_, &TimelineViewport::changed, this, &TimelinePanel::syncScrollBar);
    connect(scrollBar_, &QScrollBar::valueChanged, viewport_,
        [this](int value) { viewport_->setFirstFrame(static_cast<double>(value)); });
    syncScrollBar();
    connect(timeline_, &TimelineView::seekRequested, this, &TimelinePanel::seekRequested);
    connect(legend_, &DetectorLegend::curveToggled, timeline_, &TimelineView::setCurveShown);
    connect(heatmap_, &AttentionHeatmapView::seekRequested, this, &TimelinePanel::seekRequested);
}

QImage TimelinePanel::plotsImage()
{
    std::vector<QWidget*> parts { timeline_, heatmapTitle_, heatmap_ };
    if (!legend_->isHidden())
        parts.insert(parts.begin(), legend_);
    int height = 0;
    for (const QWidget* part : parts)
        height += part->height();
    QImage image(width(), height, QImage::Format_RGB32);
    image.fill(palette().color(QPalette::Window));
    QPainter painter(&image);
    int y = 0;
    for (QWidget* part : parts) {
        painter.drawPixmap(part->x(), y, part->grab());
        y += part->height();
    }
    return image;
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
    syncLegend(result);
    heatmap_->setResult(result);
    const int rows = heatmap_->index().rows();
    heatmapTitle_->setText(rows > 0
            ? tr("Attention per classifier row (%1 rows; each snippet's weight, the mean over "
                 "the windows that hold it, coloured as the legend says)")
                  .arg(rows)
            : tr("Attention per classifier row"));
}

// New entries only when the curves change: a run growing window by window keeps what was hidden.
void TimelinePanel::syncLegend(const ResultPointer& result)
{
    const DetectorCurves& curves = timeline_->curves();
    std::vector<DetectorLegend::Entry> entries;
    for (int curve = 0; curve < curves.count(); ++curve) {
        const bool isDemo = curve == 0
            ? result->model.classifier.isDemo()
            : result->detectors[static_cast<size_t>(curve - 1)].weights.isDemo();
        const analysis::ScorerFacts& facts = curve == 0
            ? analysis::classifierFacts()
            : analysis::detectorFacts(result->detectors[static_cast<size_t>(curve - 1)].kind);
        entries.push_back({ curves.names()[curve], curves.colorOf(curve), isDemo,
            tr("%1: %2.\nPublished: %3 (%4, with its own weights; not measured here).")
                .arg(curves.names()[curve], QString::fromStdString(facts.meaning),
                    QString::fromStdString(analysis::publishedFigures(facts)),
                    QString::fromStdString(facts.paper)) });
    }
    QStringList labels;
    for (const DetectorLegend::Entry& entry : entries)
        labels << DetectorLegend::labelOf(entry);
    if (labels == legend_->labels())
        return;
    legend_->setEntries(entries); // every entry checked: so every curve is shown
    for (int curve = 0; curve < curves.count(); ++curve)
        timeline_->setCurveShown(curve, true);
}

void TimelinePanel::syncScrollBar()
{
    const QSignalBlocker blocker(scrollBar_); // the bar follows the viewport, not the reverse
    const auto visible = static_cast<int>(std::lround(viewport_->visibleFrames()));
    const auto total = static_cast<int>(viewport_->frameCount());
    scrollBar_->setRange(0, std::max(0, total - visible));
    scrollBar_->setPageStep(std::max(1, visible));
    scrollBar_->setSingleStep(std::max(1, visible / 10));
    scrollBar_->setValue(static_cast<int>(std::lround(viewport_->firstFrame())));
    scrollBar_->setEnabled(total > visible);
}

void TimelinePanel::setPlayheadFrame(int64_t frame)
{
    timeline_->setPlayheadFrame(frame);
    heatmap_->setPlayheadFrame(frame);
}

} // namespace vigil::ui
