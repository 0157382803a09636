#include "app/command_line.h"

#include "app/exit_codes.h"
#include "app/model_options.h"
#include "app/option_checks.h"
#include "app/print_error.h"
#include "core/batch/batch_summary.h"
#include "core/common/defaults.h"
#include "core/common/ignored_files.h"

namespace vigil::app {
namespace {

constexpr const char* kFooter = R"(Exit codes:
  0    every input was processed
  1    at least one input failed (each failure is one line on stderr: "vigil: <file>: <problem>")
  2    usage error (a numeric option beyond its bounds: threads and jobs up to the cores;
       --preprocess rtfm with --backbone resnet50), no weights available, or `vigil gui`
       without a display
  3    batch: there were videos, and none could be analysed
  130  interrupted (Ctrl+C, SIGTERM; the desktop app closes on the first)
)";

// After "summary.csv: " and its columns (batch::kSummaryColumns).
constexpr const char* kBatchFooter = R"(
  status: ok (analysed), failed (a video, or a file named like one, that could not be analysed,
  e.g. a dangling symbolic link; or a subfolder that could not be listed), skipped (not a video,
  not a regular file, or outputs already complete with --resume), not_run (not reached after
  Ctrl+C; --resume goes on with it)
Exit codes:
  0    every video was analysed (or already was, with --resume); also when there is none
  1    some videos failed, others were analysed; or summary.csv could not be written
  2    usage error (an option beyond its bounds, a missing folder), or no weights available
  3    videos were found, and none could be analysed or their outputs written
  130  interrupted (Ctrl+C): finished outputs are kept and the summary is written
)";

CLI::App* addBatchCommand(CLI::App& cli, RunOptions& options, BatchCommandOptions& batchOptions)
{
    CLI::App* batch = cli.add_subcommand("batch",
        "Analyse every video in a folder (decided by content, not by extension): writes the "
        "outputs "
        "of analyze under OUT, mirroring the folder's structure, and OUT/summary.csv");
    batch->footer("summary.csv: " + std::string(batch::kSummaryColumns) + kBatchFooter);
    batch->add_option("folder", batchOptions.inputDir, "Folder of videos")
        ->required()
        ->check(CLI::ExistingDirectory);
    addModelOptions(*batch, options, Backbones::Any);
    addDetectorsOption(*batch, options.model);
    addWindowOptions(*batch, options.windows);
    addOutputOptions(*batch, options);
    batch->get_option("--output")->required();
    batch->add_flag(
        "-r,--recursive", batchOptions.isRecursive, "Also analyse the videos in subfolders");
    batch->add_flag("--resume", batchOptions.isResuming,
        "Skip videos whose outputs are already complete and valid (made with the same settings)");
    batch
        ->add_option("-j,--jobs", batchOptions.jobs,
            "Videos analysed at once, each with threads/N network threads; 0: one per core "
            "when there are at least twice as many videos as cores, else 1")
        ->check(countIn(bounds::jobs()))
        ->capture_default_str();
    batch->add_option("--shard", batchOptions.shard,
        "K/N: analyse only this machine's deterministic share of the files (by a hash of the "
        "path); "
        "writes OUT/summary-K-of-N.csv");
    addEventRuleOptions(*batch, batchOptions.events);
    return batch;
}

CLI::App* addAnalyzeCommand(CLI::App& cli, RunOptions& options)
{
    CLI::App* analyze = cli.add_subcommand("analyze",
        "Analyse videos: writes DIR/<stem>.vigil.json (windows, attention, frame scores) and "
        "DIR/<stem>.scores.csv (frame, time_s, score)");
    // No CLI::ExistingPath on inputs: a missing file is one failed input among others, reported
    // by the decoder as "vigil: <path>: <problem>" (exit 1), not a usage error that stops the rest.
    analyze->add_option("videos", options.inputs, "Video files")->required();
    addModelOptions(*analyze, options, Backbones::Any);
    addDetectorsOption(*analyze, options.model);
    addWindowOptions(*analyze, options.windows);
    addOutputOptions(*analyze, options);
    analyze->add_flag("--profile", options.isProfiled,
        "Print the time per stage (decode, preprocess, network, queue waits, scoring), frames/s "
        "and GFLOP/s to stderr at the end of each video");
    return analyze;
}

