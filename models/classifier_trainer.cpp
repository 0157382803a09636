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

// The paper's sampler yields a batch while count + n < samples, so it needs more than n.
size_t stepsPerEpochOf(size_t normal, size_t anomalous, size_t perClass)
{
    const size_t steps = std::min(normal > perClass ? (normal - 1) / perClass : 0,
        anomalous > perClass ? (anomalous - 1) / perClass : 0);
    if (steps == 0)
        throw Error("training: a batch takes " + std::to_string(perClass) + " normal and "
            + std::to_string(perClass)
            + " anomalous crop samples, and each kind needs more than that; there are "
            + std::to_string(normal) + " normal and " + std::to_string(anomalous)
            + " anomalous (videos x crops)");
    return steps;
}

AttentionClassifierOptions networkOptions(
    const std::vector<const train::VideoSamples*>& videos, const TrainSettings& settings)
{
    AttentionClassifierOptions options;
    options.featureSize = videos.front()->samples.dim(2);
    options.hiddenSize = settings.hiddenSize;
    options.rows = settings.rows;
    options.attentionDropout = settings.attentionDropout;
    return options;
}

RAdamOptions optimiserOptions(const TrainSettings& settings)
{
    RAdamOptions options;
    options.learningRate = settings.learningRate;
    return options;
}

// One training run's state: the network, its optimiser, the shuffled samples and the best
// weights so far. The members are built in the order the seeded generators must see them.
class TrainingRun {
public:
    TrainingRun(const std::vector<const train::VideoSamples*>& videos,
        const TrainSettings& settings, const Validator& validate)
        : settings_(settings)
        , validate_(validate)
        , normal_(samplesWithLabel(videos, 0))
        , anomalous_(samplesWithLabel(videos, 1))
        , perClass_(static_cast<size_t>(settings.batchPerClass))
        , stepsPerEpoch_(stepsPerEpochOf(normal_.size(), anomalous_.size(), perClass_))
        , random_((torch::manual_seed(settings.seed), settings.seed))
        , network_(networkOptions(videos, settings))
        , optimiser_(network_->parameters(), optimiserOptions(settings))
        , batch_(torch::empty({ 2 * settings.batchPerClass, videos.front()->samples.dim(1),
              videos.front()->samples.dim(2) }))
        , labels_(torch::cat({ torch::zeros({ settings.batchPerClass }),
              torch::ones({ settings.batchPerClass }) }))
        , liveScorer_(network_)
    {
        outcome_.validationAuc = kNan;
    }

    void runEpoch(
        int64_t epoch, const CancellationToken& cancel, const TrainingProgressCallback& onProgress)
    {
        network_->train();
        train::shuffleInPlace(normal_, random_);
        train::shuffleInPlace(anomalous_, random_);
        double lossSum = 0.0;
        for (size_t i = 0; i < stepsPerEpoch_; ++i) {
            cancel.throwIfCancelled();
            fillBatch(batch_, normal_, anomalous_, i * perClass_, settings_.batchPerClass);
            const torch::Tensor loss
                = torch::binary_cross_entropy(network_->forward(batch_).score, labels_);
            optimiser_.zeroGrad();
            loss.backward();
            optimiser_.step();
            lossSum += loss.item<double>();
            ++outcome_.steps;
            TrainingProgress progress { epoch, outcome_.steps, static_cast<int64_t>(stepsPerEpoch_),
                lossSum / static_cast<double>(i + 1), kNan };
            const bool isEpochEnd = i + 1 == stepsPerEpoch_;
            if (settings_.validateEverySteps > 0
                    ? outcome_.steps % settings_.validateEverySteps == 0
                    : isEpochEnd)
                checkpoint(progress);
            if (onProgress)
                onProgress(progress);
        }
        outcome_.epochLosses.push_back(lossSum / static_cast<double>(stepsPerEpoch_));
    }

    // The kept weights (the best validated, else the last), in evaluation mode.
    TrainingOutcome finish()
    {
        if (best_.empty())
            outcome_.selectedStep = outcome_.steps;
        else
            restore(network_, best_);
        network_->eval();
        outcome_.classifier
            = std::make_shared<const TrainedClassifier>(std::make_shared<TrainedClassifier::Impl>(
                TrainedClassifier::Impl { network_, TorchWindowScorer(network_) }));
        return outcome_;
    }

private:
    void checkpoint(TrainingProgress& progress)
    {
        if (!validate_)
            return;
        network_->eval();
        progress.validationAuc = validate_(liveScorer_);
        network_->train();
        if (!std::isnan(progress.validationAuc)
            && (std::isnan(outcome_.validationAuc)
                || progress.validationAuc > outcome_.validationAuc)) {
            outcome_.validationAuc = progress.validationAuc;
            outcome_.selectedStep = progress.step;
            best_ = snapshot(network_);
        }
    }

    const TrainSettings& settings_;
    const Validator& validate_;
    std::vector<SampleRef> normal_;
    std::vector<SampleRef> anomalous_;
    size_t perClass_;
    size_t stepsPerEpoch_;
    std::mt19937_64 random_;
    AttentionClassifier network_;
    RAdam optimiser_;
    torch::Tensor batch_;
    torch::Tensor labels_;
    TorchWindowScorer liveScorer_;
    TrainingOutcome outcome_;
    std::vector<torch::Tensor> best_;
};

TrainingOutcome runTraining(const std::vector<const train::VideoSamples*>& videos,
    const TrainSettings& settings, const Validator& validate, const CancellationToken& cancel,
    const TrainingProgressCallback& onProgress)
{
    if (videos.empty())
        throw Error("training: no videos");
    TrainingRun run(videos, settings, validate);
    for (int64_t epoch = 1; epoch <= settings.epochs; ++epoch)
        run.runEpoch(epoch, cancel, onProgress);
    return run.finish();
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
