#include "core/live/watch_health.h"

#include "core/common/defaults.h"
#include "core/live/live_records.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace vigil::live {
namespace {

int64_t percentile(std::vector<int64_t> values, double share)
{
    if (values.empty())
        return -1;
    const auto rank
        = static_cast<size_t>(std::ceil(share * static_cast<double>(values.size())) - 1.0);
    const size_t index = std::min(rank, values.size() - 1);
    std::nth_element(
        values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index), values.end());
    return values[index];
}

double rounded(double value, double step)
{
    return std::round(value / step) * step;
}

} // namespace

void WatchHealth::add(const Mark& mark)
{
    marks_.push_back(mark);
    while (!marks_.empty()
        && (marks_.size() > kMaxMarks || marks_.front().endUs <= mark.endUs - kSpanUs))
        marks_.pop_front();
}

void WatchHealth::decoded(int64_t nowUs, int64_t framesSoFar)
{
    decodes_.emplace_back(nowUs, framesSoFar);
    while (decodes_.size() > kMaxMarks
        || (decodes_.size() > 2 && decodes_.back().first - decodes_[1].first >= kSpanUs))
        decodes_.pop_front();
}

HealthFigures WatchHealth::figures() const
{
    HealthFigures figures;
    figures.reconnections = reconnections_;
    if (decodes_.size() >= 2) {
        const double spanS
            = static_cast<double>(decodes_.back().first - decodes_.front().first) / 1e6;
        if (spanS >= 1.0)
            figures.decodeFps
                = static_cast<double>(decodes_.back().second - decodes_.front().second) / spanS;
    }
    if (marks_.empty())
        return figures;
    std::vector<int64_t> lags;
    size_t unscored = 0;
    for (const Mark& mark : marks_) {
        if (mark.kind == Kind::Scored)
            lags.push_back(mark.lagMs);
        else
            ++unscored;
    }
    // The span a mark covers starts where the previous one ended; the oldest counts whole.
    const int64_t snippetUs = marks_.size() > 1
        ? (marks_.back().endUs - marks_.front().endUs) / static_cast<int64_t>(marks_.size() - 1)
        : 0;
    figures.spanS
        = static_cast<double>(marks_.back().endUs - marks_.front().endUs + snippetUs) / 1e6;
    figures.scoredPerS
        = figures.spanS > 0.0 ? static_cast<double>(lags.size()) / figures.spanS : 0.0;
    figures.skippedShare = static_cast<double>(unscored) / static_cast<double>(marks_.size());
    figures.lagP50Ms = percentile(lags, 0.5);
    figures.lagP95Ms = percentile(lags, 0.95);
    figures.isUnreliable = figures.skippedShare > 1.0 - defaults::kLiveMinScoredShare;
    return figures;
}

namespace {

// The figures' fields, shared by a camera's status file and the process's.
void putFigures(nlohmann::json& into, const HealthFigures& figures)
{
    const auto seconds = [](int64_t ms) {
        return ms < 0 ? nlohmann::json(nullptr) : nlohmann::json(rounded(ms / 1e3, 0.001));
    };
    into["span_s"] = rounded(figures.spanS, 0.001);
    into["scored_per_s"] = rounded(figures.scoredPerS, 0.001);
    into["skipped_share"] = rounded(figures.skippedShare, 0.0001);
    into["lag_p50_s"] = seconds(figures.lagP50Ms);
    into["lag_p95_s"] = seconds(figures.lagP95Ms);
    into["reconnections"] = figures.reconnections;
    into["decode_fps"] = figures.decodeFps < 0.0 ? nlohmann::json(nullptr)
                                                 : nlohmann::json(rounded(figures.decodeFps, 0.01));
    into["alerts_reliable"] = !figures.isUnreliable;
}

} // namespace

std::string statusJson(
    const HealthFigures& figures, const std::string& source, int64_t streamUs, int64_t wallMs)
{
    nlohmann::json status { { "format", "vigil-watch-status" }, { "version", 1 },
        { "source", source }, { "stream_s", rounded(static_cast<double>(streamUs) / 1e6, 0.001) } };
    putFigures(status, figures);
    status["updated_wall"] = wallTimeText(wallMs);
    return status.dump() + "\n";
}

std::string processStatusJson(const std::vector<CameraHealth>& cameras, int64_t wallMs)
{
    nlohmann::json list = nlohmann::json::array();
    int64_t watching = 0;
    bool isReliable = true;
    for (const CameraHealth& camera : cameras) {
        nlohmann::json item { { "name", camera.name }, { "source", camera.source },
            { "state", camera.state } };
        if (!camera.failure.empty())
            item["failure"] = camera.failure;
        putFigures(item, camera.figures);
        list.push_back(std::move(item));
        if (camera.state == "watching") {
            ++watching;
            isReliable = isReliable && !camera.figures.isUnreliable;
        }
    }
    const nlohmann::json status { { "format", "vigil-watch-process-status" }, { "version", 1 },
        { "cameras", std::move(list) }, { "cameras_watching", watching },
        { "alerts_reliable", isReliable && watching > 0 },
        { "updated_wall", wallTimeText(wallMs) } };
    return status.dump() + "\n";
}

} // namespace vigil::live
