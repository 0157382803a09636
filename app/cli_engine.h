#pragma once
// How a CLI command gets its engine: the weights resolved by core/engine, each problem and
// warning as one line on stderr. Main thread only.

#include "app/command_options.h"
#include "app/print_error.h"
#include "core/analysis/video_analysis.h"
#include "core/engine/engine.h"

#include <optional>
#include <string>

namespace vigil::app {

// nullopt after printing why; exitCode is then kExitUsage (weights missing or named wrongly, a
// device that cannot be used) or kExitFailedInput (weights that cannot be read).
std::optional<engine::Engine> loadCliEngine(const engine::ModelRequest& request, int& exitCode);

// The windows asked for (resolvedWindows); nullopt after printing why when the stride would
// leave steps that no window scores.
std::optional<analysis::WindowSettings> windowSettings(const analysis::WindowSettings& asked);

} // namespace vigil::app
