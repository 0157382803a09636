#pragma once
// `vigil eval`: the paper's frame-level evaluation of a classifier on extracted features
// (core/eval). Main thread only; one line on stderr per failure, exit codes from exit_codes.h,
// only Cancelled throws out of run(), for runGuarded (app/command.h).

#include "app/command_options.h"
#include "core/common/cancellation.h"

#include <CLI/CLI.hpp>

#include <string>

namespace vigil::app {

// Owns the `eval` subcommand's parsed values; CLI11 points into it, so it stays in place.
class EvalCommand {
public:
    explicit EvalCommand(CLI::App& cli);
    EvalCommand(const EvalCommand&) = delete;
    EvalCommand& operator=(const EvalCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    int run(const CancellationToken& cancel) const;

private:
    CLI::App* command_ = nullptr;
    std::string listPath_;
    std::string featuresDir_;
    std::string otherFeaturesDir_;
    std::string groundTruthPath_;
    std::string annotationsPath_;
    std::string outputDir_;
    int64_t splitSteps_ = defaults::kEvalSplitSteps;
    int64_t framesPerStep_ = defaults::kSnippetFrames;
    bool isJson_ = false;
    bool isQuiet_ = false;
    engine::ModelRequest model_;
};

} // namespace vigil::app
