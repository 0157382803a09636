#include "app/train_command.h"

#include "app/model_card_of.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/option_checks.h"
#include "app/plot_file.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/files/output_guard.h"
#include "core/train/model_card.h"
#include "core/train/segment_samples.h"
#include "core/train/training_plan.h"
#include "core/train/training_report.h"
#include "core/train/training_set.h"
#include "models/classifier_trainer.h"
#include "models/model_factory.h"
#include "ui/plots/sweep_plot.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace vigil::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr uint64_t kFoldSeed = 0; // one split for every seed and setting: paired comparisons

// A usage problem found only once the inputs are read (exit 2, not 3).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string runName(const train::PlannedRun& planned)
{
    return "da" + std::to_string(planned.shape.hiddenSize) + " r"
        + std::to_string(planned.shape.rows) + " seed " + std::to_string(planned.seed)
        + (planned.fold >= 0 ? " fold " + std::to_string(planned.fold) : "");
}

void printEpoch(const std::string& name, const models::TrainingProgress& progress, int64_t epochs)
{
    if (progress.step % progress.stepsPerEpoch != 0)
        return;
    std::fprintf(stderr, "train %s: epoch %lld/%lld, loss %.4f", name.c_str(),
        static_cast<long long>(progress.epoch), static_cast<long long>(epochs),
        progress.meanEpochLoss);
    if (!std::isnan(progress.validationAuc))
        std::fprintf(stderr, ", validation AUC %.2f %%", progress.validationAuc * 100.0);
    std::fprintf(stderr, "\n");
}

// The card's fields that the settings and the outcome of training give.
void printRun(const std::string& name, const std::string& aucName, const train::RunResult& result)
{
    char aucText[32] = "-";
    if (!std::isnan(result.auc))
        std::snprintf(aucText, sizeof aucText, "%.2f %%", result.auc * 100.0);
    std::printf("%s: %s %s, kept step %lld of %lld, wrote %s\n", name.c_str(), aucName.c_str(),
        aucText, static_cast<long long>(result.selectedStep), static_cast<long long>(result.steps),
        result.modelPath.c_str());
}

void writePlot(const std::string& path, const std::vector<train::SettingSummary>& summaries,
    const std::string& aucName)
{
    savePlotPng(path, [&] {
        return ui::renderSweepPlot(summaries, QString::fromStdString(aucName),
            QStringLiteral("vigil train: %1 per setting").arg(QString::fromStdString(aucName)));
    });
}

std::vector<train::VideoSamples> loadWithProgress(const std::vector<train::LabelledVideo>& videos,
    const std::string& what, bool isQuiet, const CancellationToken& cancel)
{
    return train::loadSamples(videos, cancel, [&](int64_t done, int64_t total) {
        if (!isQuiet && (done == total || done * 10 / total != (done - 1) * 10 / total))
            std::fprintf(stderr, "train: read %lld/%lld %s feature files\n",
                static_cast<long long>(done), static_cast<long long>(total), what.c_str());
    });
}

} // namespace

struct TrainCommand::Data {
    std::string source;
    std::vector<train::LabelledVideo> labelled;
    std::vector<train::VideoSamples> videos;
    std::vector<train::VideoSamples> validation;
    std::vector<int> folds; // per video; empty without --folds
    std::string aucName;
    std::string backbone;

    std::vector<const train::VideoSamples*> validationSet() const
    {
        std::vector<const train::VideoSamples*> set;
        for (const train::VideoSamples& video : validation)
            set.push_back(&video);
        return set;
    }
};

