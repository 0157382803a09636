// `vigil features compare`: its options and help. Free of LibTorch and Qt, so that app/front.cpp
// answers --help.

#include "app/compare_command.h"

#include "app/model_options.h"

namespace vigil::app {
namespace {

// Every verdict core/eval/comparison_verdict.cpp can give, in its words (a test holds them to it).
constexpr const char* kFooter
    = R"text(B is compared with A: B's steps and crops are matched to A's first.
Verdicts, several joined by "; ":
  "same protocol"
  "one step shorter: last snippet dropped vs padded", "one step shorter: B lacks A's first
  snippet" (and the "longer" ones), "3 steps shorter, at the end"
  "crop counts differ (A 10, B 1; crop means compared)"
  "crop order differs (B's crops 5..9 are A's 0..4, ...)"
  "scale differs by x2.2: normalisation?"
  "norms differ (B/A 1.3 on average, varying by step)"
  "close features (cosine 0.950): other decoding or preprocessing?"
  "step 17 of A differs (cosine 0.52)"
  "different features (cosine 0.31)"
  "different feature sizes (A 2048, B 1024)"
  "nothing to compare (A has 4 steps, B 0)"
With --classifier or --demo-weights, both are scored over the same windows of the steps they
share, and the Pearson correlation of their window and frame scores is shown. --json: measures
without a common step are null.
Exit codes: 0 compared (whatever the verdict), 1 a file could not be read, 2 usage or weights.)text";

} // namespace

CompareCommand::CompareCommand(CLI::App& features)
{
    command_ = features.add_subcommand("compare",
        "Compare two feature files of the same video (someone's released features and yours): "
        "step counts, crop order, scale, cosine similarity, and a one-line verdict first");
    command_->footer(kFooter);
    // Not CLI::ExistingFile: a file that cannot be read is exit 1, as in every other command.
    command_->add_option("a", pathA_, "Features A (.npy [steps, crops, F] or [steps, F])")
        ->required();
    command_->add_option("b", pathB_, "Features B, compared with A")->required();
    command_->add_option("--classifier", model_.classifier,
        "Also compare the scores: da64-r3, da128-r7 (installed by `vigil models fetch`) or a "
        "state dict (.pth)");
    command_->add_flag_callback(
        "--demo-weights", [this] { model_.demo = engine::DemoWeights::FillMissing; },
        "Also compare the scores, with a seeded random classifier when none is named or "
        "installed");
    addWindowOptions(*command_, windows_);
    command_->add_flag("--json", isJson_, "Print everything as JSON instead of text");
}

} // namespace vigil::app
