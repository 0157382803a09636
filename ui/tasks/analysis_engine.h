#pragma once
// What one analysis run needs besides the video: the engine that app/ loaded (core/engine, the
// same as the CLI's) and the windows to score. Owned by the GUI and shared with each run; the
// engine is immutable, so runs on other threads may use it while the GUI reads it.

#include "core/analysis/video_analysis.h"
#include "core/engine/engine.h"

#include <memory>

namespace vigil::ui {

struct AnalysisEngine {
    std::shared_ptr<const engine::Engine> engine;
    analysis::WindowSettings windows;

    bool isReady() const { return engine && engine->canExtract() && engine->canScore(); }
};

} // namespace vigil::ui