CLI::App* addScoreCommand(CLI::App& cli, RunOptions& options)
{
    CLI::App* score = cli.add_subcommand("score",
        "Score precomputed features (.npy [steps, crops, 2048] or [steps, 2048]) with the "
        "classifier");
    score->add_option("features", options.inputs, "Feature files (.npy)")->required();
    addModelOptions(*score, options, Backbones::None);
    addDetectorsOption(*score, options.model);
    addWindowOptions(*score, options.windows);
    score
        ->add_option("--snippet-frames", options.snippetFrames,
            "Video frames per feature step, when the features have no sidecar (<name>.json)")
        ->check(countIn(bounds::snippetFrames()))
        ->capture_default_str();
    score
        ->add_option("--fps", options.fps,
            "Frame rate of the features' video, for the times of the frames (default: the "
            "sidecar's; without either, times are left empty)")
        ->check(numberIn(bounds::fps()));
    addOutputOptions(*score, options);
    return score;
}

CLI::App* addExplainCommand(CLI::App& cli, RunOptions& options, ExplainOptions& explainOptions)
{
    CLI::App* explain = cli.add_subcommand("explain",
        "Show the attention classifier's computation on one window, step by step, with the real "
        "shapes and values: x, W1 x + b1, tanh, W2, softmax over time, M = x^T A, fc1, fc2, "
        "sigmoid");
    explain->add_option("input", options.inputs, "A video, or features (.npy [steps, crops, 2048])")
        ->required()
        ->expected(1);
    explain
        ->add_option("--at", explainOptions.windowIndex,
            "Which window to explain, counted from 0 as everywhere (0 = the first)")
        ->check(countIn({ 0, bounds::steps().max, {} }))
        ->capture_default_str();
    // --window is a length here as in every command; it was the index, and --window-steps the
    // length, so an old command line gets a refusal that says what to write instead.
    explain->add_option("--window", options.windows.windowSteps, "Feature steps per window")
        ->check(CLI::Validator(
            [](std::string& text) {
                const std::string problem = countProblem(text, bounds::steps());
                return problem.empty() ? problem
                                       : problem + " (a length; the window to explain is --at K)";
            },
            "INT"))
        ->capture_default_str();
    explain
        ->add_option_function<std::string>("--window-steps",
            [](const std::string&) {
                throw CLI::ValidationError("--window-steps",
                    "is now --window (the window's length); the window to explain is --at K");
            })
        ->group("");
    explain
        ->add_option("--stride", options.windows.strideSteps,
            "Steps between window starts (default: the window)")
        ->check(countIn(bounds::steps()));
    explain->add_option("--crop", explainOptions.crop, "Which crop of ten-crop features")
        ->check(countIn(bounds::crop()))
        ->capture_default_str();
    explain->add_option("--top", explainOptions.topSteps, "Steps listed per attention row")
        ->check(countIn(bounds::steps()))
        ->capture_default_str();
    explain
        ->add_option(
            "--snippet-frames", options.snippetFrames, ".npy input: video frames per feature step")
        ->check(countIn(bounds::snippetFrames()))
        ->capture_default_str();
    explain->add_flag("--json", explainOptions.isJson, "Every intermediate tensor as JSON");
    CLI::Option* code = explain->add_flag("--code", explainOptions.isCode,
        "The paper's forward line by line on this window, the crops as the batch, and the "
        "student's eight questions answered on it (docs/explain.md)");
    explain
        ->add_option("--sweep-report", explainOptions.sweepReportPath,
            "With --code: question 7 also on this sweep of vigil train (<stem>.report.json)")
        ->needs(code);
    explain->add_flag("-q,--quiet", options.isQuiet, "No progress on stderr");
    addModelOptions(*explain, options, Backbones::Any);
    return explain;
}

