#include "app/gui_engine.h"

#include "app/demo_setup.h"
#include "core/common/backbone_table.h"
#include "core/demo/demo_kit.h"
#include "core/engine/detector_plan.h"
#include "core/engine/weights_plan.h"
#include "core/tuning/precision_check.h"
#include "models/model_factory.h"
#include "ui/main/app_settings.h"
#include "ui/models/weights_flow.h"

#include <QSettings>

#include <exception>

namespace vigil::app {
namespace {

// The detectors of Settings > Detectors, parsed as --detectors is; `request` as it was when
// none were saved.
void applySavedDetectors(QSettings& store, engine::DetectorRequest& request)
{
    if (!store.contains(QStringLiteral("analysis/detectors")))
        return;
    // AppSettings::load kept only a list this parser accepts.
    const ui::AppSettings settings = ui::AppSettings::load(store);
    engine::parseDetectorList(settings.detectors.toStdString(), request);
}

} // namespace

// The options of the command line with the settings saved by the Settings dialog on top (once
// it has saved any): the GUI's choice of backbone, crops, classifier, windows, threads, device,
// precision and detectors.
RunOptions withSavedSettings(RunOptions options)
{
    QSettings store;
    applySavedDetectors(store, options.model.detectors);
    if (!store.contains(QStringLiteral("analysis/backbone")))
        return options;
    const ui::AppSettings settings = ui::AppSettings::load(store);
    if (settings.backbone != options.model.backbone)
        options.model.backboneWeights.clear(); // the file named for the other backbone
    options.model.backbone = settings.backbone;
    options.model.crops = settings.crops;
    // A backbone without presets (resnet50) keeps the word every run has: its own transform.
    options.model.preset = presetProblem(settings.backbone, settings.preset).empty()
        ? settings.preset
        : defaults::kPreset;
    // A manifest name or a file: engine::resolveWeights tells them apart, as for --classifier.
    if (!settings.classifier.isEmpty())
        options.model.classifier = settings.classifier.toStdString();
    options.windows = settings.windows;
    options.model.threads = settings.threads;
    // The settings dialog offers CUDA only when it can be used (gui_command.cpp).
    options.model.device
        = settings.device == ComputeDevice::Cuda && models::cudaUnavailableReason().empty()
        ? ComputeDevice::Cuda
        : ComputeDevice::Cpu;
    // Settings saved before they had a precision keep the command line's. A precision this CPU
    // or device cannot run (a settings file from another machine) runs fp32 rather than
    // failing every load; the dialog offers bf16 only where it can run (gui_command.cpp).
    if (store.contains(QStringLiteral("analysis/precision")))
        options.model.precision = settings.precision;
    if (!tuning::precisionProblem(
            options.model.precision, tuning::readCpuInfo(), options.model.device)
             .empty())
        options.model.precision = Precision::Fp32;
    return options;
}

QString classifierFileProblem(const QString& file)
{
    engine::ModelRequest request;
    request.classifier = file.toStdString();
    request.needs = engine::NeededNetworks::ClassifierOnly;
    try {
        const engine::WeightsPlan plan = engine::resolveWeights(request);
        if (!plan.canRun())
            return QString::fromStdString(plan.problem);
        // An empty path would load demo weights: never what a chosen file means.
        if (!plan.classifier || plan.classifier->path.empty())
            return QObject::tr("not a weights file");
        models::TorchNetworkLoader().loadClassifier(plan.classifier->path);
        return {};
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

ui::DemoMaker guiDemoMaker(int threads)
{
    return [threads](const CancellationToken& cancel, const ui::DemoProgress& onProgress) {
        const demo::DemoArtifacts made = prepareTorchDemo(demoRequest({}, 0.0, threads), cancel,
            [&onProgress](const std::string& stage, double fraction) {
                onProgress(QString::fromStdString(stage), fraction);
            });
        ui::DemoLaunch launch;
        launch.videoPath = QString::fromStdString(made.videoPath);
        // The demo's networks, and the detectors of Settings with their seeded weights (the
        // demo allows demo weights, as --demo-weights does).
        engine::ModelRequest request = demo::demoModelRequest(made, threads);
        QSettings store;
        applySavedDetectors(store, request.detectors);
        launch.engine.engine = std::make_shared<const engine::Engine>(engine::Engine::load(
            engine::resolveWeights(request), request, models::TorchNetworkLoader()));
        launch.engine.windows = demo::demoWindows(made.layout);
        return launch;
    };
}

int savedThreads(const RunOptions& options)
{
    return withSavedSettings(options).model.threads;
}

ui::EngineRequest engineRequestOf(const RunOptions& options)
{
    const RunOptions saved = withSavedSettings(options);
    ui::EngineRequest request;
    request.model = saved.model;
    request.model.demo = options.model.demo; // --demo-weights is the command line's alone
    request.windows = resolvedWindows(saved.windows);
    return request;
}

std::optional<ui::AnalysisEngine> loadEngineQuietly(const RunOptions& options, std::string& problem)
{
    const engine::WeightsPlan plan = engine::resolveWeights(options.model);
    if (!plan.canRun()) {
        problem = plan.problem;
        return std::nullopt;
    }
    ui::EngineRequest request;
    request.model = options.model;
    request.windows = resolvedWindows(options.windows);
    return ui::buildEngine(request, plan, models::TorchNetworkLoader());
}

} // namespace vigil::app
