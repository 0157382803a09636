#pragma once
// `vigil clips RESULT.vigil.json|FOLDER... -o DIR`: the events of finished analyses cut from
// their videos by stream copy (core/clips/result_clips.h), one line per clip on stdout. Main
// thread only; one line on stderr per result that fails, the others still cut; exit codes from
// exit_codes.h; only Cancelled throws out of run(), for runGuarded (app/command.h).

#include "app/event_rule_options.h"
#include "core/clips/result_clips.h"
#include "core/common/cancellation.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace vigil::app {

// Owns the `clips` subcommand's parsed values; CLI11 points into it, so it stays in place.
class ClipsCommand {
public:
    explicit ClipsCommand(CLI::App& cli);
    ClipsCommand(const ClipsCommand&) = delete;
    ClipsCommand& operator=(const ClipsCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    int run(const CancellationToken& cancel) const;

private:
    CLI::App* command_ = nullptr;
    std::vector<std::string> inputs_;
    std::string outputDir_;
    clips::ClipSettings settings_; // its events come from eventOptions_ at run()
    EventRuleOptions eventOptions_;
};

} // namespace vigil::app
