#include "ui/attention_scale.h"

#include "ui/attention_heatmap_view.h"
#include "ui/matrix_painter.h"
#include "ui/window_detail_view.h"

#include <QAction>
#include <QCoreApplication>

namespace vigil::ui {

QString attentionScaleLabel(AttentionScale scale)
{
    return scale == AttentionScale::WeightTimesSteps
        ? QCoreApplication::translate(
            "vigil::ui", "weight × T: 1 = uniform, red looks here, blue away")
        : QCoreApplication::translate("vigil::ui", "raw weight, 0 .. 1");
}

QAction* makeAttentionScaleAction(
    AttentionHeatmapView* heatmap, WindowDetailView* detail, QObject* parent)
{
    auto* action = new QAction(
        QCoreApplication::translate("vigil::ui", "Attention colour: weight × &T (1 = uniform)"),
        parent);
    action->setObjectName(QStringLiteral("attentionScaleAction"));
    action->setCheckable(true);
    action->setChecked(heatmap->scale() == AttentionScale::WeightTimesSteps);
    action->setToolTip(QCoreApplication::translate("vigil::ui",
        "Colour the attention by weight × T, so windows of different lengths compare (1 = "
        "uniform attention), instead of by the raw softmax weight"));
    QObject::connect(action, &QAction::toggled, heatmap, [heatmap, detail](bool isChecked) {
        const AttentionScale scale
            = isChecked ? AttentionScale::WeightTimesSteps : AttentionScale::RawWeight;
        heatmap->setScale(scale);
        detail->setScale(scale);
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
    }
    return colors;
}

} // namespace vigil::ui