CLI::App* addGuiCommand(CLI::App& cli, RunOptions& options, GuiOptions& guiOptions)
{
    CLI::App* gui = cli.add_subcommand("gui",
        "Open the desktop app (also what `vigil` alone does); a VIDEO given is analysed at once");
    gui->add_option("video", guiOptions.video,
           "Video to open, or a saved result (X.vigil.json: shown without analysing)")
        ->check(CLI::ExistingPath);
    addModelOptions(*gui, options, Backbones::Any);
    addWindowOptions(*gui, options.windows);
    gui->add_option("--screenshot", guiOptions.screenshotPath,
        "Analyse VIDEO (or the demo), save the main window as a PNG to this file and exit");
    gui->add_flag("--demo", guiOptions.isDemo,
        "Start the demo at once, as the empty window's Try the demo button does (see vigil demo)");
    CLI::Option* cameras
        = gui->add_option("--cameras", guiOptions.camerasFile,
                 "Watch the cameras of FILE (as vigil watch --cameras) on a camera wall at start")
              ->check(CLI::ExistingFile);
    gui->add_option("-o,--output", guiOptions.camerasOutput,
           "With --cameras: the folder each camera's folder is made in (default "
           "~/Videos/Vigil/cameras-<file>)")
        ->needs(cameras);
    cameras->excludes("--screenshot")->excludes("--demo");
    return gui;
}

CLI::App* addFeaturesCommand(CLI::App& cli, RunOptions& options)
{
    CLI::App* features = cli.add_subcommand("features",
        "Extract backbone features: writes DIR/<stem>.npy, float32 [steps, crops, 2048]");
    // Required in Commands' constructor unless `features compare` (app/compare_command.h) is
    // the command.
    features->add_option("videos", options.inputs, "Video files");
    addModelOptions(*features, options, Backbones::Any);
    addOutputOptions(*features, options);
    return features;
}

// Every command, declared on one CLI::App in the order --help lists them; CLI11 writes into

// vigil's own options. Before the commands are added: CLI11 copies the footer, the most
// subcommands and fallthrough into each subcommand as it is made.
CLI::App& describeVigil(CLI::App& cli, bool& isVerbose)
{
    cli.footer(kFooter);
    cli.require_subcommand(0, 1); // no command opens the GUI
    cli.set_version_flag("--version", "vigil 0.1.0");
    cli.add_flag("--verbose", isVerbose,
        "Also show FFmpeg's own warnings while decoding (before or after the command)");
    // Every subcommand hands the options it does not know to vigil itself, so `vigil analyze
    // --verbose` works as `vigil --verbose analyze` does.
    cli.fallthrough();
    return cli;
}

} // namespace

Commands::Commands(CLI::App& cli)
    : analyze(addAnalyzeCommand(cli, options))
    , features(addFeaturesCommand(cli, options))
    , comparison(*features)
    , score(addScoreCommand(cli, options))
    , batch(addBatchCommand(cli, options, batchOptions))
    , explain(addExplainCommand(cli, options, explainOptions))
    , models(cli)
    , evaluation(cli)
    , training(cli)
    , clips(cli)
    , watch(cli)
    , demo(cli)
    , gui(addGuiCommand(cli, options, guiOptions))
{
    features->final_callback([this] {
        if (!comparison.isParsed() && options.inputs.empty())
            throw CLI::RequiredError("videos");
    });
    addModelOptions(watch.command(), options, Backbones::I3dOnly);
    addDetectorsOption(watch.command(), options.model);
}

CommandLine::CommandLine()
    : cli("Vigil: finds the unusual moments in video and shows why (structured "
          "self-attention over I3D-ResNet-50 features).",
        "vigil")
    , commands(describeVigil(cli, isVerbose))
{
}

std::optional<int> CommandLine::parse(int argc, char** argv)
{
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        if (error.get_exit_code() == 0)
            return cli.exit(error); // --help, --version
        // An unknown option is the problem, even where CLI11 first noticed a missing argument
        // ("videos is required" for `analyze --nope`).
        const std::vector<std::string> unknown = cli.remaining(true);
        // One line, as every other refusal: CLI11's own ends with a second "Run with --help".
        printError(unknown.empty() ? error.what() : CLI::ExtrasError(unknown).what());
        return kExitUsage;
    }
    return std::nullopt;
}

void reportIgnoredFiles()
{
    setIgnoredFileSink([](const std::string& file, const std::string& problem) {
        printError("warning: " + file + ": " + problem + "; ignored");
    });
}

} // namespace vigil::app
