#include "core/engine/weights_plan.h"

#include "core/analysis/detector_table.h"
#include "core/common/backbone_table.h"
#include "core/common/error.h"
#include "core/common/text.h"
#include "core/engine/detector_plan.h"
#include "core/models_store/installed_weights.h"
#include "core/models_store/model_locations.h"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace vigil::engine {
namespace {

namespace fs = std::filesystem;
using models_store::InstalledWeights;
using models_store::ModelEntry;
using models_store::ModelKind;
using models_store::ModelManifest;
using models_store::ModelStore;

constexpr const char* kHowToGetWeights
    = "run `vigil models fetch` to install the published weights, "
      "or pass --backbone-weights FILE and --classifier FILE (PyTorch state dicts), "
      "or --demo-weights to run with seeded random weights (scores are then not meaningful)";

// The models folder, opened only when a choice needs it (a run given every file needs none).
class LazyStore {
public:
    ModelStore& get()
    {
        if (!store_) {
            auto store = std::make_unique<ModelStore>(
                models_store::modelsFolderFromEnvironment(), ModelManifest::builtIn());
            // Unlistable, its weights would read as none, and --demo-weights would fill in.
            store->requireReadableFolder();
            store_ = std::move(store);
        }
        return *store_;
    }

private:
    std::unique_ptr<ModelStore> store_;
};

WeightsChoice published(const InstalledWeights& installed)
{
    return { false, installed.isPinned ? Provenance::Published : Provenance::Imported,
        installed.path, installed.name, installed.sha256, installed.trainedOn };
}

// Installed weights if any, else demo weights where allowed, else missing.
WeightsChoice installedOrDemo(const std::optional<InstalledWeights>& installed, DemoWeights demo)
{
    if (installed)
        return published(*installed);
    WeightsChoice choice;
    choice.isMissing = demo == DemoWeights::Refuse;
    return choice;
}

// A path that exists is the user's file, whatever its name looks like; only a word that is no
// file is looked up as a published name. Throws Error with the problem.
WeightsChoice chooseClassifier(const std::string& argument, DemoWeights demo, LazyStore& store)
{
    if (demo == DemoWeights::TrainedDemo) {
        if (argument.empty())
            throw Error("the demo's classifier file is not named"); // a bug of the caller
        return { false, Provenance::DemoTrained, argument, "", "", "" };
    }
    if (argument.empty())
        return installedOrDemo(models_store::findDefaultClassifier(store.get()), demo);
    std::error_code error;
    const fs::file_status status = fs::status(argument, error);
    if (fs::exists(status)) {
        if (!fs::is_regular_file(status))
            throw IoError(argument + ": not a regular file");
        return { false, Provenance::File, argument, "", "", "" };
    }
    const ModelEntry* entry = ModelManifest::builtIn().find(argument);
    if (entry == nullptr || entry->kind != ModelKind::Classifier)
        throw IoError(argument + ": no such file, and not a classifier name (da64-r3, da128-r7)");
    const std::optional<InstalledWeights> installed = findInstalled(store.get(), *entry);
    if (!installed)
        throw ModelError(entry->name + ": not installed in " + store.get().folder()
            + "; run: vigil models fetch " + entry->name);
    return published(*installed);
}

WeightsChoice chooseBackbone(const ModelRequest& request, LazyStore& store)
{
    if (request.demo == DemoWeights::TrainedDemo)
        return {}; // the seeded backbone, never an installed one
    if (!request.backboneWeights.empty())
        return { false, Provenance::File, request.backboneWeights, "", "", "" };
    return installedOrDemo(
        models_store::findDefaultBackbone(store.get(), request.backbone), request.demo);
}

// Said before anything is loaded or decoded: the classifier reads I3D-ResNet-50's features only.
// Beside it, detectors of other features get their own backbone (otherBackbonesOf).
std::string extractionProblem(const ModelRequest& request)
{
    const BackboneRow& backbone = backboneRow(request.backbone);
    std::string others = analysis::detectorWordsReading(backbone.features);
    others.erase(
        std::remove(others.begin(), others.end(), ' '), others.end()); // a list --detectors takes
    if (request.detectors.withAttention && !backbone.feedsClassifier)
        return "--backbone " + toString(request.backbone)
            + ": the attention classifier reads 2048-d I3D-ResNet-50 features, not "
            + std::string(backbone.name) + "'s " + std::to_string(backbone.featureWidth)
            + "-d ones; name this backbone's detectors alone (--detectors " + others + ")";
    if (request.detectors.withAttention)
        return {};
    // Without the classifier only --backbone is extracted: its detectors, alone.
    for (const DetectorKind kind : request.detectors.kinds) {
        const analysis::DetectorRow& row = analysis::detectorRow(kind);
        if (row.features != backbone.features)
            return "--detectors " + toString(kind) + ": " + std::string(row.name) + " reads "
                + std::to_string(row.featureWidth) + "-d " + std::string(row.features)
                + " features, and --backbone " + toString(request.backbone) + " extracts "
                + std::string(backbone.features) + " ones: run it with --backbone "
                + std::string(row.features) + ", or beside the classifier (--detectors attention,"
                + toString(kind) + ")";
    }
    return {};
}

// The first backbone of the table that extracts `features` (I3D-ResNet-50 for RTFM's).
BackboneKind backboneOf(std::string_view features)
{
    for (const BackboneRow& row : backboneTable())
        if (row.features == features)
            return row.kind;
    throw Error("no backbone extracts " + std::string(features) + " features");
}

// One backbone per family of the detectors' features that --backbone does not extract, in the
// order the detectors come; its installed weights, else demo ones where allowed.
std::vector<OtherBackbone> otherBackbonesOf(
    const ModelRequest& request, const std::vector<DetectorChoice>& detectors, LazyStore& store)
{
    std::vector<OtherBackbone> others;
    const std::string_view own = backboneRow(request.backbone).features;
    for (const DetectorChoice& detector : detectors) {
        const std::string_view features = analysis::detectorRow(detector.kind).features;
        const BackboneKind kind = backboneOf(features);
        const bool isListed = std::any_of(others.begin(), others.end(),
            [kind](const OtherBackbone& other) { return other.kind == kind; });
        if (features == own || isListed)
            continue;
        others.push_back({ kind,
            request.demo == DemoWeights::TrainedDemo
                ? WeightsChoice {}
                : installedOrDemo(
                    models_store::findDefaultBackbone(store.get(), kind), request.demo) });
    }
    return others;
}

} // namespace

