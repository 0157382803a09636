#include "app/eval_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/model_options.h"
#include "app/option_checks.h"
#include "app/plot_file.h"
#include "core/common/error.h"
#include "core/eval/evaluation.h"
#include "core/eval/family_scores.h"
#include "core/eval/feature_list.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_file.h"
#include "ui/plots/roc_plot.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <unistd.h>

namespace vigil::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<uint8_t> readLabels(const std::string& path)
{
    const FloatArray array = files::readNpy(path);
    std::vector<uint8_t> labels;
    labels.reserve(array.values.size());
    for (float value : array.values) {
        if (value != 0.0f && value != 1.0f)
            throw IoError(
                path + ": ground truth labels must be 0 or 1, found " + std::to_string(value));
        labels.push_back(value != 0.0f ? 1 : 0);
    }
    return labels;
}

// The comparison table, a row per scorer; NaN (undefined) as null.
json tableJson(const eval::EvalReport& report)
{
    const auto number
        = [](double value) { return std::isnan(value) ? json(nullptr) : json(value); };
    json rows = json::array();
    for (const eval::ScorerMetrics& row : report.table) {
        json classes = json::object();
        for (const auto& [name, auc] : row.classRocAuc)
            classes[name] = number(auc);
        rows.push_back({ { "name", row.name }, { "roc_auc", number(row.rocAuc) },
            { "pr_auc", number(row.prAuc) }, { "false_alarm_rate", number(row.falseAlarmRate) },
            { "class_roc_auc", classes } });
    }
    return rows;
}

json reportJson(const eval::EvalReport& report, const eval::EvalSettings& settings,
    const engine::Engine& engine)
{
    const auto number
        = [](double value) { return std::isnan(value) ? json(nullptr) : json(value); };
    json classes = json::object();
    for (const auto& [name, auc] : report.classRocAuc)
        classes[name] = number(auc);
    json videos = json::array();
    for (const eval::VideoScores& video : report.perVideo) {
        videos.push_back({ { "features", video.featuresPath }, { "class", video.className },
            { "steps", video.steps }, { "crops", video.crops },
            { "made_by", video.madeBy.empty() ? json(nullptr) : json(video.madeBy) },
            { "other_features",
                video.otherFeaturesPath.empty() ? json(nullptr) : json(video.otherFeaturesPath) },
            { "frames", video.frameScores.size() } });
    }
    const analysis::WeightsInfo& classifier = engine.description().classifier;
    std::vector<std::string> warnings = engine.warnings();
    warnings.insert(warnings.end(), report.warnings.begin(), report.warnings.end());
    return { { "roc_auc", number(report.rocAuc) }, { "pr_auc", number(report.prAuc) },
        { "frames", report.frames }, { "anomalous_frames", report.anomalousFrames },
        { "videos", report.videos }, { "split_steps", settings.splitSteps },
        { "frames_per_step", settings.framesPerStep },
        { "classifier",
            { { "path", classifier.path }, { "sha256", classifier.sha256 },
                { "provenance", toString(classifier.provenance) }, { "name", classifier.name },
                { "da", engine.description().hiddenSize },
                { "r", engine.description().attentionRows } } },
        { "class_roc_auc", classes }, { "per_video", videos }, { "detectors", tableJson(report) },
        { "warnings", warnings } };
}

void writeOutputs(
    const std::string& dir, const eval::EvalReport& report, const json& reportJsonValue)
{
    files::createOutputFolder(dir);
    files::writeFileAtomically(
        dir + "/report.json", [&](std::ostream& out) { out << reportJsonValue.dump(2) << "\n"; });
    files::writeFileAtomically(dir + "/roc.csv", [&](std::ostream& out) {
        out << "fpr,tpr,threshold\n";
        char line[96];
        for (const eval::CurvePoint& point : report.roc) {
            std::snprintf(line, sizeof line, "%.9g,%.9g,%.9g\n", point.x, point.y, point.threshold);
            out << line;
        }
    });
    savePlotPng(dir + "/roc.png", [&] {
        return ui::renderRocPlot(report.roc, report.rocAuc,
            QStringLiteral("Frame-level ROC, %1 videos, %2 frames")
                .arg(report.videos)
                .arg(report.frames));
    });
}

