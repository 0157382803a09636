#pragma once
// `vigil models` (list, fetch, import, verify, path). Main thread only. Each failure is one line
// on stderr ("vigil: <name or file>: <problem>"); results are exit codes from exit_codes.h and
// only Cancelled throws out of these functions, for runGuarded (app/command.h).

#include "core/common/cancellation.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace vigil::app {

// Owns the `models` subcommand's parsed values; CLI11 points into it, so it stays in place.
class ModelsCommand {
public:
    explicit ModelsCommand(CLI::App& cli); // adds `models` and its subcommands to cli
    ModelsCommand(const ModelsCommand&) = delete;
    ModelsCommand& operator=(const ModelsCommand&) = delete;

    bool isParsed() const { return command_->parsed(); }
    // list and path read the models folder and the manifest only, so the front (app/front.cpp)
    // answers them itself, without LibTorch; run() hands them to runListing().
    bool isListing() const;
    int runListing() const;
    int run(const CancellationToken& cancel) const;

private:
    CLI::App* command_ = nullptr;
    CLI::App* list_ = nullptr;
    CLI::App* fetch_ = nullptr;
    CLI::App* import_ = nullptr;
    CLI::App* verify_ = nullptr;
    CLI::App* path_ = nullptr;
    std::vector<std::string> names_;
    std::string importFile_;
    std::string importName_;
    bool isQuiet_ = false;
};

} // namespace vigil::app
