#include "core/engine/engine.h"

#include "core/common/backbone_table.h"
#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/engine/family_extraction.h"

#include <algorithm>
#include <cassert>

namespace vigil::engine {
namespace {

analysis::WeightsInfo describedAs(analysis::WeightsInfo weights, const WeightsChoice& choice)
{
    if (choice.provenance == Provenance::Published) {
        weights.provenance = Provenance::Published;
        weights.name = choice.name;
        // The hash that matched the manifest, taken from the file itself, never the loader's
        // (which may come from a checksum cache).
        weights.sha256 = choice.sha256;
    }
    if (choice.provenance == Provenance::Imported)
        weights.provenance = Provenance::Imported; // the file's own path and SHA-256 stay
    if (choice.provenance == Provenance::DemoTrained)
        weights.provenance = Provenance::DemoTrained; // the file's path and SHA-256 stay
    return weights;
}

void addIgnoredKeys(const std::vector<std::string>& keys, const std::string& path,
    std::vector<std::string>& warnings)
{
    if (keys.empty())
        return;
    std::string text
        = path + ": " + counted(static_cast<int64_t>(keys.size()), "tensor") + " not used:";
    for (const std::string& key : keys)
        text += " " + key;
    warnings.push_back(text);
}

void loadBackboneInto(Networks& networks, const WeightsChoice& choice, const ModelRequest& request,
    const NetworkLoader& loader)
{
    LoadedBackbone loaded
        = loader.loadBackbone(request.backbone, choice.path, request.device, request.precision);
    networks.backbone = std::move(loaded.extractor);
    networks.description.backboneWeights = describedAs(loaded.weights, choice);
    addIgnoredKeys(loaded.ignoredKeys, choice.path, networks.warnings);
    networks.backboneSetup = loaded.setup;
    networks.backboneInputsPerPass = loaded.inputsPerPass;
}

void loadClassifierInto(
    Networks& networks, const WeightsChoice& choice, const NetworkLoader& loader)
{
    LoadedClassifier loaded = loader.loadClassifier(choice.path);
    networks.classifier = std::move(loaded.scorer);
    networks.explainer = std::move(loaded.explainer);
    networks.description.classifier = describedAs(loaded.weights, choice);
    networks.description.hiddenSize = loaded.hiddenSize;
    networks.description.attentionRows = loaded.rows;
    addIgnoredKeys(loaded.ignoredKeys, choice.path, networks.warnings);
}

void loadDetectorsInto(
    Networks& networks, const std::vector<DetectorChoice>& choices, const NetworkLoader& loader)
{
    for (const DetectorChoice& choice : choices) {
        LoadedDetector loaded
            = loader.loadDetector(choice.kind, choice.weights.path, choice.dictionaryPath);
        networks.detectors.push_back({ choice.kind, std::move(loaded.detector),
            describedAs(loaded.weights, choice.weights) });
        addIgnoredKeys(loaded.ignoredKeys, choice.weights.path, networks.warnings);
    }
}

// The other family's backbone and its pipeline: that backbone's default preset, the run's crops
// where it has ten, fp32 (the precision asked is checked for --backbone only).
OtherFamily loadOtherFamily(const OtherBackbone& other, const ModelRequest& request,
    const NetworkLoader& loader, std::vector<std::string>& warnings)
{
    ModelRequest own = request;
    own.backbone = other.kind;
    own.preset = defaultPresetOf(other.kind);
    own.precision = Precision::Fp32;
    LoadedBackbone loaded
        = loader.loadBackbone(other.kind, other.weights.path, request.device, own.precision);
    addIgnoredKeys(loaded.ignoredKeys, other.weights.path, warnings);
    return { other.kind,
        std::make_shared<const analysis::FeaturePipeline>(
            std::move(loaded.extractor), extractionOptions(own)),
        describedAs(loaded.weights, other.weights) };
}

// The detectors' scores beside the classifier's, frame for frame.
void addDetectorScores(analysis::AnalysisResult& result, const FloatArray& features,
    const std::vector<analysis::SelectedDetector>& detectors)
{
    result.detectors = analysis::scoreDetectors(
        features, detectors, result.protocol.snippetFrames, result.frameCount());
}

// classifier: nullptr when the run scores with detectors alone.
void checkFeatureSize(const FloatArray& features, const std::string& path,
    const analysis::WindowScorer* classifier,
    const std::vector<analysis::SelectedDetector>& detectors)
{
    if (features.rank() != 3)
        return; // scoreSequence refuses it, naming the shape
    if (const std::string problem = analysis::featureSizeProblem(
            features.dim(2), classifier ? classifier->featureSize() : 0, detectors);
        !problem.empty())
        throw ModelError(path + ": " + problem);
}

} // namespace

analysis::ExtractionOptions extractionOptions(const ModelRequest& request)
{
    analysis::ExtractionOptions extraction;
    extraction.backbone = request.backbone;
    extraction.crops = effectiveCrops(request.backbone, request.crops);
    extraction.preset = request.preset;
    extraction.frameStep = request.frameStep;
    if (request.device == ComputeDevice::Cuda) {
        // A GPU wants more inputs per pass than the CPU's cache-sized ones.
        extraction.snippetsPerBatch = 8;
        extraction.framesPerBatch = 32;
    }
    return extraction;
}

Engine::Engine(Networks networks, analysis::ExtractionOptions extraction, ComputeDevice device)
    : networks_(std::move(networks))
    , device_(device)
{
    if (networks_.backbone)
        pipeline_ = std::make_shared<const analysis::FeaturePipeline>(
            networks_.backbone, std::move(extraction));
}

Engine Engine::load(
    const WeightsPlan& plan, const ModelRequest& request, const NetworkLoader& loader)
{
    assert(plan.canRun());
    if (const std::string problem = presetProblem(request.backbone, request.preset);
        !problem.empty())
        throw ModelError(problem);
    if (plan.backbone) {
        if (const std::string problem = loader.deviceProblem(request.device); !problem.empty())
            throw ModelError("--device " + toString(request.device) + ": " + problem);
    }
    Networks networks;
    networks.description.backbone = request.backbone;
    networks.description.crops = effectiveCrops(request.backbone, request.crops);
    networks.description.preset = request.preset;
    networks.description.precision = request.precision;
    networks.description.hasClassifier
        = request.detectors.withAttention || !request.needsClassifier();
    networks.warnings = plan.warnings;
    networks.threads = request.threads;
    networks.threadControl = loader.threadControl();
    if (plan.backbone)
        loadBackboneInto(networks, *plan.backbone, request, loader);
    if (plan.classifier)
        loadClassifierInto(networks, *plan.classifier, loader);
    loadDetectorsInto(networks, plan.detectors, loader);
    for (const OtherBackbone& other : plan.otherBackbones)
        networks.otherFamilies.push_back(
            loadOtherFamily(other, request, loader, networks.warnings));
    analysis::ExtractionOptions extraction = extractionOptions(request);
    // The calibration may find several snippets per pass faster; centre crops then have to
    // reach the network that many at a time (ten crops already give it ten inputs at once).
    // Backbones without a calibration (ResNet-50) have no count of their own.
    if (request.device == ComputeDevice::Cpu && networks.backboneInputsPerPass > 0
        && extraction.crops == CropMode::Center)
        extraction.snippetsPerBatch = networks.backboneInputsPerPass;
    return Engine(std::move(networks), std::move(extraction), request.device);
}

const analysis::FeaturePipeline& Engine::pipeline() const
{
    if (!pipeline_)
        throw ModelError("no backbone is loaded");
    return *pipeline_;
}

const analysis::WindowScorer& Engine::classifier() const
{
    if (!networks_.classifier)
        throw ModelError("no classifier is loaded");
    return *networks_.classifier;
}

analysis::ExtractedFeatures Engine::extract(const std::string& path,
    const CancellationToken& cancel, const analysis::ExtractionProgressCallback& onProgress,
    const analysis::ExtractedStepsCallback& onSteps) const
{
    const auto passes = static_cast<int>(1 + networks_.otherFamilies.size());
    return pipeline().run(path, cancel, asPass(onProgress, 0, passes), onSteps);
}

std::vector<analysis::ExtractedFeatures> Engine::extractOtherFamilies(const std::string& path,
    const CancellationToken& cancel, const analysis::ExtractionProgressCallback& onProgress) const
{
    const auto passes = static_cast<int>(1 + networks_.otherFamilies.size());
    std::vector<analysis::ExtractedFeatures> extracted;
    for (size_t i = 0; i < networks_.otherFamilies.size(); ++i) {
        extracted.push_back(networks_.otherFamilies[i].pipeline->run(
            path, cancel, asPass(onProgress, static_cast<int>(i) + 1, passes)));
        cancel.throwIfCancelled();
    }
    return extracted;
}

analysis::AnalysisResult Engine::score(const analysis::ExtractedFeatures& extracted,
    const analysis::WindowSettings& windows,
    const std::vector<analysis::ExtractedFeatures>& others) const
{
    if (others.size() != networks_.otherFamilies.size())
        throw ModelError(extracted.path + ": scored without the features of each other family");
    // Without the classifier (Inception-I3D features, for their detectors alone): no windows.
    const analysis::WindowScorer* scorer = canScore() ? &classifier() : nullptr;
    const std::vector<analysis::SelectedDetector> detectors
        = detectorsOfOwnFeatures(networks_.detectors, networks_.otherFamilies);
    checkFeatureSize(extracted.features, extracted.path, scorer, detectors);
    analysis::AnalysisResult result
        = analysis::scoreExtracted(extracted, scorer, networks_.description, windows);
    addDetectorScores(result, extracted.features, detectors);
    result.extractions.push_back(
        extractionRecord(extracted, pipeline().options(), networks_.description.backboneWeights));
    for (size_t i = 0; i < others.size(); ++i) {
        const OtherFamily& family = networks_.otherFamilies[i];
        const std::vector<analysis::SelectedDetector> ofFamily
            = detectorsOfFamily(networks_.detectors, family.backbone);
        checkFeatureSize(others[i].features, others[i].path, nullptr, ofFamily);
        addFamilyScores(result, others[i], ofFamily);
        result.extractions.push_back(
            extractionRecord(others[i], family.pipeline->options(), family.weights));
    }
    result.warnings.insert(
        result.warnings.begin(), networks_.warnings.begin(), networks_.warnings.end());
    return result;
}

analysis::AnalysisResult Engine::scoreFeatures(const FloatArray& features, const std::string& path,
    const analysis::WindowSettings& windows, const analysis::FeatureTiming& timing,
    const analysis::ModelDescription* madeWith) const
{
    analysis::ModelDescription model = networks_.description;
    if (madeWith) {
        model.backbone = madeWith->backbone;
        model.crops = madeWith->crops;
        model.preset = madeWith->preset;
        model.precision = madeWith->precision;
        model.backboneWeights = madeWith->backboneWeights;
    } else {
        // Without a sidecar nothing says which backbone, crops or preset made the features.
        model.isExtractionKnown = false;
        model.crops
            = features.rank() == 3 && features.dim(1) > 1 ? CropMode::Ten : CropMode::Center;
        model.backboneWeights = { "", "", Provenance::Unknown, "" };
    }
    // A sidecar is text anyone can edit: it may say which weights made the features, never that
    // they were the published ones; only bytes hashed at load are (core/models_store).
    const std::string claim = model.backboneWeights.provenance == Provenance::Published
        ? "the features' sidecar claims they were made with the published backbone weights "
            + model.backboneWeights.name + "; not verified (only the features were read), so "
            + "the result records their provenance as unknown"
        : std::string();
    if (!claim.empty()) {
        model.backboneWeights.provenance = Provenance::Unknown;
        model.backboneWeights.name.clear(); // a manifest name says "published"
    }
    checkFeatureSize(features, path, canScore() ? &classifier() : nullptr, networks_.detectors);
    analysis::AnalysisResult result = canScore()
        ? analysis::scoreFeatures(features, path, classifier(), model, windows, timing)
        : analysis::resultWithoutClassifier(features, path, model, windows, timing);
    addDetectorScores(result, features, networks_.detectors);
    if (!claim.empty())
        result.warnings.insert(result.warnings.begin(), claim);
    result.warnings.insert(
        result.warnings.begin(), networks_.warnings.begin(), networks_.warnings.end());
    return result;
}

analysis::AnalysisResult Engine::analyze(const std::string& path,
    const analysis::WindowSettings& windows, const CancellationToken& cancel,
    const analysis::ExtractionProgressCallback& onProgress) const
{
    const analysis::ExtractedFeatures extracted = extract(path, cancel, onProgress);
    cancel.throwIfCancelled();
    return score(extracted, windows, extractOtherFamilies(path, cancel, onProgress));
}

} // namespace vigil::engine
