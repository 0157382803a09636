// `vigil demo`: its options and help. Free of LibTorch and Qt, so that app/front.cpp answers
// --help.

#include "app/demo_command.h"

#include "app/option_checks.h"

namespace vigil::app {
namespace {

constexpr const char* kFooter = R"(The demo shows what Vigil does without real weights or data:
  video       the source (default: Debian's vtest.avi, package opencv-doc) with a few seconds
              of inverted colours inserted, made with the ffmpeg binary
  classifier  the paper's attention classifier, trained here by vigil train's trainer on
              synthetic normal and inverted clips over the features of the seeded random
              (demo) I3D backbone; the demo event's own snippets are never trained on
Both are kept in $XDG_CACHE_HOME/vigil/demo (else ~/.cache/vigil/demo), so a second run
only analyses the video. Every output says "DEMO: classifier trained on synthetic events on this
machine; backbone random", with the classifier's SHA-256. The desktop app's "Try the demo"
makes and shows the same demo.)";

} // namespace

DemoCommand::DemoCommand(CLI::App& cli)
{
    command_ = cli.add_subcommand("demo",
        "Make the demo (a video with an inserted event and a classifier trained here on "
        "synthetic events; cached) and analyse it: for trying Vigil without real weights");
    command_->footer(kFooter);
    command_->add_option("-o,--output", outputDir_, "Where the results go")->capture_default_str();
    command_->add_option("--source", source_, "Video the demo is made from (default: vtest.avi)")
        ->check(CLI::ExistingFile);
    command_->add_option("--seconds", seconds_, "Only the first seconds of the source (0: all)")
        ->check(numberIn(bounds::demoSeconds()));
    command_->add_option("--threads", threads_, "CPU threads for the networks (0: all cores)")
        ->check(countIn(bounds::threads()))
        ->capture_default_str();
    command_->add_flag("-q,--quiet", isQuiet_, "No progress on stderr");
}

} // namespace vigil::app
