#include "app/event_rule_options.h"

#include "app/option_checks.h"
#include "core/analysis/detector_table.h"
#include "core/common/count_limits.h"

#include <charconv>
#include <cstdio>

namespace vigil::app {
namespace {

// "rtfm=0.7" -> the detector and its threshold; nullopt with the problem.
std::optional<analysis::DetectorThreshold> parseDetectorThreshold(
    const std::string& text, std::string* problem)
{
    const size_t equals = text.find('=');
    const auto kind = fromString<DetectorKind>(text.substr(0, equals));
    double value = -1.0;
    const char* begin = equals == std::string::npos ? nullptr : text.data() + equals + 1;
    const char* end = text.data() + text.size();
    const bool isNumber = begin && begin != end && std::from_chars(begin, end, value).ptr == end;
    if (kind && isNumber && value >= bounds::threshold().min && value <= bounds::threshold().max)
        return analysis::DetectorThreshold { *kind, value };
    *problem = "'" + text + "' is not NAME=THRESHOLD (" + analysis::detectorWords(" or ")
        + ", and a score in [0, 1])";
    return std::nullopt;
}

} // namespace

void addEventRuleOptions(CLI::App& command, EventRuleOptions& options)
{
    command
        .add_option("--events-from", options.eventsFrom,
            "Whose scores make events: attention (the classifier), " + analysis::detectorWords()
                + " (a detector of --detectors), or K-of-n (at least K of the scorers, each at "
                  "its own threshold)")
        ->check(CLI::Validator(
            [](std::string& word) {
                std::string problem;
                return analysis::parseEventSource(word, &problem) ? std::string() : problem;
            },
            "WORD"))
        ->capture_default_str();
    command
        .add_option("--threshold", options.threshold,
            "The classifier's score at or above which an event opens")
        ->check(numberIn(bounds::threshold()))
        ->capture_default_str();
    command
        .add_option("--off", options.off,
            "An open event stays open down to this score (hysteresis; the same gap below each "
            "scorer's threshold); default: the threshold")
        ->check(numberIn(bounds::threshold()));
    command
        .add_option("--min-duration", options.minDurationS,
            "Seconds an event must last to be kept (shorter ones are dropped)")
        ->check(numberIn(bounds::alertMinDurationS()))
        ->capture_default_str();
    command
        .add_option("--detector-threshold", options.detectorThresholds,
            "NAME=THRESHOLD, repeatable: a detector's own threshold; default: halfway from "
            "its median score on the video to 1")
        ->check(CLI::Validator(
            [](std::string& text) {
                std::string problem;
                return parseDetectorThreshold(text, &problem) ? std::string() : problem;
            },
            "NAME=THRESHOLD"));
}

std::optional<analysis::EventRule> eventRuleOf(
    const EventRuleOptions& options, std::string* problem)
{
    analysis::EventRule rule;
    rule.source = *analysis::parseEventSource(options.eventsFrom, problem);
    rule.on = options.threshold;
    if (options.off >= 0.0 && options.off > options.threshold) {
        char text[120];
        std::snprintf(text, sizeof text,
            "--off %.2f is above --threshold %.2f: an event would close above where it opens",
            options.off, options.threshold);
        *problem = text;
        return std::nullopt;
    }
    rule.hysteresis = options.off >= 0.0 ? options.threshold - options.off : 0.0;
    rule.minDurationS = options.minDurationS;
    for (const std::string& text : options.detectorThresholds)
        rule.detectorThresholds.push_back(*parseDetectorThreshold(text, problem));
    return rule;
}

std::string eventSourceProblem(const engine::Engine& engine, const analysis::EventRule& rule)
{
    const std::vector<analysis::SelectedDetector>& detectors = engine.detectors();
    if (rule.source.kind == analysis::EventSource::Kind::Detector) {
        for (const analysis::SelectedDetector& detector : detectors)
            if (detector.kind == rule.source.detector)
                return {};
        const std::string name(toString(rule.source.detector));
        return "--events-from " + name + " needs --detectors " + name;
    }
    const auto scorers = static_cast<int>(detectors.size()) + 1;
    if (rule.source.kind == analysis::EventSource::Kind::AtLeastK && rule.source.k > scorers)
        return "--events-from " + analysis::eventSourceWord(rule.source) + " needs "
            + std::to_string(rule.source.k) + " scorers; these networks are "
            + std::to_string(scorers) + " (add detectors with --detectors)";
    return {};
}

std::string describeEventRule(const analysis::EventRule& rule)
{
    char text[160];
    std::snprintf(text, sizeof text, "events from %s, the classifier at %.2f",
        analysis::eventSourceWord(rule.source).c_str(), rule.on);
    std::string description = text;
    for (const analysis::DetectorThreshold& given : rule.detectorThresholds) {
        std::snprintf(text, sizeof text, ", %s at %.2f", toString(given.kind).data(), given.value);
        description += text;
    }
    if (rule.source.kind != analysis::EventSource::Kind::Classifier)
        description += ", other detectors at their defaults (halfway from their median to 1)";
    if (rule.hysteresis > 0.0) {
        std::snprintf(text, sizeof text, ", off %.2f below each threshold", rule.hysteresis);
        description += text;
    }
    if (rule.minDurationS > 0.0) {
        std::snprintf(text, sizeof text, ", at least %.1f s", rule.minDurationS);
        description += text;
    }
    return description;
}

} // namespace vigil::app
