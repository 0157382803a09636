#pragma once
// `vigil watch SOURCE`: scores a live stream or camera as it comes (core/live/watch_session.h),
// appends DIR/scores.csv and DIR/events.jsonl, writes a thumbnail and a clip per alert. Main
// thread only; one line on stderr per problem, exit codes from exit_codes.h; nothing throws out
// of run().

#include "app/command_options.h"
#include "core/common/cancellation.h"
#include "core/live/watch_plan.h"

#include <CLI/CLI.hpp>

#include <string>

namespace vigil::app {

struct WatchOptions {
    live::WatchChoices choices; // as live::planWatch takes them, from the desktop app too
    bool isQuiet = false;
};

// Owns the `watch` subcommand's parsed values; CLI11 points into them, so it stays in place.
class WatchCommand {
public:
    explicit WatchCommand(CLI::App& cli);
    WatchCommand(const WatchCommand&) = delete;
    WatchCommand& operator=(const WatchCommand&) = delete;

    // The subcommand, for the model options cli.cpp adds to every command that runs networks.
    CLI::App& command() { return *command_; }
    bool isParsed() const { return command_->parsed(); }
    int run(const RunOptions& options, const CancellationToken& cancel) const;

private:
    CLI::App* command_ = nullptr;
    WatchOptions watch_;
};

} // namespace vigil::app
