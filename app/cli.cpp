#include "app/cli.h"

#include "app/command.h"
#include "app/command_line.h"
#include "app/commands.h"
#include "app/exit_codes.h"
#include "app/print_error.h"
#include "core/common/backbone_table.h"
#include "core/common/settings.h"
#include "core/media/media_log.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <utility>

namespace vigil::app {
namespace {

// After parsing: one line for a usage problem CLI11 cannot see; nullopt when there is none. A
// run that names no preset takes its backbone's (i3d-inception's is urdmu).
std::optional<int> optionsProblem(RunOptions& options)
{
    if (!options.isPresetGiven)
        options.model.preset = defaultPresetOf(options.model.backbone);
    if (const std::string problem = presetProblem(options.model.backbone, options.model.preset);
        !problem.empty()) {
        printError(problem);
        return kExitUsage;
    }
    return std::nullopt;
}

// One command of the command line as a Command: whether CLI11 parsed it, and the function of
// app/ that runs it. The classes that hold a command's parsed values (ClipsCommand...) are not
// Commands themselves: the front (app/front.cpp) constructs them to parse, and links none of
// their run()s, which need LibTorch and Qt.
class ParsedCommand final : public Command {
public:
    using Run = std::function<int(const CancellationToken&)>;
    ParsedCommand(bool isParsed, Run run)
        : isParsed_(isParsed)
        , run_(std::move(run))
    {
    }
    bool isParsed() const override { return isParsed_; }
    int run(const CancellationToken& cancel) const override { return run_(cancel); }

private:
    bool isParsed_;
    Run run_;
};

} // namespace

int Commands::run(char* argv0, const CancellationToken& cancel)
{
    using Token = const CancellationToken&;
    // In --help's order, but `features compare` before `features`: both are parsed then.
    const std::array<ParsedCommand, 13> commands { {
        { analyze->parsed(), [this](Token token) { return runAnalyze(options, token); } },
        { comparison.isParsed(), [this](Token) { return comparison.run(); } },
        { features->parsed(), [this](Token token) { return runFeatures(options, token); } },
        { score->parsed(), [this](Token token) { return runScore(options, token); } },
        { batch->parsed(), [this](Token token) { return runBatch(options, batchOptions, token); } },
        { explain->parsed(),
            [this](Token token) { return runExplain(options, explainOptions, token); } },
        { models.isParsed(), [this](Token token) { return models.run(token); } },
        { evaluation.isParsed(), [this](Token token) { return evaluation.run(token); } },
        { training.isParsed(), [this](Token token) { return training.run(token); } },
        { clips.isParsed(), [this](Token token) { return clips.run(token); } },
        { watch.isParsed(), [this](Token token) { return watch.run(options, token); } },
        { demo.isParsed(), [this](Token token) { return demo.run(token); } },
        { gui->parsed(),
            [this, argv0](Token token) { return runGui(options, guiOptions, argv0, token); } },
    } };
    const auto chosen = std::find_if(commands.begin(), commands.end(),
        [](const ParsedCommand& command) { return command.isParsed(); });
    // No command, as `vigil` alone, opens the desktop app.
    return runGuarded(chosen != commands.end() ? *chosen : commands.back(), cancel);
}

int runCommandLine(int argc, char** argv, const CancellationToken& cancel)
{
    reportIgnoredFiles();
    CommandLine commandLine;
    if (const std::optional<int> answered = commandLine.parse(argc, argv))
        return *answered;
    if (const std::optional<int> refused = optionsProblem(commandLine.commands.options))
        return *refused;
    media::setMediaLogLevel(
        commandLine.isVerbose ? media::MediaLogLevel::Warnings : media::MediaLogLevel::Quiet);
    return commandLine.commands.run(argv[0], cancel);
}

} // namespace vigil::app
