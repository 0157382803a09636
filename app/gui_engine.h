#pragma once
// The desktop app's settings as the engine sees them: the command line with Settings on top,
// the weights named there (ui/models/weights_flow asks for what is missing), the demo's
// networks. GUI thread only.

#include "app/command_options.h"
#include "core/engine/weights_plan.h"
#include "ui/models/weights_flow.h"
#include "ui/tasks/analysis_engine.h"
#include "ui/tasks/demo_job.h"

#include <QString>

#include <optional>
#include <string>

namespace vigil::app {

// ui::ClassifierFileCheck for the Settings dialog: resolves the file as --classifier would and
// loads it as the attention classifier, as the next analysis will; the error in the loader's
// words (the file, the tensor), or empty when it loads. Throws nothing.
QString classifierFileProblem(const QString& file);

// ui::DemoMaker for Try the demo: core/demo's demo (made once, then from the cache) with the
// networks of `vigil demo`; runs on the DemoJob's thread.
ui::DemoMaker guiDemoMaker(int threads);

// The command line's options with the Settings dialog's on top, once it saved any (backbone,
// crops, classifier, windows, threads, device, precision, detectors): what the next analysis
// loads. A device or precision this machine cannot run becomes CPU or fp32. Reads QSettings.
RunOptions withSavedSettings(RunOptions options);

// What ui::WeightsFlow loads at each analysis: withSavedSettings, its windows resolved, and the
// command line's --demo-weights.
ui::EngineRequest engineRequestOf(const RunOptions& options);

// The networks' thread count: the Settings dialog's once it saved any, else the command line's.
int savedThreads(const RunOptions& options);

// Without dialogs (for --screenshot): nullopt with `problem` set when weights are missing or
// cannot be chosen; throws vigil::ModelError naming a file that cannot be loaded.
std::optional<ui::AnalysisEngine> loadEngineQuietly(
    const RunOptions& options, std::string& problem);

} // namespace vigil::app
