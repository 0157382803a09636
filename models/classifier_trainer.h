#pragma once
// Trains the paper's attention classifier (PROTOCOL.md section 4) on samples made by
// core/train: per epoch the normal and the anomalous crop samples are each shuffled, then taken
// 32 + 32 at a time without replacement (the last incomplete batch dropped, as the paper's
// sampler does), BCE on the sigmoid score, RAdam, dropout 0.3 on the attention. torch::manual_seed
// and a std::mt19937_64 for the sampling both come from the seed, and the intra-op thread count
// is the caller's: the same seed, data and thread count give bit-identical weights.
// Torch-free interface for app/. Runs on the caller's thread; throws vigil::Error on bad input,
// vigil::Cancelled when cancelled.

#include "core/analysis/network_interfaces.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "core/train/training_set.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vigil::models {

struct TrainSettings {
    int64_t hiddenSize = defaults::kHiddenSize; // d_a
    int64_t rows = defaults::kAttentionRows; // r
    int64_t epochs = defaults::kEpochs;
    int64_t batchPerClass = defaults::kBatchPerClass;
    double learningRate = defaults::kLearningRate;
    double attentionDropout = defaults::kAttentionDropout;
    uint64_t seed = defaults::kSeed;
    int64_t validateEverySteps = 0; // 0: at the end of each epoch
};

// A trained classifier, in evaluation mode; shared and immutable apart from its scorer's use.
class TrainedClassifier {
public:
    struct Impl;
    explicit TrainedClassifier(std::shared_ptr<Impl> impl);
    const analysis::WindowScorer& scorer() const;
    // As torch.save(model.state_dict(), path) would (models/state_dict_writer.h).
    void save(const std::string& path) const;
    int64_t featureSize() const;

private:
    std::shared_ptr<Impl> impl_;
};

struct TrainingProgress {
    int64_t epoch = 0; // 1-based
    int64_t step = 0; // optimiser steps so far
    int64_t stepsPerEpoch = 0;
    double meanEpochLoss = 0.0; // over the epoch's steps so far
    double validationAuc = 0.0; // NaN when no validation ran at this call
};

struct TrainingOutcome {
    std::shared_ptr<const TrainedClassifier> classifier;
    int64_t steps = 0;
    int64_t selectedStep = 0; // steps done when the kept weights were taken
    double validationAuc = 0.0; // of the kept weights; NaN without a validator
    std::vector<double> epochLosses;
};

// Returns the AUC of the current weights on a validation set (the scorer is in eval mode).
using Validator = std::function<double(const analysis::WindowScorer&)>;
using TrainingProgressCallback = std::function<void(const TrainingProgress&)>;

// With a validator the kept weights are those of the first checkpoint with the best validation
// AUC (strictly better replaces, as the paper's max_auc_score < auc_score); without, the last.
TrainingOutcome trainClassifier(const std::vector<const train::VideoSamples*>& videos,
    const TrainSettings& settings, const Validator& validate, const CancellationToken& cancel,
    const TrainingProgressCallback& onProgress = {});

} // namespace vigil::models
