#include "app/cli_engine.h"

#include "app/exit_codes.h"
#include "core/analysis/windows.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/tuning/precision_check.h"
#include "models/model_factory.h"

#include <cstdio>

namespace vigil::app {
namespace {

std::string demoNetworks(
    const analysis::ModelDescription& model, const engine::ModelRequest& request)
{
    const bool isBackboneDemo = request.needsBackbone() && model.backboneWeights.isDemo();
    const bool isClassifierDemo
        = request.needsClassifier() && model.hasClassifier && model.classifier.isDemo();
    if (isBackboneDemo && isClassifierDemo)
        return "the backbone and the classifier";
    if (isBackboneDemo)
        return "the backbone";
    return isClassifierDemo ? "the classifier" : "";
}

// "rtfm, s3r": the detectors that run on seeded weights.
std::string demoDetectors(const engine::Engine& engine)
{
    std::string names;
    for (const analysis::SelectedDetector& detector : engine.detectors())
        if (detector.weights.isDemo())
            names += (names.empty() ? "" : ", ") + toString(detector.kind);
    return names;
}

} // namespace

std::optional<engine::Engine> loadCliEngine(const engine::ModelRequest& request, int& exitCode)
{
    const engine::WeightsPlan plan = engine::resolveWeights(request);
    if (!plan.canRun()) {
        printError(plan.problem);
        exitCode = kExitUsage;
        return std::nullopt;
    }
    const models::TorchNetworkLoader loader;
    if (request.needsBackbone()) {
        if (const std::string problem = loader.deviceProblem(request.device); !problem.empty()) {
            printError("--device " + toString(request.device) + ": " + problem);
            exitCode = kExitUsage;
            return std::nullopt;
        }
        if (const std::string problem
            = tuning::precisionProblem(request.precision, tuning::readCpuInfo(), request.device);
            !problem.empty()) {
            printError(tuning::precisionOptionError(request.precision, problem, request.device));
            exitCode = kExitUsage;
            return std::nullopt;
        }
    }
    try {
        // A command loads one engine, before any network runs: its start-up.
        models::setUpThreads(request.threads, request.backbone, request.device,
            request.needsBackbone() ? models::ThreadChoice::Calibrated
                                    : models::ThreadChoice::Requested,
            request.precision);
        std::optional<engine::Engine> loaded = engine::Engine::load(plan, request, loader);
        if (const std::string demo = demoNetworks(loaded->description(), request); !demo.empty())
            printError("warning: using demo (seeded random) weights for " + demo
                + "; the scores are NOT meaningful");
        if (const std::string demo = demoDetectors(*loaded); !demo.empty())
            printError("warning: using demo (seeded random) weights for the detectors " + demo
                + "; their scores are NOT meaningful");
        return loaded;
    } catch (const Error& error) {
        printError(error.what());
        exitCode = kExitFailedInput;
        return std::nullopt;
    }
}

std::optional<analysis::WindowSettings> windowSettings(const analysis::WindowSettings& asked)
{
    const analysis::WindowSettings settings = resolvedWindows(asked);
    if (const std::string problem = analysis::windowProblem(settings); !problem.empty()) {
        printError(problem);
        return std::nullopt;
    }
    return settings;
}

} // namespace vigil::app
