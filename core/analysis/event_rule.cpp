#include "core/analysis/event_rule.h"

#include "core/analysis/detector_table.h"
#include "core/analysis/event_gate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

namespace vigil::analysis {
namespace {

constexpr float kNotScored = std::numeric_limits<float>::quiet_NaN();

bool isScored(const std::vector<float>& curve, size_t frame)
{
    return frame < curve.size() && !std::isnan(curve[frame]);
}

void checkRule(const EventRule& rule)
{
    if (!(rule.hysteresis >= 0.0) || !(rule.minDurationS >= 0.0))
        throw std::invalid_argument("the off threshold must not be above the on threshold");
    if (rule.source.kind == EventSource::Kind::AtLeastK && rule.source.k < 1)
        throw std::invalid_argument("at least k of n scorers needs k >= 1");
}

// The source as one curve with its on and off thresholds: the scorer's own scores, or for k of
// n the k-th highest margin above each scorer's own threshold (on 0, off -hysteresis).
struct SourceCurve {
    std::vector<float> values;
    double on = 0.0;
    double off = 0.0;
};

std::vector<float> kthMargins(const std::vector<ScorerThreshold>& scorers, int k, double slack)
{
    size_t frames = 0;
    for (const ScorerThreshold& scorer : scorers)
        frames = std::max(frames, scorer.frameScores->size());
    std::vector<float> kth(frames, kNotScored);
    std::vector<float> margins;
    for (size_t frame = 0; frame < frames; ++frame) {
        margins.clear();
        for (const ScorerThreshold& scorer : scorers)
            if (scorer.hasScores && isScored(*scorer.frameScores, frame))
                margins.push_back(
                    static_cast<float>((*scorer.frameScores)[frame] - scorer.threshold + slack));
        if (margins.size() < static_cast<size_t>(k))
            continue;
        std::nth_element(
            margins.begin(), margins.begin() + (k - 1), margins.end(), std::greater<>());
        kth[frame] = margins[static_cast<size_t>(k - 1)];
    }
    return kth;
}

SourceCurve sourceCurve(const EventRule& rule, const std::vector<ScorerThreshold>& scorers)
{
    if (rule.source.kind == EventSource::Kind::AtLeastK)
        return { kthMargins(scorers, rule.source.k, 0.0), 0.0, -rule.hysteresis };
    const std::string name = rule.source.kind == EventSource::Kind::Classifier
        ? std::string("attention")
        : std::string(toString(rule.source.detector));
    for (const ScorerThreshold& scorer : scorers)
        if (scorer.name == name)
            return { *scorer.frameScores, scorer.threshold, scorer.threshold - rule.hysteresis };
    return {}; // a detector the result does not hold: no events
}

double frameTimeS(const AnalysisResult& result, int64_t frame)
{
    if (result.framePtsUs.size() == result.frameScores.size() && frame >= 0
        && static_cast<size_t>(frame) < result.framePtsUs.size())
        return static_cast<double>(result.framePtsUs[static_cast<size_t>(frame)]) / 1e6;
    return result.video.fps > 0.0 ? static_cast<double>(frame) / result.video.fps : 0.0;
}

// From the first frame's start to the last one's end (live measures steps the same way).
double durationS(const AnalysisResult& result, const ScoreEvent& event)
{
    const double frameS = result.video.fps > 0.0 ? 1.0 / result.video.fps : 0.0;
    return frameTimeS(result, event.lastFrame) - frameTimeS(result, event.firstFrame) + frameS;
}

std::vector<ScoreEvent> gatedEvents(const SourceCurve& curve)
{
    std::vector<ScoreEvent> events;
    EventGate gate(curve.on, curve.off);
    for (size_t i = 0; i < curve.values.size(); ++i) {
        const float value = curve.values[i];
        const auto frame = static_cast<int64_t>(i);
        if (!gate.feed(value))
            continue;
        if (events.empty() || events.back().lastFrame != frame - 1)
            events.push_back({ frame, frame, frame, value });
        ScoreEvent& event = events.back();
        event.lastFrame = frame;
        if (value > event.peakScore) {
            event.peakScore = value;
            event.peakFrame = frame;
        }
    }
    return events;
}

} // namespace

std::optional<ScaleDefault> detectorDefault(const std::vector<float>& frameScores)
{
    std::vector<float> scored;
    std::copy_if(frameScores.begin(), frameScores.end(), std::back_inserter(scored),
        [](float score) { return !std::isnan(score); });
    if (scored.empty())
        return std::nullopt;
    const auto middle = scored.begin() + static_cast<std::ptrdiff_t>(scored.size() / 2);
    std::nth_element(scored.begin(), middle, scored.end());
    const double median = *middle;
    return ScaleDefault { std::round((median + (1.0 - median) / 2.0) * 100.0) / 100.0, median };
}

std::vector<ScorerThreshold> scorerThresholds(const AnalysisResult& result, const EventRule& rule)
{
    const auto hasScores = [](const std::vector<float>& curve) {
        return std::any_of(curve.begin(), curve.end(), [](float s) { return !std::isnan(s); });
    };
    std::vector<ScorerThreshold> scorers;
    scorers.push_back(
        { "attention", &result.frameScores, rule.on, false, 0.0, hasScores(result.frameScores) });
    for (const DetectorResult& detector : result.detectors) {
        ScorerThreshold scorer { std::string(toString(detector.kind)), &detector.frameScores, 0.0,
            true, 0.0, hasScores(detector.frameScores) };
        if (const auto scale = detectorDefault(detector.frameScores)) {
            scorer.threshold = scale->threshold;
            scorer.median = scale->median;
        }
        for (const DetectorThreshold& given : rule.detectorThresholds)
            if (given.kind == detector.kind) {
                scorer.threshold = given.value;
                scorer.isDefault = false;
            }
        scorers.push_back(std::move(scorer));
    }
    return scorers;
}

std::vector<ScoreEvent> findEvents(const AnalysisResult& result, const EventRule& rule)
{
    checkRule(rule);
    const std::vector<ScorerThreshold> scorers = scorerThresholds(result, rule);
    const SourceCurve curve = sourceCurve(rule, scorers);
    std::vector<ScoreEvent> events = gatedEvents(curve);
    events.erase(std::remove_if(events.begin(), events.end(),
                     [&](const ScoreEvent& event) {
                         return rule.minDurationS > 0.0
                             && durationS(result, event) < rule.minDurationS;
                     }),
        events.end());
    if (rule.source.kind != EventSource::Kind::AtLeastK)
        return events;
    const auto agreeingAt = [&scorers](size_t frame) {
        int agreeing = 0;
        for (const ScorerThreshold& scorer : scorers)
            agreeing += scorer.hasScores && isScored(*scorer.frameScores, frame)
                    && (*scorer.frameScores)[frame] >= scorer.threshold
                ? 1
                : 0;
        return agreeing;
    };
    // The peak: where the most scorers agree, and among those frames where the k-th is furthest
    // above its threshold (the first of equals).
    for (ScoreEvent& event : events) {
        for (int64_t frame = event.firstFrame; frame <= event.lastFrame; ++frame) {
            const int agreeing = agreeingAt(static_cast<size_t>(frame));
            const float margin = curve.values[static_cast<size_t>(frame)];
            if (agreeing > event.scorersAgreeing
                || (agreeing == event.scorersAgreeing
                    && margin > curve.values[static_cast<size_t>(event.peakFrame)])) {
                event.scorersAgreeing = agreeing;
                event.peakFrame = frame;
            }
        }
        const auto peak = static_cast<size_t>(event.peakFrame);
        event.peakScore
            = isScored(result.frameScores, peak) ? result.frameScores[peak] : kNotScored;
    }
    return events;
}

std::string sourceProblem(const AnalysisResult& result, const EventRule& rule)
{
    const std::vector<ScorerThreshold> scorers = scorerThresholds(result, rule);
    if (rule.source.kind == EventSource::Kind::Detector) {
        const std::string name(toString(rule.source.detector));
        for (const ScorerThreshold& scorer : scorers)
            if (scorer.name == name && scorer.hasScores)
                return {};
        return "no " + name + " scores in this result: analyse with --detectors " + name;
    }
    if (rule.source.kind == EventSource::Kind::AtLeastK) {
        const auto n = std::count_if(scorers.begin(), scorers.end(),
            [](const ScorerThreshold& scorer) { return scorer.hasScores; });
        if (n < rule.source.k)
            return eventSourceWord(rule.source) + " needs " + std::to_string(rule.source.k)
                + " scorers, this result has " + std::to_string(n)
                + " (add detectors with --detectors)";
    }
    return {};
}

std::optional<EventSource> parseEventSource(const std::string& word, std::string* problem)
{
    EventSource source;
    if (word == "attention")
        return source;
    if (const auto detector = fromString<DetectorKind>(word)) {
        source.kind = EventSource::Kind::Detector;
        source.detector = *detector;
        return source;
    }
    constexpr std::string_view suffix = "-of-n";
    int k = 0;
    const bool isKOfN = word.size() > suffix.size()
        && word.compare(word.size() - suffix.size(), suffix.size(), suffix) == 0;
    const char* end = word.data() + word.size() - suffix.size();
    if (isKOfN && std::from_chars(word.data(), end, k).ptr == end && k >= 1 && k <= 64) {
        source.kind = EventSource::Kind::AtLeastK;
        source.k = k;
        return source;
    }
    if (problem)
        *problem = "'" + word + "' is not a source of events: attention, " + detectorWords()
            + ", or K-of-n (at least K scorers, e.g. 2-of-n)";
    return std::nullopt;
}

std::string eventSourceWord(const EventSource& source)
{
    switch (source.kind) {
    case EventSource::Kind::Detector:
        return std::string(toString(source.detector));
    case EventSource::Kind::AtLeastK:
        return std::to_string(source.k) + "-of-n";
    case EventSource::Kind::Classifier:
        break;
    }
    return "attention";
}

} // namespace vigil::analysis
