#pragma once
// The desktop app's networks: weights are resolved by core/engine exactly as for `vigil analyze`
// (files given on the command line or in Settings, else the installed published weights); when
// some are missing, the user is asked at the first analysis: download the published weights,
// import a file, or continue with demo weights for the missing ones only. Then the engine is
// loaded into a ui::AnalysisEngine. GUI thread only.

#include "app/command_options.h"
#include "core/engine/weights_plan.h"
#include "ui/analysis_engine.h"
#include "ui/demo_job.h"

#include <QString>

#include <optional>
#include <string>

class QWidget;

namespace vigil::app {

// ui::EngineSource for MainWindow: shows its own dialogs and message boxes, throws nothing;
// nullopt when the user cancelled or the weights cannot be loaded.
class GuiEngineSource {
public:
    explicit GuiEngineSource(RunOptions options)
        : options_(std::move(options))
    {
    }
    std::optional<ui::AnalysisEngine> operator()(QWidget* parent);

private:
    std::optional<ui::AnalysisEngine> loadShowingErrors(
        const RunOptions& options, const engine::WeightsPlan& plan, QWidget* parent);
    bool askForMissing(const engine::WeightsPlan& plan, BackboneKind backbone, QWidget* parent);

    RunOptions options_;
};

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

// The networks' thread count: the Settings dialog's once it saved any, else the command line's.
int savedThreads(const RunOptions& options);

// Without dialogs (for --screenshot): nullopt with `problem` set when weights are missing or
// cannot be chosen; throws vigil::ModelError naming a file that cannot be loaded.
std::optional<ui::AnalysisEngine> loadEngineQuietly(
    const RunOptions& options, std::string& problem);

} // namespace vigil::app
