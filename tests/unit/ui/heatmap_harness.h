#pragma once
// An attention heatmap on a viewport of its own, showing a result: what the heatmap and scale
// tests draw and read pixels from. GUI thread only.

#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/timeline_viewport.h"

namespace vigil::test {

struct HeatmapHarness {
    // plotWidthPx between the view's margins; frameCount frames along it.
    HeatmapHarness(ui::ResultPointer result, int64_t frameCount, int plotWidthPx, int heightPx)
    {
        view.resize(ui::kPlotLeftMarginPx + plotWidthPx + ui::kPlotRightMarginPx, heightPx);
        viewport.setFrameCount(frameCount);
        view.setResult(std::move(result));
    }

    ui::TimelineViewport viewport;
    ui::AttentionHeatmapView view { &viewport };
};

} // namespace vigil::test
