#include "core/train/sweep_findings.h"

#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/files/regular_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace vigil::train {
namespace {

using nlohmann::json;

// The report writes NaN as null.
double numberOrNan(const json& value)
{
    return value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
}

RunResult runOf(const json& entry)
{
    RunResult run;
    run.shape.hiddenSize = entry.at("da").get<int64_t>();
    run.shape.rows = entry.at("r").get<int64_t>();
    run.seed = entry.at("seed").get<uint64_t>();
    run.fold = entry.at("fold").is_null() ? -1 : entry.at("fold").get<int>();
    run.auc = numberOrNan(entry.at("auc"));
    run.validationAuc = numberOrNan(entry.at("validation_auc"));
    run.selectedStep = entry.at("selected_step").get<int64_t>();
    run.steps = entry.at("steps").get<int64_t>();
    if (run.shape.hiddenSize <= 0 || run.shape.rows <= 0 || run.steps < 0 || run.selectedStep < 0
        || run.selectedStep > run.steps)
        throw std::invalid_argument("a run with impossible settings or steps");
    return run;
}

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0, double d = 0.0)
{
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

std::string settingName(const ClassifierShape& shape)
{
    return "d_a " + std::to_string(shape.hiddenSize) + ", r " + std::to_string(shape.rows);
}

// "93.00 % ± 4.24 (2 runs with an AUC)"; a figure that was not computed is said to be missing,
// never NaN.
std::string settingFigures(const SettingSummary& setting)
{
    const std::string runs
        = " (" + counted(static_cast<int64_t>(setting.aucs.size()), "run") + " with an AUC)";
    if (std::isnan(setting.mean))
        return "no AUC" + runs;
    if (std::isnan(setting.standardDeviation))
        return format("%.2f %%, no spread", 100.0 * setting.mean) + runs;
    return format("%.2f %% ± %.2f", 100.0 * setting.mean, 100.0 * setting.standardDeviation) + runs;
}

// Which settings the runs cannot tell from the best: means within the best's deviation.
std::string spreadFinding(const std::vector<SettingSummary>& settings)
{
    const SettingSummary* best = nullptr;
    double largestDeviation = 0.0;
    for (const SettingSummary& setting : settings) {
        if (std::isnan(setting.mean))
            continue;
        if (!best || setting.mean > best->mean)
            best = &setting;
        if (!std::isnan(setting.standardDeviation))
            largestDeviation = std::max(largestDeviation, setting.standardDeviation);
    }
    if (!best)
        return "No run of it has an AUC, so it cannot compare the settings.";
    if (std::isnan(best->standardDeviation))
        return "Its best setting, " + settingName(best->shape)
            + ", has a single run: one run gives no spread, so nothing tells it from the others.";
    std::string tied;
    for (const SettingSummary& setting : settings)
        if (&setting != best && !std::isnan(setting.mean)
            && best->mean - setting.mean <= best->standardDeviation)
            tied += (tied.empty() ? "" : "; ") + settingName(setting.shape);
    std::string text = "Best: " + settingName(best->shape)
        + format(" at %.2f %%; its runs spread by %.2f points (standard deviation), the widest "
                 "spread of any setting is %.2f points. ",
            100.0 * best->mean, 100.0 * best->standardDeviation, 100.0 * largestDeviation);
    return text
        + (tied.empty()
                ? "Every other setting's mean is further below it than that spread."
                : "Within that spread of it, so not told apart by these runs: " + tied + ".");
}

std::string overfittingFinding(const std::vector<RunResult>& runs)
{
    std::vector<double> keptAt; // selected step / steps, of runs that were validated
    for (const RunResult& run : runs)
        if (!std::isnan(run.validationAuc) && run.steps > 0)
            keptAt.push_back(
                static_cast<double>(run.selectedStep) / static_cast<double>(run.steps));
    if (keptAt.empty())
        return "Its runs were not validated during training (no --val), so it cannot show when "
               "the validation AUC peaked.";
    std::sort(keptAt.begin(), keptAt.end());
    const auto early
        = std::count_if(keptAt.begin(), keptAt.end(), [](double share) { return share < 0.999; });
    return format("In %.0f of its %.0f validated runs the kept weights came before the last step "
                  "(the median run kept those of %.0f %% of its training): ",
               static_cast<double>(early), static_cast<double>(keptAt.size()),
               100.0 * keptAt[keptAt.size() / 2])
        + (early == 0 ? "the validation AUC never fell, no sign of overfitting."
                      : "after that point training went on without the validation AUC ever "
                        "bettering it, the sign of overfitting (or of a plateau).");
}

} // namespace

SweepReport readSweepReport(const std::string& path)
{
    const files::RegularFile file(path);
    if (file.sizeBytes() > kMaxSweepReportBytes)
        throw IoError(path + ": too large for a training report");
    SweepReport report;
    try {
        const json document = json::parse(file.readAll());
        const json& runs = document.at("runs");
        if (!runs.is_array() || runs.empty() || runs.size() > kMaxSweepRuns)
            throw std::invalid_argument("its runs are not a list of 1 to 10000");
        for (const json& entry : runs)
            report.runs.push_back(runOf(entry));
    } catch (const json::exception& failure) {
        throw IoError(path + ": not a training report of vigil train: " + failure.what());
    } catch (const std::invalid_argument& failure) {
        throw IoError(path + ": not a training report of vigil train: " + failure.what());
    }
    report.settings = summarise(report.runs);
    return report;
}

std::vector<std::string> sweepFindings(const SweepReport& report, const std::string& source)
{
    std::string settings;
    for (const SettingSummary& setting : report.settings)
        settings += (settings.empty() ? "" : "; ") + settingName(setting.shape) + ": "
            + settingFigures(setting);
    return { "Your sweep, " + source + ", "
            + counted(static_cast<int64_t>(report.runs.size()), "run")
            + ": mean AUC ± standard deviation per setting: " + settings + ".",
        spreadFinding(report.settings), overfittingFinding(report.runs) };
}

} // namespace vigil::train
