#include "core/train/training_report.h"

#include "core/common/count_limits.h"
#include "core/files/atomic_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace vigil::train {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

std::vector<int64_t> positiveIntegers(const std::string& text, const std::string& what)
{
    std::vector<int64_t> values;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        size_t used = 0;
        long long value = -1;
        try {
            value = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != item.size() || value < 0)
            throw std::invalid_argument(what + ": '" + item + "' is not a non-negative integer");
        values.push_back(value);
    }
    if (values.empty())
        throw std::invalid_argument(what + ": no values in '" + text + "'");
    return values;
}

std::string formatAuc(double value)
{
    if (std::isnan(value))
        return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value * 100.0);
    return text;
}

nlohmann::json number(double value)
{
    return std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value);
}

} // namespace

std::vector<ClassifierShape> parseSweep(
    const std::vector<std::string>& terms, ClassifierShape defaults)
{
    std::vector<int64_t> hidden { defaults.hiddenSize };
    std::vector<int64_t> rows { defaults.rows };
    for (const std::string& term : terms) {
        const size_t equals = term.find('=');
        const std::string name = term.substr(0, equals);
        if (equals == std::string::npos || (name != "da" && name != "r"))
            throw std::invalid_argument("--sweep: expected da=LIST or r=LIST, got '" + term + "'");
        std::vector<int64_t> values = positiveIntegers(term.substr(equals + 1), "--sweep " + name);
        // Bounded like --da and --r: a value sizes the network's weight tensors.
        const CountBound bound = name == "da" ? bounds::hiddenSize() : bounds::rows();
        for (int64_t value : values)
            if (const std::string problem = countProblem(std::to_string(value), bound);
                !problem.empty())
                throw std::invalid_argument("--sweep " + name + ": " + problem);
        (name == "da" ? hidden : rows) = std::move(values);
    }
    std::vector<ClassifierShape> shapes;
    for (int64_t h : hidden)
        for (int64_t r : rows)
            shapes.push_back({ h, r });
    return shapes;
}

std::vector<uint64_t> parseSeeds(const std::string& text)
{
    std::vector<uint64_t> seeds;
    for (int64_t value : positiveIntegers(text, "--seeds"))
        seeds.push_back(static_cast<uint64_t>(value));
    return seeds;
}

std::vector<SettingSummary> summarise(const std::vector<RunResult>& runs)
{
    std::vector<SettingSummary> summaries;
    for (const RunResult& run : runs) {
        auto found = std::find_if(summaries.begin(), summaries.end(), [&](const SettingSummary& s) {
            return s.shape.hiddenSize == run.shape.hiddenSize && s.shape.rows == run.shape.rows;
        });
        if (found == summaries.end())
            found = summaries.insert(summaries.end(), SettingSummary { run.shape, {}, kNan, kNan });
        if (!std::isnan(run.auc))
            found->aucs.push_back(run.auc);
    }
    for (SettingSummary& summary : summaries) {
        const double n = static_cast<double>(summary.aucs.size());
        if (summary.aucs.empty())
            continue;
        double sum = 0.0;
        for (double auc : summary.aucs)
            sum += auc;
        summary.mean = sum / n;
        if (summary.aucs.size() < 2)
            continue;
        double squares = 0.0;
        for (double auc : summary.aucs)
            squares += (auc - summary.mean) * (auc - summary.mean);
        summary.standardDeviation = std::sqrt(squares / (n - 1.0));
    }
    return summaries;
}

std::string summaryTable(const std::vector<SettingSummary>& summaries, const std::string& aucName)
{
    std::string table = "   da    r  runs  mean " + aucName + " %   std %\n";
    for (const SettingSummary& summary : summaries) {
        char line[160];
        std::snprintf(line, sizeof line, "%5lld %4lld %5zu  %*s  %7s\n",
            static_cast<long long>(summary.shape.hiddenSize),
            static_cast<long long>(summary.shape.rows), summary.aucs.size(),
            static_cast<int>(aucName.size() + 7), formatAuc(summary.mean).c_str(),
            formatAuc(summary.standardDeviation).c_str());
        table += line;
    }
    return table;
}

void writeReportCsv(const std::string& path, const std::vector<SettingSummary>& summaries)
{
    files::writeFileAtomically(path, [&](std::ostream& out) {
        out << "da,r,runs,mean_auc,std_auc,aucs\n";
        for (const SettingSummary& summary : summaries) {
            char line[128];
            std::snprintf(line, sizeof line, "%lld,%lld,%zu,%.9g,%.9g,",
                static_cast<long long>(summary.shape.hiddenSize),
                static_cast<long long>(summary.shape.rows), summary.aucs.size(), summary.mean,
                summary.standardDeviation);
            out << line;
            for (size_t i = 0; i < summary.aucs.size(); ++i) {
                std::snprintf(line, sizeof line, "%s%.9g", i == 0 ? "" : " ", summary.aucs[i]);
                out << line;
            }
            out << "\n";
        }
    });
}

void writeReportJson(const std::string& path, const std::string& headerJson,
    const std::vector<RunResult>& runs, const std::vector<SettingSummary>& summaries)
{
    nlohmann::json report = nlohmann::json::parse(headerJson);
    nlohmann::json runList = nlohmann::json::array();
    for (const RunResult& run : runs) {
        runList.push_back(
            { { "da", run.shape.hiddenSize }, { "r", run.shape.rows }, { "seed", run.seed },
                { "fold", run.fold < 0 ? nlohmann::json(nullptr) : nlohmann::json(run.fold) },
                { "auc", number(run.auc) }, { "validation_auc", number(run.validationAuc) },
                { "selected_step", run.selectedStep }, { "steps", run.steps },
                { "model", run.modelPath } });
    }
    nlohmann::json settingList = nlohmann::json::array();
    for (const SettingSummary& summary : summaries) {
        settingList.push_back({ { "da", summary.shape.hiddenSize }, { "r", summary.shape.rows },
            { "runs", summary.aucs.size() }, { "mean_auc", number(summary.mean) },
            { "std_auc", number(summary.standardDeviation) }, { "aucs", summary.aucs } });
    }
    report["runs"] = runList;
    report["settings"] = settingList;
    files::writeFileAtomically(path, report.dump(2) + "\n");
}

} // namespace vigil::train
