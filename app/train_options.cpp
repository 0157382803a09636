// `vigil train`: its options and help. Free of LibTorch and Qt, so that app/front.cpp answers
// --help.

#include "app/train_command.h"

#include "app/option_checks.h"
#include "core/common/defaults.h"
#include "core/train/segment_samples.h"

#include <cstdio>

namespace vigil::app {
namespace {

// The numbers come from the code that uses them (core/common/defaults.h, segment_samples.h).
std::string footer()
{
    const std::string segments = std::to_string(train::kTrainingSegments);
    char dropout[16];
    std::snprintf(dropout, sizeof dropout, "%g", defaults::kAttentionDropout);
    return R"(The paper's procedure (docs/PROTOCOL.md section 4): each crop of each training video becomes
one sample of )"
        + segments
        + R"( segment means; per epoch the normal and the anomalous samples are shuffled and
taken --batch + --batch at a time without replacement (the last incomplete batch is dropped, as
in the paper's sampler); binary cross-entropy on the sigmoid score; RAdam (lr, betas 0.9/0.999,
eps 1e-8, as torch.optim.RAdam of PyTorch 1.13); dropout )"
        + dropout + R"( on the attention in training.
The same seed, data and --threads give bit-identical weights.

AUCs are video-level ROC AUCs (ties as scikit-learn): a video's score is the mean over its
crops of the classifier's score on the crop's )"
        + segments + R"(-segment sample.
  --val FILE  picks the weights with the best validation AUC, checked after every epoch (or
              every --val-every steps); never the test set. Without it, the last weights.
  --folds K   K-fold cross-validation over the training videos (stratified by label, the same
              split for every seed and setting); each run's AUC is that of its held-out fold.
Without --folds a run's AUC is the validation AUC of the kept weights (optimistic: it was used to
choose them). Every (d_a, r) of --sweep is trained with every seed of --seeds on every fold.
Outputs: -o model.pth (PyTorch state dict; torch.load + load_state_dict) and model.json (its
settings and scores). With several runs each model is <stem>-da<D>-r<R>-seed<S>[-fold<K>].pth.
Always <stem>.report.csv, <stem>.report.json and, when there are AUCs, <stem>.report.png.)";
}

} // namespace

TrainCommand::TrainCommand(CLI::App& cli)
{
    command_ = cli.add_subcommand("train",
        "Train the attention classifier on extracted features, as the paper does, with validation, "
        "cross-validation, seeds and sweeps");
    command_->footer(footer());
    CLI::Option* labels
        = command_
              ->add_option("--labels", labelsPath_,
                  "CSV of path,label (0 normal, 1 anomalous); paths relative to the CSV's folder")
              ->check(CLI::ExistingFile);
    CLI::Option* list
        = command_->add_option("--list", listPath_, "RTFM list file (with --anomalous-first)")
              ->check(CLI::ExistingFile);
    labels->excludes(list);
    command_
        ->add_option("--anomalous-first", anomalousFirst_,
            "--list: its first N lines are the anomalous videos")
        ->check(countIn(bounds::listLines()))
        ->needs(list);
    command_->add_option("--val", validationPath_, "Validation labels CSV: selects the checkpoint")
        ->check(CLI::ExistingFile);
    command_->add_option("-o,--output", outputPath_, "Where to save the classifier (.pth)")
        ->required();
    command_->add_option("--da", hiddenSize_, "Attention hidden units d_a")
        ->check(countIn(bounds::hiddenSize()))
        ->capture_default_str();
    command_->add_option("--r", rows_, "Attention rows r")
        ->check(countIn(bounds::rows()))
        ->capture_default_str();
    command_->add_option("--epochs", epochs_, "Epochs")
        ->check(countIn(bounds::epochs()))
        ->capture_default_str();
    command_->add_option("--seed", seed_, "Seed of weights, dropout and sampling")
        ->capture_default_str();
    command_->add_option("--seeds", seeds_, "Several seeds, e.g. 1,2,3 (replaces --seed)")
        ->excludes("--seed");
    command_
        ->add_option("--folds", folds_, "K-fold cross-validation over the training videos (K >= 2)")
        ->check(countIn(bounds::folds()));
    command_
        ->add_option(
            "--sweep", sweep_, "Train every combination, e.g. --sweep da=32,64,128 r=1,3,7")
        ->expected(1, 2);
    command_
        ->add_option("--batch", batchPerClass_, "Normal (and as many anomalous) samples per batch")
        ->check(countIn(bounds::batchPerClass()))
        ->capture_default_str();
    command_->add_option("--lr", learningRate_, "RAdam learning rate")
        ->check(numberIn(bounds::learningRate()))
        ->capture_default_str();
    command_
        ->add_option("--val-every", validateEvery_,
            "With --val: validate every N steps (0: after each epoch)")
        ->check(countIn(bounds::validateEvery()))
        ->capture_default_str();
    command_
        ->add_option(
            "--threads", threads_, "Intra-op threads (results are reproducible for a given count)")
        ->check(countIn({ 1, bounds::threads().max, bounds::threads().limitedBy }))
        ->capture_default_str();
    command_->add_flag("-q,--quiet", isQuiet_, "No progress on stderr");
}

} // namespace vigil::app
