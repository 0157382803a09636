#include "app/gui_engine.h"

#include "app/demo_setup.h"
#include "core/analysis/windows.h"
#include "core/common/error.h"
#include "core/common/text.h"
#include "core/demo/demo_kit.h"
#include "core/engine/detector_plan.h"
#include "core/engine/weights_import.h"
#include "core/engine/weights_plan.h"
#include "core/models_store/model_locations.h"
#include "core/models_store/model_store.h"
#include "core/tuning/precision_check.h"
#include "models/model_factory.h"
#include "ui/app_settings.h"
#include "ui/busy_work.h"
#include "ui/missing_weights_dialog.h"
#include "ui/model_download_dialog.h"

#include <QApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>

#include <exception>

namespace vigil::app {
namespace {

using models_store::ModelEntry;
using models_store::ModelKind;
using models_store::ModelManifest;

bool isDetectorMissing(const engine::WeightsPlan& plan, const std::string& detector)
{
    for (const DetectorKind kind : plan.missingDetectors)
        if (toString(kind) == detector)
            return true;
    return false;
}

// The manifest entries that would fill what is missing; the first of each kind is the default.
std::vector<const ModelEntry*> candidates(const engine::WeightsPlan& plan, BackboneKind backbone)
{
    std::vector<const ModelEntry*> entries;
    const bool isClassifierMissing = plan.classifier && plan.classifier->isMissing;
    const bool isBackboneMissing = plan.backbone && plan.backbone->isMissing;
    for (const ModelEntry& entry : ModelManifest::builtIn().entries()) {
        const bool isWanted = entry.kind == ModelKind::Classifier ? isClassifierMissing
            : entry.kind == ModelKind::Backbone
            ? isBackboneMissing && fromString<BackboneKind>(entry.backbone) == backbone
            : isDetectorMissing(plan, entry.detector);
        if (isWanted)
            entries.push_back(&entry);
    }
    return entries;
}

QStringList defaultDownloads(const engine::WeightsPlan& plan, BackboneKind backbone)
{
    QStringList names;
    bool hasClassifier = false;
    for (const ModelEntry* entry : candidates(plan, backbone)) {
        if (!entry->isDirectDownload)
            continue; // a page, not the file (the detectors): imported instead
        const bool isClassifier = entry->kind == ModelKind::Classifier;
        if (!isClassifier || !hasClassifier)
            names << QString::fromStdString(entry->name);
        hasClassifier = hasClassifier || isClassifier;
    }
    return names;
}

// Asks for a file and which weights it is, then installs it after engine::importWeights's checks
// (read as its network, checksum), the same as `vigil models import`.
void importFile(
    QWidget* parent, const std::vector<const ModelEntry*>& entries, const std::string& folder)
{
    const QString file = QFileDialog::getOpenFileName(parent, QObject::tr("Import weights"),
        QString(), QObject::tr("Weights (*.pth *.pt *.pkl);;All files (*)"));
    if (file.isEmpty() || entries.empty())
        return;
    QStringList items;
    for (const ModelEntry* entry : entries)
        items << QStringLiteral("%1 — %2").arg(
            QString::fromStdString(entry->name), QString::fromStdString(entry->description));
    bool isChosen = false;
    const QString item = QInputDialog::getItem(parent, QObject::tr("Import weights"),
        QObject::tr("Which weights is this file?"), items, 0, false, &isChosen);
    if (!isChosen)
        return;
    try {
        std::string path;
        ui::runBusy(parent, QObject::tr("Import weights"),
            QObject::tr("Reading %1 as its network and computing its checksum…").arg(file), [&] {
                models_store::ModelStore store(folder, ModelManifest::builtIn());
                path = engine::importWeights(store, file.toStdString(),
                    *entries[static_cast<size_t>(items.indexOf(item))],
                    models::TorchNetworkLoader());
            });
        QMessageBox::information(parent, QObject::tr("Import weights"),
            QObject::tr("Installed %1").arg(QString::fromStdString(path)));
    } catch (const std::exception& error) {
        QMessageBox::warning(
            parent, QObject::tr("Import weights"), QString::fromStdString(error.what()));
    }
}

// What the loading dialog says: the first load on a machine also measures the backbone's
// fastest setup (models/backbone_calibration), which takes about a minute on two cores.
QString loadingText()
{
    return QObject::tr("Reading the weights and checking their checksums. The first time on "
                       "this machine, Vigil also measures this CPU once (usually under a "
                       "minute) to run the backbone as fast as it can, and remembers the result.");
}

// Loads the planned networks (the way `vigil analyze` does); throws Error naming a file.
ui::AnalysisEngine buildEngine(const RunOptions& options, const engine::WeightsPlan& plan)
{
    ui::AnalysisEngine built;
    built.engine = std::make_shared<const engine::Engine>(
        engine::Engine::load(plan, options.model, models::TorchNetworkLoader()));
    built.windows = resolvedWindows(options.windows);
    if (const std::string problem = analysis::windowProblem(built.windows); !problem.empty())
        throw Error("Settings: " + problem);
    return built;
}

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

// The detectors without weights, when they alone stop the plan ("rtfm and mgfn"); empty when a
// classifier or backbone is missing too (the missing-weights dialog names them all then).
QString detectorsOnlyMissing(const engine::WeightsPlan& plan)
{
    const bool isNetworkMissing = (plan.backbone && plan.backbone->isMissing)
        || (plan.classifier && plan.classifier->isMissing);
    if (isNetworkMissing || plan.missingDetectors.empty())
        return {};
    std::vector<std::string> kinds;
    for (const DetectorKind kind : plan.missingDetectors)
        kinds.push_back(toString(kind));
    return QString::fromStdString(joinedList(kinds));
}

// One line, one question: seeded weights for the detectors, or stop (Settings turns them off).
bool acceptsDemoDetectors(const QString& kinds, QWidget* parent)
{
    return QMessageBox::question(parent, QObject::tr("Vigil: detector weights"),
               QObject::tr("No weights are installed for %1: continue with demo (seeded random) "
                           "weights for them? Their curves are then not meaningful; or import "
                           "them (Models) or turn them off in Settings > Detectors.")
                   .arg(kinds))
        == QMessageBox::Yes;
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
    // The presets are I3D's; the dialog offers no other for resnet50.
    options.model.preset = settings.backbone == BackboneKind::I3dResNet50
        ? settings.preset
        : PreprocessPreset::I3dResnetExtractor;
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

std::optional<ui::AnalysisEngine> loadEngineQuietly(const RunOptions& options, std::string& problem)
{
    const engine::WeightsPlan plan = engine::resolveWeights(options.model);
    if (!plan.canRun()) {
        problem = plan.problem;
        return std::nullopt;
    }
    return buildEngine(options, plan);
}

std::optional<ui::AnalysisEngine> GuiEngineSource::operator()(QWidget* parent)
{
    const RunOptions saved = withSavedSettings(options_);
    for (;;) {
        RunOptions options = saved;
        options.model.demo = options_.model.demo;
        const engine::WeightsPlan plan = engine::resolveWeights(options.model);
        if (plan.canRun())
            return loadShowingErrors(options, plan, parent);
        if (const QString kinds = detectorsOnlyMissing(plan); !kinds.isEmpty()) {
            if (!acceptsDemoDetectors(kinds, parent))
                return std::nullopt;
            options_.model.demo = engine::DemoWeights::FillMissing; // missing networks only
            continue;
        }
        if (!plan.isMissingAny()) {
            QMessageBox::critical(
                parent, QObject::tr("Vigil: weights"), QString::fromStdString(plan.problem));
            return std::nullopt;
        }
        if (!askForMissing(plan, options.model.backbone, parent))
            return std::nullopt;
    }
}

std::optional<ui::AnalysisEngine> GuiEngineSource::loadShowingErrors(
    const RunOptions& options, const engine::WeightsPlan& plan, QWidget* parent)
{
    try {
        ui::AnalysisEngine engine;
        ui::runBusy(parent, QObject::tr("Vigil: loading the networks"), loadingText(),
            [&] { engine = buildEngine(options, plan); });
        return engine;
    } catch (const std::exception& error) {
        QMessageBox::critical(parent, QObject::tr("Vigil: cannot load the networks"),
            QString::fromStdString(error.what()));
        return std::nullopt;
    }
}

// Download, import or demo weights for what is missing; false when the user cancelled.
bool GuiEngineSource::askForMissing(
    const engine::WeightsPlan& plan, BackboneKind backbone, QWidget* parent)
{
    std::string folder;
    try {
        folder = models_store::modelsFolderFromEnvironment();
    } catch (const Error& error) {
        QMessageBox::critical(
            parent, QObject::tr("Vigil: weights"), QString::fromStdString(error.what()));
        return false;
    }
    ui::MissingWeightsDialog ask(
        QString::fromStdString(engine::missingNetworksText(plan, backbone)),
        QString::fromStdString(folder), parent);
    ask.exec();
    switch (ask.choice()) {
    case ui::MissingWeightsDialog::Choice::Download: {
        ui::ModelDownloadDialog download(QString::fromStdString(folder),
            defaultDownloads(plan, backbone),
            QString::fromStdString(models_store::mirrorFromEnvironment()), parent);
        if (download.exec() != QDialog::Accepted && !download.errorText().isEmpty())
            QMessageBox::warning(
                parent, QObject::tr("Vigil: download failed"), download.errorText());
        return true;
    }
    case ui::MissingWeightsDialog::Choice::Import:
        importFile(parent, candidates(plan, backbone), folder);
        return true;
    case ui::MissingWeightsDialog::Choice::Demo:
        // Only the networks that have no weights get demo ones (engine::resolveWeights).
        options_.model.demo = engine::DemoWeights::FillMissing;
        return true;
    case ui::MissingWeightsDialog::Choice::Cancel:
        break;
    }
    return false;
}

} // namespace vigil::app
