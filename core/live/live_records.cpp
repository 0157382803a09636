#include "core/live/live_records.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>

namespace vigil::live {
namespace {

double seconds(int64_t us)
{
    return static_cast<double>(us) / 1e6;
}

nlohmann::json attentionJson(const ScoredStep& step)
{
    // Rows first, as vigil.json stores attention: rows x steps, each row a softmax over steps.
    const size_t steps = step.attention.size();
    const size_t rows = steps > 0 ? step.attention.front().size() : 0;
    nlohmann::json matrix = nlohmann::json::array();
    for (size_t r = 0; r < rows; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (size_t s = 0; s < steps; ++s)
            row.push_back(step.attention[s][r]);
        matrix.push_back(std::move(row));
    }
    return matrix;
}

} // namespace

std::string closedByText(AlertEnd end)
{
    switch (end) {
    case AlertEnd::Score:
        return "score";
    case AlertEnd::Stop:
        return "stop";
    case AlertEnd::StreamLost:
        return "stream-lost";
    case AlertEnd::Unscored:
        return "unscored";
    }
    return "score";
}

std::string wallTimeText(int64_t msSinceEpoch)
{
    const std::time_t seconds = static_cast<std::time_t>(msSinceEpoch / 1000);
    std::tm utc {};
    gmtime_r(&seconds, &utc);
    char text[80];
    std::snprintf(text, sizeof(text), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
        utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
        static_cast<int>(msSinceEpoch % 1000));
    return text;
}

int64_t wallClockMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string eventJsonLine(const EventRecord& event)
{
    const Alert& alert = event.alert;
    // Each line carries the format and version of the layout, as every file Vigil writes does.
    nlohmann::json line = {
        { "format", "vigil-event" },
        { "version", 2 },
        { "type", "alert" },
        { "id", event.id },
        { "source", event.source },
        { "networks", event.networks },
        { "start_s", seconds(alert.startUs) },
        { "end_s", seconds(alert.endUs) },
        { "start_wall", wallTimeText(alert.wallStartMs) },
        { "end_wall", wallTimeText(alert.wallEndMs) },
        { "duration_s", seconds(alert.endUs - alert.startUs) },
        { "peak_score", alert.peak.score },
        { "peak_s", seconds(alert.peak.startUs) },
        { "peak_wall", wallTimeText(alert.peak.wallStartMs) },
        { "peak_window_steps", alert.peak.attention.size() },
        { "peak_attention", attentionJson(alert.peak) },
        { "closed_by", closedByText(alert.closedBy) },
        { "thumbnail",
            event.thumbnail.empty() ? nlohmann::json() : nlohmann::json(event.thumbnail) },
        { "clip", event.clip.empty() ? nlohmann::json() : nlohmann::json(event.clip) },
        { "clip_from_s", seconds(event.clipFromUs) },
        { "clip_to_s", seconds(event.clipToUs) },
    };
    // Never a raw control character: dump() escapes them, so the line has no newline inside.
    return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string clipJsonLine(const EventRecord& event, const std::string& problem)
{
    nlohmann::json line = {
        { "format", "vigil-event" },
        { "version", 2 },
        { "type", problem.empty() ? "clip_written" : "clip_failed" },
        { "id", event.id },
    };
    if (problem.empty())
        line["clip"] = event.clip;
    else
        line["reason"] = problem;
    line["clip_from_s"] = seconds(event.clipFromUs);
    line["clip_to_s"] = seconds(event.clipToUs);
    return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string scoresCsvRow(int64_t streamUs, int64_t wallMs, std::optional<float> score)
{
    char text[96];
    if (score)
        std::snprintf(text, sizeof(text), "%.3f,%s,%.6f", seconds(streamUs),
            wallTimeText(wallMs).c_str(), static_cast<double>(*score));
    else
        std::snprintf(
            text, sizeof(text), "%.3f,%s,", seconds(streamUs), wallTimeText(wallMs).c_str());
    return text;
}

} // namespace vigil::live
