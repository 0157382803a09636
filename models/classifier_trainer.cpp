#include "models/classifier_trainer.h"

#include "core/common/error.h"
#include "core/train/seeded_shuffle.h"
#include "models/attention_classifier.h"
#include "models/detail/one_line.h"
#include "models/radam.h"
#include "models/state_dict_writer.h"
#include "models/torch_adapters.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace vigil::models {

struct TrainedClassifier::Impl {
    AttentionClassifier network;
    TorchWindowScorer scorer;
};

TrainedClassifier::TrainedClassifier(std::shared_ptr<Impl> impl)
    : impl_(std::move(impl))
{
}

const analysis::WindowScorer& TrainedClassifier::scorer() const
{
    return impl_->scorer;
}

int64_t TrainedClassifier::featureSize() const
{
    return impl_->network->options().featureSize;
}

void TrainedClassifier::save(const std::string& path) const
{
    StateDict dict;
    for (const auto& parameter : impl_->network->named_parameters(/*recurse=*/true))
        dict.emplace_back(parameter.key(), parameter.value().detach());
    writeStateDict(path, dict);
}

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// One crop sample: which video, which crop.
struct SampleRef {
    const train::VideoSamples* video;
    int64_t crop;
};

std::vector<SampleRef> samplesWithLabel(
    const std::vector<const train::VideoSamples*>& videos, uint8_t label)
{
    std::vector<SampleRef> refs;
    for (const train::VideoSamples* video : videos)
        if (video->label == label)
            for (int64_t crop = 0; crop < video->samples.dim(0); ++crop)
                refs.push_back({ video, crop });
    return refs;
}

// Copies the batch's samples, normal ones first (the paper concatenates normal, anomalous).
void fillBatch(torch::Tensor& batch, const std::vector<SampleRef>& normal,
    const std::vector<SampleRef>& anomalous, size_t first, int64_t perClass)
{
    const int64_t sampleSize = batch.size(1) * batch.size(2);
    float* out = batch.data_ptr<float>();
    for (const std::vector<SampleRef>* refs : { &normal, &anomalous }) {
        for (int64_t i = 0; i < perClass; ++i) {
            const SampleRef& ref = (*refs)[first + static_cast<size_t>(i)];
            std::memcpy(
                out, ref.video->samples.data() + ref.crop * sampleSize, sizeof(float) * sampleSize);
            out += sampleSize;
        }
    }
}

std::vector<torch::Tensor> snapshot(const AttentionClassifier& network)
{
    std::vector<torch::Tensor> copies;
    for (const torch::Tensor& parameter : network->parameters())
        copies.push_back(parameter.detach().clone());
    return copies;
}

void restore(AttentionClassifier& network, const std::vector<torch::Tensor>& copies)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> parameters = network->parameters();
    for (size_t i = 0; i < parameters.size(); ++i)
        parameters[i].copy_(copies[i]);
}

// A NaN or infinite feature makes the loss NaN, and LibTorch's BCE then fails with a backtrace
// that names no file; refuse the file before training starts.
void requireFiniteFeatures(const std::vector<const train::VideoSamples*>& videos)
{
    for (const train::VideoSamples* video : videos) {
        const auto& values = video->samples.values;
        if (!std::all_of(
                values.begin(), values.end(), [](float value) { return std::isfinite(value); }))
            throw ModelError(
                video->featuresPath + ": holds NaN or infinite features; cannot train on them");
    }
}

