#pragma once
// `vigil models` (list, fetch, import, verify, path), and how analyze and score turn manifest
// names and installed published weights into files. Main thread only. Each failure is one line
// on stderr ("vigil: <name or file>: <problem>"); results are exit codes from exit_codes.h and
// nothing throws out of these functions.

#include "app/command_options.h"
#include "core/analysis/analysis_result.h"
#include "core/common/cancellation.h"
#include "models/model_factory.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace vigil::app {

// Owns the `models` subcommand's parsed values; CLI11 points into it, so it stays in place.
class ModelsCommand {
public:
    explicit ModelsCommand(CLI::App& cli);  // adds `models` and its subcommands to cli
    ModelsCommand(const ModelsCommand&) = delete;
    ModelsCommand& operator=(const ModelsCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    int run(const CancellationToken& cancel) const;

private:
    CLI::App* command_ = nullptr;
    CLI::App* list_ = nullptr;
    CLI::App* fetch_ = nullptr;
    CLI::App* import_ = nullptr;
    CLI::App* verify_ = nullptr;
    std::vector<std::string> names_;
    std::string importFile_;
    std::string importName_;
    bool isQuiet_ = false;
};

// What analyze and score run with once names and installed defaults are resolved.
struct WeightsChoice {
    ModelOptions options;             // classifier and backbone weights as file paths
    std::string classifierName;       // manifest names of the published weights in use
    std::string backboneName;
    std::optional<models::LoadedBackbone> backbone;  // loaded while checking an installed default
    std::vector<std::string> warnings;               // for stderr and every result's JSON
};

// `--classifier da64-r3|da128-r7|FILE`; without --classifier (and without --demo-weights) the
// installed published classifier, and the installed backbone weights if this build reads them.
// nullopt after printing why named weights cannot be used (exit code 2).
std::optional<WeightsChoice> chooseWeights(const ModelOptions& requested, bool needsBackbone);

// Marks the weights that came from the manifest as "published", with their name.
void describePublished(const WeightsChoice& choice, analysis::ModelDescription& description);

} // namespace vigil::app
