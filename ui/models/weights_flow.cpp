#include "ui/models/weights_flow.h"

#include "core/analysis/windows.h"
#include "core/common/error.h"
#include "core/common/text.h"
#include "core/models_store/model_locations.h"
#include "core/models_store/model_manifest.h"
#include "ui/models/missing_weights_dialog.h"
#include "ui/models/model_download_dialog.h"
#include "ui/models/models_dialog.h"
#include "ui/tasks/busy_work.h"

#include <QMessageBox>

#include <algorithm>
#include <exception>

namespace vigil::ui {
namespace {

using models_store::ModelEntry;
using models_store::ModelKind;
using models_store::ModelManifest;

bool isDetectorMissing(const engine::WeightsPlan& plan, const std::string& detector)
{
    return std::any_of(plan.missingDetectors.begin(), plan.missingDetectors.end(),
        [&detector](DetectorKind kind) { return toString(kind) == detector; });
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

QStringList defaultDownloads(const std::vector<const ModelEntry*>& entries)
{
    QStringList names;
    bool hasClassifier = false;
    for (const ModelEntry* entry : entries) {
        if (!entry->isDirectDownload)
            continue; // a page, not the file (the detectors): imported instead
        const bool isClassifier = entry->kind == ModelKind::Classifier;
        if (!isClassifier || !hasClassifier)
            names << QString::fromStdString(entry->name);
        hasClassifier = hasClassifier || isClassifier;
    }
    return names;
}

// What the loading dialog says: the first load on a machine also measures the backbone's
// fastest setup (models/backbone_calibration), which takes about a minute on two cores.
QString loadingText()
{
    return QObject::tr("Reading the weights and checking their checksums. The first time on "
                       "this machine, Vigil also measures this CPU once (usually under a "
                       "minute) to run the backbone as fast as it can, and remembers the result.");
}

// The detectors without weights when they alone stop the plan ("rtfm and mgfn"); empty when a
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
                           "them (Analysis > Models…) or turn them off in Settings > Detectors.")
                   .arg(kinds))
        == QMessageBox::Yes;
}

// The Models dialog, the GUI's one import flow, with the first missing entry selected.
void importInModelsDialog(const std::vector<const ModelEntry*>& entries, const QString& folder,
    std::shared_ptr<const engine::NetworkLoader> loader, QWidget* parent)
{
    ModelsDialog dialog(folder, QString::fromStdString(models_store::mirrorFromEnvironment()),
        std::move(loader), parent);
    if (!entries.empty())
        dialog.selectRow(dialog.rowOf(QString::fromStdString(entries.front()->name)));
    dialog.exec();
}

} // namespace

AnalysisEngine buildEngine(const EngineRequest& request, const engine::WeightsPlan& plan,
    const engine::NetworkLoader& loader)
{
    AnalysisEngine built;
    built.engine
        = std::make_shared<const engine::Engine>(engine::Engine::load(plan, request.model, loader));
    built.windows = request.windows;
    if (const std::string problem = analysis::windowProblem(built.windows); !problem.empty())
        throw Error("Settings: " + problem);
    return built;
}

WeightsFlow::WeightsFlow(
    EngineRequestSource request, std::shared_ptr<const engine::NetworkLoader> loader)
    : request_(std::move(request))
    , loader_(std::move(loader))
{
}

std::optional<AnalysisEngine> WeightsFlow::operator()(QWidget* parent)
{
    for (;;) {
        EngineRequest request = request_();
        if (acceptsDemoForMissing_ && request.model.demo == engine::DemoWeights::Refuse)
            request.model.demo = engine::DemoWeights::FillMissing; // missing networks only
        const engine::WeightsPlan plan = engine::resolveWeights(request.model);
        if (plan.canRun())
            return loadShowingErrors(request, plan, parent);
        if (const QString kinds = detectorsOnlyMissing(plan); !kinds.isEmpty()) {
            if (!acceptsDemoDetectors(kinds, parent))
                return std::nullopt;
            acceptsDemoForMissing_ = true;
            continue;
        }
        if (!plan.isMissingAny()) {
            QMessageBox::critical(
                parent, QObject::tr("Vigil: weights"), QString::fromStdString(plan.problem));
            return std::nullopt;
        }
        if (!askForMissing(plan, request.model.backbone, parent))
            return std::nullopt;
    }
}

std::optional<AnalysisEngine> WeightsFlow::loadShowingErrors(
    const EngineRequest& request, const engine::WeightsPlan& plan, QWidget* parent)
{
    if (!loader_) {
        QMessageBox::critical(parent, QObject::tr("Vigil: cannot load the networks"),
            QObject::tr("This build has no networks to load the weights with."));
        return std::nullopt;
    }
    try {
        AnalysisEngine engine;
        runBusy(parent, QObject::tr("Vigil: loading the networks"), loadingText(),
            [&] { engine = buildEngine(request, plan, *loader_); });
        return engine;
    } catch (const std::exception& error) {
        QMessageBox::critical(parent, QObject::tr("Vigil: cannot load the networks"),
            QString::fromStdString(error.what()));
        return std::nullopt;
    }
}

// Download, import or demo weights for what is missing; false when the user cancelled.
bool WeightsFlow::askForMissing(
    const engine::WeightsPlan& plan, BackboneKind backbone, QWidget* parent)
{
    QString folder;
    try {
        folder = QString::fromStdString(models_store::modelsFolderFromEnvironment());
    } catch (const Error& error) {
        QMessageBox::critical(
            parent, QObject::tr("Vigil: weights"), QString::fromStdString(error.what()));
        return false;
    }
    MissingWeightsDialog ask(
        QString::fromStdString(engine::missingNetworksText(plan, backbone)), folder, parent);
    ask.exec();
    const std::vector<const ModelEntry*> entries = candidates(plan, backbone);
    switch (ask.choice()) {
    case MissingWeightsDialog::Choice::Download: {
        ModelDownloadDialog download(folder, defaultDownloads(entries),
            QString::fromStdString(models_store::mirrorFromEnvironment()), parent);
        if (download.exec() != QDialog::Accepted && !download.errorText().isEmpty())
            QMessageBox::warning(
                parent, QObject::tr("Vigil: download failed"), download.errorText());
        return true;
    }
    case MissingWeightsDialog::Choice::Import:
        importInModelsDialog(entries, folder, loader_, parent);
        return true;
    case MissingWeightsDialog::Choice::Demo:
        // Only the networks that have no weights get demo ones (engine::resolveWeights).
        acceptsDemoForMissing_ = true;
        return true;
    case MissingWeightsDialog::Choice::Cancel:
        break;
    }
    return false;
}

} // namespace vigil::ui