bool WeightsPlan::isMissingAny() const
{
    return (backbone && backbone->isMissing) || (classifier && classifier->isMissing)
        || !missingDetectors.empty() || isMissingOtherBackbone();
}

bool WeightsPlan::isMissingOtherBackbone() const
{
    return std::any_of(otherBackbones.begin(), otherBackbones.end(),
        [](const OtherBackbone& other) { return other.weights.isMissing; });
}

std::string missingNetworksText(const WeightsPlan& plan, BackboneKind backbone)
{
    std::vector<std::string> parts;
    if (plan.classifier && plan.classifier->isMissing)
        parts.push_back("the attention classifier");
    if (plan.backbone && plan.backbone->isMissing)
        parts.push_back("the " + toString(backbone) + " backbone");
    for (const OtherBackbone& other : plan.otherBackbones)
        if (other.weights.isMissing)
            parts.push_back("the " + toString(other.kind) + " backbone");
    if (!plan.missingDetectors.empty()) {
        std::vector<std::string> kinds;
        for (const DetectorKind kind : plan.missingDetectors)
            kinds.push_back(toString(kind));
        parts.push_back(
            "the " + joinedList(kinds) + (kinds.size() == 1 ? " detector" : " detectors"));
    }
    return joinedList(parts);
}

WeightsPlan resolveWeights(const ModelRequest& request)
{
    WeightsPlan plan;
    if (request.needsBackbone() && request.needsClassifier()) {
        plan.problem = extractionProblem(request);
        if (!plan.problem.empty())
            return plan;
    }
    LazyStore store;
    try {
        if (request.needsClassifier()) {
            if (request.detectors.withAttention)
                plan.classifier = chooseClassifier(request.classifier, request.demo, store);
            DetectorResolution detectors = resolveDetectors(
                request.detectors, request.demo, [&store]() -> ModelStore& { return store.get(); });
            plan.detectors = std::move(detectors.choices);
            plan.missingDetectors = std::move(detectors.missing);
        }
        if (request.needsBackbone())
            plan.backbone = chooseBackbone(request, store);
        if (request.needsBackbone() && request.needsClassifier())
            plan.otherBackbones = otherBackbonesOf(request, plan.detectors, store);
    } catch (const Error& error) {
        plan.problem = error.what();
        return plan;
    }
    const bool isNetworkMissing = (plan.backbone && plan.backbone->isMissing)
        || (plan.classifier && plan.classifier->isMissing) || plan.isMissingOtherBackbone();
    if (plan.isMissingAny()) {
        if (isNetworkMissing)
            plan.problem = "no weights for " + missingNetworksText(plan, request.backbone)
                + " are installed or given: " + kHowToGetWeights;
        // The detectors are not fetched: how to install each, as `vigil models import` takes them.
        for (const DetectorKind kind : plan.missingDetectors)
            plan.problem
                += (plan.problem.empty() ? "" : "; ") + missingDetectorText(store.get(), kind);
        return plan;
    }
    const std::string backbone = toString(request.backbone);
    const WeightsChoice* classifier = plan.classifier ? &*plan.classifier : nullptr;
    if (classifier && request.needsBackbone() && !classifier->trainedOn.empty()
        && classifier->trainedOn != backbone)
        plan.warnings.push_back(classifier->name + " was trained on " + classifier->trainedOn
            + " features, not " + backbone + "; its scores on these features are not meaningful");
    return plan;
}

} // namespace vigil::engine
