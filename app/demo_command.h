#pragma once
// `vigil demo`: makes the demo (or finds it in the cache; core/demo/demo_kit.h) and analyses its
// video with its classifier, writing the results of `vigil analyze` to -o DIR; prints where the
// event is and how the scores inside it compare with those outside. Main thread only; one line
// on stderr per failure, exit codes from exit_codes.h; only Cancelled throws out of run(), for
// runGuarded (app/command.h).

#include "core/common/cancellation.h"

#include <CLI/CLI.hpp>

#include <string>

namespace vigil::app {

// Owns the `demo` subcommand's parsed values; CLI11 points into it, so it stays in place.
class DemoCommand {
public:
    explicit DemoCommand(CLI::App& cli);
    DemoCommand(const DemoCommand&) = delete;
    DemoCommand& operator=(const DemoCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    int run(const CancellationToken& cancel) const;

private:
    CLI::App* command_ = nullptr;
    std::string outputDir_ = "results";
    std::string source_;
    double seconds_ = 0.0;
    int threads_ = 0;
    bool isQuiet_ = false;
};

} // namespace vigil::app