void printReport(const eval::EvalReport& report)
{
    std::printf("videos %lld, frames %lld (%lld anomalous)\n",
        static_cast<long long>(report.videos), static_cast<long long>(report.frames),
        static_cast<long long>(report.anomalousFrames));
    std::printf("ROC AUC %.4f %%\nPR AUC  %.4f %%\n", report.rocAuc * 100.0, report.prAuc * 100.0);
    for (const auto& [name, auc] : report.classRocAuc)
        std::printf("  %-16s ROC AUC %.2f %%\n", name.c_str(), auc * 100.0);
}

// One updating line on a terminal; a line per tenth of the videos otherwise.
void printProgress(int64_t done, int64_t total)
{
    const bool isTerminal = ::isatty(STDERR_FILENO) != 0;
    if (!isTerminal && done % std::max<int64_t>(total / 10, 1) != 0 && done != total)
        return;
    std::fprintf(stderr,
        isTerminal ? "\reval: %lld/%lld feature files%s" : "eval: %lld/%lld feature files%s",
        static_cast<long long>(done), static_cast<long long>(total),
        isTerminal && done != total ? "" : "\n");
}

// Frame labels concatenated over the videos (--gt), or the temporal annotations.
eval::GroundTruth groundTruth(const std::string& labelsPath, const std::string& annotationsPath)
{
    eval::GroundTruth truth;
    if (!labelsPath.empty())
        truth.concatenatedLabels = readLabels(labelsPath);
    else
        truth.annotations = eval::TemporalAnnotations::read(annotationsPath);
    return truth;
}

} // namespace

int EvalCommand::run(const CancellationToken& cancel) const
{
    if (listPath_.empty() == featuresDir_.empty()
        || groundTruthPath_.empty() == annotationsPath_.empty()) {
        printError("eval needs --list or --features-dir, and --gt or --annotations (see vigil eval "
                   "--help)");
        return kExitUsage;
    }
    try {
        engine::ModelRequest request = model_;
        request.needs = engine::NeededNetworks::ClassifierOnly;
        int exitCode = kExitOk;
        const std::optional<engine::Engine> engine = loadCliEngine(request, exitCode);
        if (!engine)
            return exitCode;
        for (const std::string& warning : engine->warnings())
            printError("warning: " + warning);
        const std::vector<std::string> files = listPath_.empty()
            ? eval::featureFilesIn(featuresDir_)
            : eval::readFeatureList(listPath_);
        const eval::GroundTruth truth = groundTruth(groundTruthPath_, annotationsPath_);
        eval::EvalSettings settings;
        settings.splitSteps = splitSteps_;
        settings.framesPerStep = framesPerStep_;
        settings.otherFeaturesDir = otherFeaturesDir_;
        if (const std::string problem = eval::otherFeaturesProblem(engine->detectors(), settings);
            !problem.empty()) {
            printError(problem);
            return kExitUsage;
        }
        const eval::EvalReport report = eval::evaluate(
            files, truth, engine->classifier(), settings, cancel,
            [this](int64_t done, int64_t total) {
                if (!isQuiet_)
                    printProgress(done, total);
            },
            engine->detectors());
        for (const std::string& warning : report.warnings)
            printError("warning: " + warning);
        const json value = reportJson(report, settings, *engine);
        if (isJson_)
            std::printf("%s\n", value.dump(2).c_str());
        else
            printReport(report);
        if (!isJson_ && (model_.detectors.isAll || !model_.detectors.kinds.empty()))
            std::printf("\n%s", eval::formatDetectorTable(report.table).c_str());
        if (!outputDir_.empty()) {
            writeOutputs(outputDir_, report, value);
            if (!isJson_)
                std::printf("wrote %s/report.json, roc.csv, roc.png\n", outputDir_.c_str());
        }
        return kExitOk;
    } catch (const Cancelled&) {
        throw; // to runGuarded (app/command.h); std::exception below would call it a failure
    } catch (const std::exception& error) {
        printError(error.what());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
