#pragma once
// The desktop app's weights flow, at the first analysis: resolve the networks exactly as `vigil
// analyze` does (core/engine's WeightsPlan); when some have no weights, ask once for all of them
// (download the published ones, import a file in the Models dialog, or demo weights for the
// missing ones only); then load them with a busy dialog. The plan's typed fields decide every
// question; no message is parsed. GUI thread only; throws nothing.

#include "core/engine/model_request.h"
#include "core/engine/network_loader.h"
#include "core/engine/weights_plan.h"
#include "ui/tasks/analysis_engine.h"

#include <functional>
#include <memory>
#include <optional>

class QWidget;

namespace vigil::ui {

// What the next analysis loads: the networks asked for (command line with Settings on top) and
// the windows to score, already resolved.
struct EngineRequest {
    engine::ModelRequest model;
    analysis::WindowSettings windows;
};

// Read at each load, so that a change in Settings takes effect at the next analysis.
using EngineRequestSource = std::function<EngineRequest()>;

// Loads the planned networks through `loader`; throws Error naming a file, or Settings' windows.
AnalysisEngine buildEngine(const EngineRequest& request, const engine::WeightsPlan& plan,
    const engine::NetworkLoader& loader);

// A MainWindow EngineSource: nullopt when the user cancelled or the weights cannot be loaded
// (said in a message box).
class WeightsFlow {
public:
    WeightsFlow(EngineRequestSource request, std::shared_ptr<const engine::NetworkLoader> loader);

    std::optional<AnalysisEngine> operator()(QWidget* parent);

private:
    std::optional<AnalysisEngine> loadShowingErrors(
        const EngineRequest& request, const engine::WeightsPlan& plan, QWidget* parent);
    bool askForMissing(const engine::WeightsPlan& plan, BackboneKind backbone, QWidget* parent);

    EngineRequestSource request_;
    std::shared_ptr<const engine::NetworkLoader> loader_;
    bool acceptsDemoForMissing_ = false; // once the user chose demo weights for what is missing
};

} // namespace vigil::ui
