// `vigil clips`: its options and help. Free of LibTorch and Qt, so that app/front.cpp answers
// --help.

#include "app/clips_command.h"

#include "app/event_rule_options.h"
#include "app/option_checks.h"
#include "core/common/count_limits.h"

namespace vigil::app {
namespace {

constexpr const char* kFooter
    = R"(Each event (by the one event rule: frames of the --events-from scores at or above their
threshold, with --off and --min-duration, as the desktop app's events list and `vigil batch`
find them) becomes DIR/<name>.event-NN.<ext>, cut by stream copy from the keyframe at
or before (event start - pre) to (event end + post), times from each frame's timestamp. <ext>
is that of the video's container as its content shows it (mp4, mov, avi, ts; mkv for any other,
whatever the video's name says); a folder's results (such as
the output of `vigil batch`) put their clips in DIR mirroring its subfolders. Prints one line
per clip: path, start and end in the video (seconds), peak score and its time.
Exit codes:
  0    every result was cut (also when it has no events)
  1    at least one result failed: unreadable, its video gone or changed since the analysis
       (one line each on stderr: "vigil: <file>: <problem>"); the others are still cut
  2    usage error (an option beyond its bounds, no -o)
  130  interrupted (Ctrl+C): the clips finished so far are kept, none is half-written
)";

} // namespace

ClipsCommand::ClipsCommand(CLI::App& cli)
{
    command_ = cli.add_subcommand("clips",
        "Cut each event of finished analyses (RESULT.vigil.json, or folders of them) from its "
        "video by stream copy into DIR");
    command_->footer(kFooter);
    command_->add_option("results", inputs_, "Result files (*.vigil.json) or folders of them")
        ->required();
    command_->add_option("-o,--output", outputDir_, "Folder for the clips (created if missing)")
        ->required();
    addEventRuleOptions(*command_, eventOptions_);
    command_->add_option("--pre", settings_.preS, "Seconds kept before each event")
        ->check(numberIn(bounds::clipContextS()))
        ->capture_default_str();
    command_->add_option("--post", settings_.postS, "Seconds kept after each event")
        ->check(numberIn(bounds::clipContextS()))
        ->capture_default_str();
}

} // namespace vigil::app
