#include "app/demo_command.h"

#include "app/cli_engine.h"
#include "app/demo_setup.h"
#include "app/exit_codes.h"
#include "app/option_checks.h"
#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/formats/result_files.h"
#include "models/model_factory.h"

#include <cstdio>

namespace vigil::app {
namespace {

// One line per stage and per tenth of the whole.
demo::DemoProgress stagePrinter()
{
    return [lastStage = std::string(), lastTenth = -1](
               const std::string& stage, double fraction) mutable {
        const int tenth = static_cast<int>(fraction * 10.0);
        if (stage == lastStage && tenth == lastTenth)
            return;
        lastStage = stage;
        lastTenth = tenth;
        std::fprintf(stderr, "demo: %3.0f %% %s\n", fraction * 100.0, stage.c_str());
    };
}

void printDemo(const demo::DemoArtifacts& made, const analysis::AnalysisResult& result)
{
    const demo::DemoEvent& event = made.layout.event;
    const double fps = made.layout.fps > 0 ? made.layout.fps : 1.0;
    const demo::EventContrast contrast = demo::eventContrast(result.frameScores, event);
    std::printf("%s\n", analysis::kTrainedDemoLabel);
    std::printf("demo video: %s (%lld frames; inverted: frames %lld-%lld, %.1f s to %.1f s)\n",
        printable(made.videoPath).c_str(), static_cast<long long>(made.layout.frames),
        static_cast<long long>(event.firstFrame()), static_cast<long long>(event.lastFrame()),
        static_cast<double>(event.firstFrame()) / fps,
        static_cast<double>(event.lastFrame() + 1) / fps);
    std::printf("classifier: %s (sha256 %s, trained on this machine%s)\n",
        printable(made.classifierPath).c_str(), made.classifierSha256.c_str(),
        made.wasCached ? ", from the cache" : "");
    std::printf("frame scores: mean %.3f inside the inserted event, %.3f outside (max %.3f)\n",
        contrast.meanInside, contrast.meanOutside, contrast.maxOutside);
}

} // namespace

int DemoCommand::run(const CancellationToken& cancel) const
{
    try {
        // Start-up, before any network runs (core/engine/engine.h).
        models::setUpThreads(threads_, BackboneKind::I3dResNet50, ComputeDevice::Cpu,
            models::ThreadChoice::Calibrated);
        const demo::DemoRequest request = demoRequest(source_, seconds_, threads_);
        demo::DemoArtifacts made
            = prepareTorchDemo(request, cancel, isQuiet_ ? demo::DemoProgress {} : stagePrinter());
        const engine::Engine engine = loadDemoEngine(made, threads_);
        const analysis::AnalysisResult result = made.videoFeatures
            ? engine.score(*made.videoFeatures, demo::demoWindows(made.layout))
            : engine.analyze(made.videoPath, demo::demoWindows(made.layout), cancel);
        const formats::WrittenFiles files
            = formats::writeResultFiles(result, outputDir_, "demo-video");
        printDemo(made, result);
        std::printf("wrote %s\nwrote %s\n", printable(files.jsonPath).c_str(),
            printable(files.csvPath).c_str());
        std::printf("See it in the desktop app: vigil, then Try the demo (or vigil gui --demo)\n");
        return kExitOk;
    } catch (const Cancelled&) {
        throw; // to runGuarded (app/command.h); std::exception below would call it a failure
    } catch (const std::exception& error) {
        printError(std::string("demo: ") + error.what());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