int TrainCommand::run(const CancellationToken& cancel) const
{
    if (labelsPath_.empty() == listPath_.empty() || (!listPath_.empty() && anomalousFirst_ < 0)) {
        printError("train needs --labels CSV, or --list FILE with --anomalous-first N (see vigil "
                   "train --help)");
        return kExitUsage;
    }
    std::vector<train::ClassifierShape> shapes;
    std::vector<uint64_t> seeds { seed_ };
    try {
        shapes = train::parseSweep(sweep_, { hiddenSize_, rows_ });
        if (!seeds_.empty())
            seeds = train::parseSeeds(seeds_);
    } catch (const std::invalid_argument& error) {
        printError(error.what());
        return kExitUsage;
    }
    try {
        models::setThreadCount(threads_);
        const Data data = readData(cancel);
        const fs::path output(outputPath_);
        if (!output.parent_path().empty())
            fs::create_directories(output.parent_path());
        const std::vector<train::PlannedRun> plan = train::planRuns(shapes, seeds, folds_);
        refuseOutputsOverInputs(plan, data);
        std::vector<train::RunResult> results;
        for (const train::PlannedRun& planned : plan)
            results.push_back(trainOne(planned, data, plan.size() == 1, cancel));
        writeReports(results, data, seeds);
        return kExitOk;
    } catch (const UsageError& error) {
        printError(error.what());
        return kExitUsage;
    } catch (const Cancelled&) {
        throw; // to runGuarded (app/command.h); std::exception below would call it a failure
    } catch (const std::exception& error) {
        printError(error.what());
        return kExitFailedInput;
    }
}

TrainCommand::Data TrainCommand::readData(const CancellationToken& cancel) const
{
    Data data;
    data.source = labelsPath_.empty() ? listPath_ : labelsPath_;
    data.labelled = labelsPath_.empty() ? train::readAnomalousFirstList(listPath_, anomalousFirst_)
                                        : train::readLabelsCsv(labelsPath_);
    train::requireBothLabels(data.labelled, data.source);
    if (const std::string problem = train::foldsProblem(
            train::countLabel(data.labelled, 0), train::countLabel(data.labelled, 1), folds_);
        !problem.empty())
        throw UsageError(data.source + ": " + problem);
    std::vector<train::LabelledVideo> validationLabelled;
    if (!validationPath_.empty()) {
        validationLabelled = train::readLabelsCsv(validationPath_);
        train::requireBothLabels(validationLabelled, validationPath_);
    }
    data.videos = loadWithProgress(data.labelled, "training", isQuiet_, cancel);
    data.validation = loadWithProgress(validationLabelled, "validation", isQuiet_, cancel);
    if (!data.validation.empty()
        && data.validation.front().samples.dim(2) != data.videos.front().samples.dim(2))
        throw Error(data.validation.front().featuresPath
            + ": its feature size differs from the training features'");
    std::vector<uint8_t> labels;
    for (const train::VideoSamples& video : data.videos)
        labels.push_back(video.label);
    if (folds_ > 0)
        data.folds = train::assignFolds(labels, folds_, kFoldSeed);
    data.aucName = folds_ > 0 ? "held-out video AUC" : "validation video AUC";
    data.backbone = train::trainedOnBackbone(data.videos);
    return data;
}

