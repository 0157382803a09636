#include "app/cli.h"

#include "app/command_line.h"
#include "app/commands.h"
#include "app/exit_codes.h"
#include "app/print_error.h"
#include "core/common/settings.h"
#include "core/media/media_log.h"

#include <optional>

namespace vigil::app {
namespace {

// After parsing: one line for a usage problem CLI11 cannot see; nullopt when there is none.
std::optional<int> optionsProblem(const RunOptions& options)
{
    if (const std::string problem = presetProblem(options.model.backbone, options.model.preset);
        !problem.empty()) {
        printError(problem);
        return kExitUsage;
    }
    return std::nullopt;
}

} // namespace

int Commands::run(const CLI::App& cli, char* argv0, const CancellationToken& cancel)
{
    if (gui->parsed() || cli.get_subcommands().empty())
        return runGui(options, guiOptions, argv0, cancel);
    if (models.isParsed())
        return models.run(cancel);
    if (explain->parsed())
        return runExplain(options, explainOptions, cancel);
    if (evaluation.isParsed())
        return evaluation.run(cancel);
    if (training.isParsed())
        return training.run(cancel);
    if (clips.isParsed())
        return clips.run(cancel);
    if (watch.isParsed())
        return watch.run(options, cancel);
    if (demo.isParsed())
        return demo.run(cancel);
    if (analyze->parsed())
        return runAnalyze(options, cancel);
    if (batch->parsed())
        return runBatch(options, batchOptions, cancel);
    if (comparison.isParsed())
        return comparison.run();
    if (features->parsed())
        return runFeatures(options, cancel);
    return runScore(options, cancel);
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
    return commandLine.commands.run(commandLine.cli, argv[0], cancel);
}

} // namespace vigil::app
