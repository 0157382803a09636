#pragma once
// The one event rule's options (core/analysis/event_rule.h), the same words on every command
// that finds events offline (`vigil clips`, `vigil batch`): --events-from, --threshold, --off,
// --min-duration and --detector-threshold. Words are checked while parsing, so a bad one is a
// usage error before anything runs.

#include "core/analysis/event_rule.h"
#include "core/common/defaults.h"
#include "core/engine/engine.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace vigil::app {

struct EventRuleOptions {
    std::string eventsFrom = "attention";
    double threshold = defaults::kThreshold;
    double off = -1.0; // below 0: the threshold itself (no hysteresis)
    double minDurationS = 0.0;
    std::vector<std::string> detectorThresholds; // NAME=VALUE
};

void addEventRuleOptions(CLI::App& command, EventRuleOptions& options);

// The rule the options give; nullopt with the problem when --off is above --threshold.
std::optional<analysis::EventRule> eventRuleOf(
    const EventRuleOptions& options, std::string* problem);

// Why the networks of a run cannot score the rule's source (--events-from rtfm without
// --detectors rtfm, or K-of-n with fewer scorers); empty when they can.
std::string eventSourceProblem(const engine::Engine& engine, const analysis::EventRule& rule);

// "events from rtfm at 0.75 (its default: halfway from its median 0.51 to 1), off 0.65, at
// least 1.0 s": what the printed summaries say about the events they count.
std::string describeEventRule(const analysis::EventRule& rule);

} // namespace vigil::app
