#include "ui/timeline/attention_scale.h"

#include "ui/explain/window_detail_view.h"
#include "ui/plots/matrix_painter.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/attention_thumbnails.h"

#include <QAction>
#include <QCoreApplication>

namespace vigil::ui {

QString attentionScaleLabel(AttentionScale scale)
{
    return scale == AttentionScale::WeightTimesSteps
        ? QCoreApplication::translate("vigil::ui",
            "weight × T (a window's sum to T; 1 = uniform, red looks here, blue away), log scale")
        : QCoreApplication::translate("vigil::ui", "weight (a window's sum to 1), log scale");
}

QAction* makeAttentionScaleAction(AttentionHeatmapView* heatmap, WindowDetailView* detail,
    AttentionThumbnails* thumbnails, QObject* parent)
{
    auto* action = new QAction(QCoreApplication::translate("vigil::ui",
                                   "Attention colour: weight × &T instead of the weight"),
        parent);
    action->setObjectName(QStringLiteral("attentionScaleAction"));
    action->setCheckable(true);
    action->setChecked(heatmap->scale() == AttentionScale::WeightTimesSteps);
    action->setToolTip(QCoreApplication::translate("vigil::ui",
        "Colour and write the attention as weight × T, so windows of different lengths compare "
        "(1 = uniform attention; a window's values sum to T), instead of the softmax weight "
        "(a window's weights sum to 1)"));
    QObject::connect(
        action, &QAction::toggled, heatmap, [heatmap, detail, thumbnails](bool isChecked) {
            const AttentionScale scale
                = isChecked ? AttentionScale::WeightTimesSteps : AttentionScale::RawWeight;
            heatmap->setScale(scale);
            detail->setScale(scale);
            thumbnails->setScale(scale);
        });
    return action;
}

ColorScale attentionColorScale(AttentionScale scale)
{
    ColorScale colors;
    colors.label = attentionScaleLabel(scale);
    if (scale == AttentionScale::WeightTimesSteps) {
        colors.kind = ColorScale::Kind::LogDiverging;
        colors.low = 1.0 / kAttentionRatioSpan;
        colors.high = kAttentionRatioSpan;
        colors.marked = 1.0;
    } else {
        colors.kind = ColorScale::Kind::Log;
        colors.low = kAttentionWeightFloor;
        colors.high = 1.0;
        colors.marked = 0.1; // a decade mark, so the bar reads as a log scale
    }
    return colors;
}

} // namespace vigil::ui
