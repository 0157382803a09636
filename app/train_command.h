#pragma once
// `vigil train`: trains the paper's attention classifier on extracted features
// (PROTOCOL.md section 4; models/classifier_trainer.h), optionally over a sweep of (d_a, r),
// several seeds and K folds, and reports the AUC per setting. Main thread only; one line on
// stderr per failure, exit codes from exit_codes.h, only Cancelled throws out of run(), for
// runGuarded (app/command.h).

#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "core/train/training_plan.h"
#include "core/train/training_report.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::app {

// Owns the `train` subcommand's parsed values; CLI11 points into it, so it stays in place.
class TrainCommand {
public:
    explicit TrainCommand(CLI::App& cli);
    TrainCommand(const TrainCommand&) = delete;
    TrainCommand& operator=(const TrainCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    int run(const CancellationToken& cancel) const;

private:
    struct Data; // the labelled videos, their samples, the validation set and the folds
    Data readData(const CancellationToken& cancel) const;
    train::RunResult trainOne(const train::PlannedRun& planned, const Data& data, bool isSingleRun,
        const CancellationToken& cancel) const;
    void refuseOutputsOverInputs(
        const std::vector<train::PlannedRun>& plan, const Data& data) const;
    void writeReports(const std::vector<train::RunResult>& results, const Data& data,
        const std::vector<uint64_t>& seeds) const;

    CLI::App* command_ = nullptr;
    std::string labelsPath_;
    std::string listPath_;
    int64_t anomalousFirst_ = -1;
    std::string validationPath_;
    std::string outputPath_;
    int64_t hiddenSize_ = defaults::kHiddenSize;
    int64_t rows_ = defaults::kAttentionRows;
    int64_t epochs_ = defaults::kEpochs;
    uint64_t seed_ = defaults::kSeed;
    std::string seeds_;
    int folds_ = 0;
    std::vector<std::string> sweep_;
    int64_t batchPerClass_ = defaults::kBatchPerClass;
    double learningRate_ = defaults::kLearningRate;
    int64_t validateEvery_ = 0;
    int threads_ = static_cast<int>(defaults::kTrainThreads);
    bool isQuiet_ = false;
};

} // namespace vigil::app