train::RunResult TrainCommand::trainOne(const train::PlannedRun& planned, const Data& data,
    bool isSingleRun, const CancellationToken& cancel) const
{
    models::TrainSettings settings;
    settings.hiddenSize = planned.shape.hiddenSize;
    settings.rows = planned.shape.rows;
    settings.epochs = epochs_;
    settings.batchPerClass = batchPerClass_;
    settings.learningRate = learningRate_;
    settings.seed = planned.seed;
    settings.validateEverySteps = validateEvery_;
    const std::string name = runName(planned);
    models::Validator validate;
    if (!data.validation.empty())
        validate = [set = data.validationSet()](const analysis::WindowScorer& scorer) {
            return train::videoLevelAuc(set, scorer);
        };
    const auto trainingVideos = train::videosOfRun(data.videos, data.folds, planned.fold, false);
    const models::TrainingOutcome outcome = models::trainClassifier(
        trainingVideos, settings, validate, cancel, [&](const models::TrainingProgress& progress) {
            if (!isQuiet_)
                printEpoch(name, progress, epochs_);
        });
    train::RunResult result { planned.shape, planned.seed, planned.fold, outcome.validationAuc,
        outcome.validationAuc, outcome.selectedStep, outcome.steps,
        train::modelPathFor(outputPath_, planned, isSingleRun) };
    if (planned.fold >= 0)
        result.auc
            = train::videoLevelAuc(train::videosOfRun(data.videos, data.folds, planned.fold, true),
                outcome.classifier->scorer());
    outcome.classifier->save(result.modelPath);

    train::ModelCard card = modelCardOf(settings, *outcome.classifier, outcome);
    card.modelFile = fs::path(result.modelPath).filename().string();
    card.backbone = data.backbone;
    card.source = data.source;
    card.videos = static_cast<int64_t>(data.labelled.size());
    card.anomalous = train::countLabel(data.labelled, 1);
    for (const train::VideoSamples* video : trainingVideos)
        card.files.push_back(video->featuresPath);
    card.validationPath = validationPath_;
    card.fold = planned.fold;
    card.folds = folds_;
    card.splitSeed = kFoldSeed;
    card.threads = threads_;
    card.heldOutAuc = result.auc;
    files::writeFileAtomically(
        fs::path(result.modelPath).replace_extension(".json").string(), train::modelCardJson(card));
    printRun(name, data.aucName, result);
    return result;
}

// Before any training: no model, card or report may replace the labels, a list, or a
// feature file they name (`-o train.csv` once replaced the labels with a zip).
void TrainCommand::refuseOutputsOverInputs(
    const std::vector<train::PlannedRun>& plan, const Data& data) const
{
    std::vector<std::string> inputs { labelsPath_, listPath_, validationPath_ };
    for (const train::LabelledVideo& video : data.labelled)
        inputs.push_back(video.featuresPath);
    std::vector<files::PlannedOutput> outputs;
    for (const train::PlannedRun& planned : plan) {
        const std::string model = train::modelPathFor(outputPath_, planned, plan.size() == 1);
        outputs.push_back({ model, {}, {} });
        outputs.push_back({ fs::path(model).replace_extension(".json").string(), {}, {} });
    }
    const fs::path output(outputPath_);
    const std::string base = (output.parent_path() / output.stem()).string();
    for (const char* report : { ".report.csv", ".report.json", ".report.png" })
        outputs.push_back({ base + report, {}, {} });
    try {
        files::refuseOutputsOverInputs(outputs, inputs);
    } catch (const IoError& error) {
        throw UsageError(error.what());
    }
}

void TrainCommand::writeReports(const std::vector<train::RunResult>& results, const Data& data,
    const std::vector<uint64_t>& seeds) const
{
    const std::vector<train::SettingSummary> summaries = train::summarise(results);
    std::printf("\n%s", train::summaryTable(summaries, data.aucName).c_str());
    const fs::path output(outputPath_);
    const std::string base = (output.parent_path() / output.stem()).string();
    const json header { { "command", "vigil train" }, { "auc", data.aucName },
        { "source", data.source }, { "validation", validationPath_ }, { "folds", folds_ },
        { "epochs", epochs_ }, { "seeds", seeds }, { "batch_per_class", batchPerClass_ },
        { "lr", learningRate_ }, { "backbone", data.backbone } };
    train::writeReportCsv(base + ".report.csv", summaries);
    train::writeReportJson(base + ".report.json", header.dump(), results, summaries);
    const bool hasAucs = std::any_of(
        summaries.begin(), summaries.end(), [](const auto& s) { return !s.aucs.empty(); });
    if (hasAucs)
        writePlot(base + ".report.png", summaries, data.aucName);
    std::printf("wrote %s.report.csv, %s.report.json%s\n", base.c_str(), base.c_str(),
        hasAucs ? (", " + base + ".report.png").c_str() : "");
}

} // namespace vigil::app
