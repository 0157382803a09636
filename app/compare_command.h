#pragma once
// `vigil features compare A.npy B.npy`: how two feature files of the same video differ (step
// counts, crop order, scale, cosine; with a classifier, how alike their scores are), computed
// by core/eval/feature_comparison.h. Main thread only; one line on stderr per failure, exit
// codes from exit_codes.h (0 whenever both files were compared, whatever the verdict), nothing
// throws out of run().

#include "app/command_options.h"

#include <CLI/CLI.hpp>

#include <string>

namespace vigil::app {

// Owns the `compare` subcommand of `features` and its parsed values; CLI11 points into it, so
// it stays in place.
class CompareCommand {
public:
    explicit CompareCommand(CLI::App& features);
    CompareCommand(const CompareCommand&) = delete;
    CompareCommand& operator=(const CompareCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    int run() const;

private:
    bool isScoring() const; // only with a classifier named or demo weights asked for
    CLI::App* command_ = nullptr;
    std::string pathA_;
    std::string pathB_;
    engine::ModelRequest model_;
    analysis::WindowSettings windows_ = kAskedWindows;
    bool isJson_ = false;
};

} // namespace vigil::app