TrainingOutcome runTraining(const std::vector<const train::VideoSamples*>& videos,
    const TrainSettings& settings, const Validator& validate, const CancellationToken& cancel,
    const TrainingProgressCallback& onProgress)
{
    if (videos.empty())
        throw Error("training: no videos");
    std::vector<SampleRef> normal = samplesWithLabel(videos, 0);
    std::vector<SampleRef> anomalous = samplesWithLabel(videos, 1);
    const auto perClass = static_cast<size_t>(settings.batchPerClass);
    // The paper's sampler yields a batch while count + n < samples, so it needs more than n.
    const size_t stepsPerEpoch
        = std::min(normal.size() > perClass ? (normal.size() - 1) / perClass : 0,
            anomalous.size() > perClass ? (anomalous.size() - 1) / perClass : 0);
    if (stepsPerEpoch == 0)
        throw Error("training: a batch takes " + std::to_string(perClass) + " normal and "
            + std::to_string(perClass)
            + " anomalous crop samples, and each kind needs more than that; there are "
            + std::to_string(normal.size()) + " normal and " + std::to_string(anomalous.size())
            + " anomalous (videos x crops)");

    torch::manual_seed(settings.seed);
    std::mt19937_64 random(settings.seed);
    AttentionClassifierOptions options;
    options.featureSize = videos.front()->samples.dim(2);
    options.hiddenSize = settings.hiddenSize;
    options.rows = settings.rows;
    options.attentionDropout = settings.attentionDropout;
    AttentionClassifier network(options);
    RAdamOptions radamOptions;
    radamOptions.learningRate = settings.learningRate;
    RAdam optimiser(network->parameters(), radamOptions);

    const int64_t segments = videos.front()->samples.dim(1);
    torch::Tensor batch
        = torch::empty({ 2 * settings.batchPerClass, segments, options.featureSize });
    const torch::Tensor labels = torch::cat(
        { torch::zeros({ settings.batchPerClass }), torch::ones({ settings.batchPerClass }) });
    TorchWindowScorer liveScorer(network);
    TrainingOutcome outcome;
    outcome.validationAuc = kNan;
    std::vector<torch::Tensor> best;
    const auto checkpoint = [&](TrainingProgress& progress) {
        if (!validate)
            return;
        network->eval();
        progress.validationAuc = validate(liveScorer);
        network->train();
        if (!std::isnan(progress.validationAuc)
            && (std::isnan(outcome.validationAuc)
                || progress.validationAuc > outcome.validationAuc)) {
            outcome.validationAuc = progress.validationAuc;
            outcome.selectedStep = progress.step;
            best = snapshot(network);
        }
    };
    for (int64_t epoch = 1; epoch <= settings.epochs; ++epoch) {
        network->train();
        train::shuffleInPlace(normal, random);
        train::shuffleInPlace(anomalous, random);
        double lossSum = 0.0;
        for (size_t i = 0; i < stepsPerEpoch; ++i) {
            cancel.throwIfCancelled();
            fillBatch(batch, normal, anomalous, i * perClass, settings.batchPerClass);
            const torch::Tensor loss
                = torch::binary_cross_entropy(network->forward(batch).score, labels);
            optimiser.zeroGrad();
            loss.backward();
            optimiser.step();
            lossSum += loss.item<double>();
            ++outcome.steps;
            TrainingProgress progress { epoch, outcome.steps, static_cast<int64_t>(stepsPerEpoch),
                lossSum / static_cast<double>(i + 1), kNan };
            const bool isEpochEnd = i + 1 == stepsPerEpoch;
            if (settings.validateEverySteps > 0 ? outcome.steps % settings.validateEverySteps == 0
                                                : isEpochEnd)
                checkpoint(progress);
            if (onProgress)
                onProgress(progress);
        }
        outcome.epochLosses.push_back(lossSum / static_cast<double>(stepsPerEpoch));
    }
    if (best.empty())
        outcome.selectedStep = outcome.steps;
    else
        restore(network, best);
    network->eval();
    outcome.classifier
        = std::make_shared<const TrainedClassifier>(std::make_shared<TrainedClassifier::Impl>(
            TrainedClassifier::Impl { network, TorchWindowScorer(network) }));
    return outcome;
}

} // namespace

TrainingOutcome trainClassifier(const std::vector<const train::VideoSamples*>& videos,
    const TrainSettings& settings, const Validator& validate, const CancellationToken& cancel,
    const TrainingProgressCallback& onProgress)
{
    requireFiniteFeatures(videos);
    try {
        return runTraining(videos, settings, validate, cancel, onProgress);
    } catch (const c10::Error& error) {
        // what() carries a 20-line C++ backtrace; the CLI prints one line.
        const std::string message = error.what_without_backtrace();
        throw ModelError(
            detail::oneLine("training failed: " + message.substr(0, message.find('\n'))));
    }
}

} // namespace vigil::models
