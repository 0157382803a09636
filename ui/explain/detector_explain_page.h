#pragma once
// The Explain panel's page for a whole-video detector (RTFM, S3R, MGFN) chosen as the event
// source: what the detector itself gives as its explanation of the span under the playhead, the
// feature magnitude of each step (DetectorResult::magnitudes) as bars and its attention between
// the span's steps (DetectorResult::attention) as a heatmap, with their real shapes and values.
// What the result does not hold is said in words, never drawn as zeros. Pure function of the
// result; any thread (QImage, no widgets).

#include "core/analysis/analysis_result.h"
#include "ui/explain/explain_page.h"

#include <QPalette>

namespace vigil::ui {

struct DetectorExplainContext {
    int64_t playheadStep = 0;
    int64_t framesPerStep = defaults::kSnippetFrames;
    double framesPerSecond = defaults::kFallbackFps;
};

// Links in the page: "seek:<frame>".
ExplainPage makeDetectorExplainPage(const analysis::DetectorResult& detector,
    const DetectorExplainContext& context, const QPalette& palette);

} // namespace vigil::ui
