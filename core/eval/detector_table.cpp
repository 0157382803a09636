#include "core/eval/detector_table.h"

#include "core/eval/roc_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace vigil::eval {
namespace {

bool isNormal(const ScoredVideo& video)
{
    if (!video.className.empty())
        return video.className == "Normal";
    return std::none_of(video.frameLabels.begin(), video.frameLabels.end(),
        [](uint8_t label) { return label != 0; });
}

// Frames of the videos `take` selects, for scorer s.
template <typename Take>
void gather(const std::vector<ScoredVideo>& videos, size_t s, Take take, std::vector<float>& scores,
    std::vector<uint8_t>& labels)
{
    for (const ScoredVideo& video : videos) {
        if (!take(video))
            continue;
        scores.insert(
            scores.end(), video.scorerFrameScores[s].begin(), video.scorerFrameScores[s].end());
        labels.insert(labels.end(), video.frameLabels.begin(), video.frameLabels.end());
    }
}

double falseAlarmRate(const std::vector<ScoredVideo>& videos, size_t s)
{
    int64_t frames = 0;
    int64_t alarms = 0;
    for (const ScoredVideo& video : videos) {
        if (!isNormal(video))
            continue;
        for (const float score : video.scorerFrameScores[s]) {
            ++frames;
            alarms += score >= kFalseAlarmThreshold ? 1 : 0;
        }
    }
    return frames > 0 ? static_cast<double>(alarms) / static_cast<double>(frames)
                      : std::numeric_limits<double>::quiet_NaN();
}

std::string percent(double value)
{
    char text[32];
    if (std::isnan(value))
        std::snprintf(text, sizeof text, "%10s", "n/a");
    else
        std::snprintf(text, sizeof text, "%9.2f%%", value * 100.0);
    return text;
}

} // namespace

std::vector<ScorerMetrics> detectorTable(
    const std::vector<std::string>& names, const std::vector<ScoredVideo>& videos)
{
    std::set<std::string> classes;
    for (const ScoredVideo& video : videos)
        if (!video.className.empty() && video.className != "Normal")
            classes.insert(video.className);
    std::vector<ScorerMetrics> table;
    for (size_t s = 0; s < names.size(); ++s) {
        ScorerMetrics metrics;
        metrics.name = names[s];
        std::vector<float> scores;
        std::vector<uint8_t> labels;
        gather(
            videos, s, [](const ScoredVideo&) { return true; }, scores, labels);
        metrics.rocAuc = rocAuc(scores, labels);
        metrics.prAuc = prAuc(scores, labels);
        metrics.falseAlarmRate = falseAlarmRate(videos, s);
        for (const std::string& name : classes) {
            std::vector<float> classScores;
            std::vector<uint8_t> classLabels;
            gather(
                videos, s,
                [&name](const ScoredVideo& video) {
                    return video.className == name || video.className == "Normal";
                },
                classScores, classLabels);
            metrics.classRocAuc[name] = rocAuc(classScores, classLabels);
        }
        table.push_back(std::move(metrics));
    }
    return table;
}

std::string formatDetectorTable(const std::vector<ScorerMetrics>& table)
{
    char line[160];
    std::snprintf(
        line, sizeof line, "%-16s %10s %10s %10s\n", "detector", "ROC AUC", "PR AUC", "FA@0.5");
    std::string text = line;
    for (const ScorerMetrics& row : table) {
        std::snprintf(line, sizeof line, "%-16s %s %s %s\n", row.name.c_str(),
            percent(row.rocAuc).c_str(), percent(row.prAuc).c_str(),
            percent(row.falseAlarmRate).c_str());
        text += line;
    }
    if (table.empty() || table.front().classRocAuc.empty())
        return text;
    std::snprintf(line, sizeof line, "%-16s", "class ROC AUC");
    text += line;
    for (const ScorerMetrics& row : table) {
        std::snprintf(line, sizeof line, " %10s", row.name.c_str());
        text += line;
    }
    text += "\n";
    for (const auto& [name, auc] : table.front().classRocAuc) {
        std::snprintf(line, sizeof line, "%-16s", name.c_str());
        text += line;
        for (const ScorerMetrics& row : table)
            text += " " + percent(row.classRocAuc.at(name));
        text += "\n";
    }
    return text;
}

} // namespace vigil::eval
