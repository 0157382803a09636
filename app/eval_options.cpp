// `vigil eval`: its options and help. Free of LibTorch and Qt, so that app/front.cpp answers
// --help.

#include "app/eval_command.h"

#include "app/model_options.h"
#include "app/option_checks.h"

namespace vigil::app {
namespace {

constexpr const char* kFooter = R"(Ground truth, one of:
  --gt FILE           RTFM's concatenated frame labels (gt-ucf.npy), in the order of the list
  --annotations FILE  UCF-Crime's Temporal_Anomaly_Annotation_for_Testing_Videos.txt:
                      "name class start1 end1 start2 end2", -1 for none. start..end is taken as an
                      INCLUSIVE range of 0-based frame indices; each video's labels have its own
                      length (steps x --snippet-frames), so they always line up with its
                      features. Lines are matched to feature files by stem, ignoring extensions
                      and RTFM's "_i3d".
With --detectors, one table more: frame ROC AUC, PR AUC and FA@0.5 (the false-alarm rate: frames
of normal videos scoring at or above 0.5, over all their frames) per scorer, then ROC AUC per
class and scorer. The detectors score each video whole (spans of at most 1024 steps).
The paper's protocol: windows of --split steps, the classifier on every crop, the mean over
crops, each step's score repeated for its --snippet-frames frames, ROC AUC over all frames
(ties as scikit-learn's roc_curve + auc). PR AUC is auc(recall, precision) of precision_recall_curve.
Per-class ROC AUC takes each anomaly class's videos together with all Normal videos.
Feature files whose sidecars (<stem>.json) name different backbones or preprocessing presets
are scored together with a warning (on stderr and in report.json): their scores are not
comparable.
With -o DIR: DIR/report.json, DIR/roc.csv (fpr,tpr,threshold), DIR/roc.png.)";

} // namespace

EvalCommand::EvalCommand(CLI::App& cli)
{
    command_ = cli.add_subcommand("eval",
        "Frame-level ROC/PR AUC of a classifier on extracted features, as the paper computes it");
    command_->footer(kFooter);
    CLI::Option* list
        = command_->add_option("--list", listPath_, "RTFM list file: one feature path per line")
              ->check(CLI::ExistingFile);
    CLI::Option* dir
        = command_
              ->add_option("--features-dir", featuresDir_, "Folder of .npy features (name order)")
              ->check(CLI::ExistingDirectory);
    list->excludes(dir);
    command_
        ->add_option("--other-features", otherFeaturesDir_,
            "Folder of the other family's features, one .npy per video named as the main ones "
            "(Inception-I3D's for urdmu, pel4vad): the detectors that read them score them, in "
            "the same table")
        ->check(CLI::ExistingDirectory);
    command_->add_option("--gt", groundTruthPath_, "Concatenated frame labels (.npy)")
        ->check(CLI::ExistingFile);
    command_->add_option("--annotations", annotationsPath_, "UCF-Crime temporal annotation file")
        ->check(CLI::ExistingFile);
    command_->get_option("--gt")->excludes("--annotations");
    command_->add_option("--classifier", model_.classifier,
        "da64-r3, da128-r7 (installed by `vigil models fetch`; the default when installed), or a "
        "state dict (.pth)");
    command_->add_flag_callback(
        "--demo-weights", [this] { model_.demo = engine::DemoWeights::FillMissing; },
        "Seeded random classifier when none is named or installed (scores not meaningful)");
    command_
        ->add_option(
            "--split", splitSteps_, "Window length in steps (the paper's reproduction uses 28)")
        ->check(countIn(bounds::steps()))
        ->capture_default_str();
    addDetectorsOption(*command_, model_);
    command_->add_option("--snippet-frames", framesPerStep_, "Video frames per feature step")
        ->check(countIn(bounds::snippetFrames()))
        ->capture_default_str();
    command_->add_option("-o,--output", outputDir_, "Write report.json, roc.csv and roc.png here");
    command_->add_option("--threads", model_.threads, "Network threads (0: all cores)")
        ->check(countIn(bounds::threads()))
        ->capture_default_str();
    command_->add_flag("--json", isJson_, "Print the report as JSON instead of text");
    command_->add_flag("-q,--quiet", isQuiet_, "No progress on stderr");
}

} // namespace vigil::app
