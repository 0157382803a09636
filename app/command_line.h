#pragma once
// vigil's command line: every command and its options, declared once on one CLI::App in the order
// --help lists them. Free of LibTorch, Qt and FFmpeg, so that the front (app/front.cpp) parses
// with it and answers --help, --version and `models list` itself; the program proper
// (app/cli.cpp) parses the same way and runs the command. Main thread only.

#include "app/batch_command.h"
#include "app/clips_command.h"
#include "app/command_options.h"
#include "app/compare_command.h"
#include "app/demo_command.h"
#include "app/eval_command.h"
#include "app/explain_command.h"
#include "app/gui_command.h"
#include "app/models_command.h"
#include "app/train_command.h"
#include "app/watch_command.h"
#include "core/common/cancellation.h"

#include <CLI/CLI.hpp>

#include <optional>

namespace vigil::app {

// Every command; CLI11 writes into these members while parsing, so they stay in place.
struct Commands {
    explicit Commands(CLI::App& cli);
    Commands(const Commands&) = delete;
    Commands& operator=(const Commands&) = delete;

    // Runs the parsed command, the desktop app when there is none, through runGuarded
    // (app/command.h) (app/cli.cpp: it needs the networks and the GUI).
    int run(char* argv0, const CancellationToken& cancel);

    RunOptions options;
    BatchCommandOptions batchOptions;
    ExplainOptions explainOptions;
    GuiOptions guiOptions;
    CLI::App* analyze;
    CLI::App* features;
    CompareCommand comparison;
    CLI::App* score;
    CLI::App* batch;
    CLI::App* explain;
    ModelsCommand models;
    EvalCommand evaluation;
    TrainCommand training;
    ClipsCommand clips;
    WatchCommand watch;
    DemoCommand demo;
    CLI::App* gui;
};

// vigil itself (its description, exit codes, --version, --verbose) with every command.
struct CommandLine {
    CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    // nullopt when a command is to run; else the exit code, after printing --help, --version
    // or the one-line refusal of a usage error.
    std::optional<int> parse(int argc, char** argv);

    CLI::App cli;
    bool isVerbose = false;
    Commands commands;
};

// A damaged cache is ignored by core; the user hears of it once, as a warning on stderr.
void reportIgnoredFiles();

} // namespace vigil::app
