#pragma once
// The options many commands share, declared once so that each reads the same everywhere: the
// networks (--backbone, --crops, --threads...), the windows (--window, --stride) and the outputs
// (-o, -q). Defaults and bounds come from core/common/defaults.h and count_limits.h.

#include "app/command_options.h"

#include <CLI/CLI.hpp>

namespace vigil::app {

// Which backbones a command offers: watch scores 16-frame snippets as they arrive, so its help
// offers, and its parser accepts, i3d-r50 alone. None: the command runs no backbone (score).
enum class Backbones { None, Any, I3dOnly };

void addModelOptions(CLI::App& command, RunOptions& options, Backbones backbones);
// --window and --stride into `windows` (kAskedWindows before parsing).
void addWindowOptions(CLI::App& command, analysis::WindowSettings& windows);
void addOutputOptions(CLI::App& command, RunOptions& options);
// --detectors LIST into model.detectors (core/engine/detector_plan.h parses it).
void addDetectorsOption(CLI::App& command, engine::ModelRequest& model);

} // namespace vigil::app
