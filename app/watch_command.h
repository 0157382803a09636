#pragma once
// `vigil watch [NAME=]SOURCE... | --cameras FILE`: scores live streams or cameras as they come,
// all with one set of networks (core/live/multi_watch.h); each camera appends its scores.csv and
// events.jsonl and writes a thumbnail and a clip per alert, in DIR (one unnamed camera) or
// DIR/<name>/. Main
// thread only; one line on stderr per problem, exit codes from exit_codes.h; nothing throws out
// of run().

#include "app/command_options.h"
#include "core/common/cancellation.h"
#include "core/live/watch_plan.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace vigil::app {

struct WatchOptions {
    live::WatchChoices choices; // every camera's, as live::planWatch takes them; location unused
    std::vector<std::string> sources; // [NAME=]SOURCE, as typed
    std::string camerasFile; // --cameras: empty for none
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
