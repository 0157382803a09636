// `vigil watch`: its options and help. Free of LibTorch and Qt, so that app/front.cpp answers
// --help.

#include "app/watch_command.h"

#include "app/option_checks.h"
#include "core/common/defaults.h"

#include <cstdio>

namespace vigil::app {
namespace {

// The snippet's length comes from the table (core/common/defaults.h); 25 fps is an example.
std::string watchFooter()
{
    char latency[96];
    std::snprintf(latency, sizeof latency, "%lld frames have arrived (%.2f s at 25 fps)",
        static_cast<long long>(defaults::kSnippetFrames),
        static_cast<double>(defaults::kSnippetFrames) / 25.0);
    return R"(Several cameras (or a named one): each writes DIR/<name>/ what one camera writes in DIR.
DIR/scores.csv: stream_time_s,wall_time,score (empty: not scored)
DIR/events.jsonl: one JSON line per alert ("type": "alert"), appended when it closes, then
  one when its clip is on disk ("clip_written") or could not be cut ("clip_failed");
  --exec runs then, with the alert's line naming the clip. Event ids go on after the
  highest already in DIR. One watch per DIR (DIR/.vigil-watch.lock).
DIR/status.json: the last minute's scored steps/s, skipped share, lag p50/p95 and
  reconnections, and whether its alerts are reliable; rewritten every 5 s.
Latency: a step is scored once its )"
        + std::string(latency) + R"( plus the
  network's time; its score covers the last --window steps (history, not delay).
Exit codes:
  0    the stream ended (--give-up-after) and everything was written
  1    the source never opened (it is tried again as a dropped stream is, until
       --give-up-after), or DIR could not be written
  2    usage error, no weights available, or another vigil watch is writing in DIR
       (it holds DIR/.vigil-watch.lock)
  130  stopped by Ctrl+C or SIGTERM; an open alert is closed and written
)";
}

void addTimeOption(CLI::App& command, const char* name, double& seconds, const char* help,
    const NumberBound& bound)
{
    command.add_option(name, seconds, help)->check(numberIn(bound))->capture_default_str();
}

} // namespace

WatchCommand::WatchCommand(CLI::App& cli)
{
    command_ = cli.add_subcommand("watch",
        "Score a live stream or camera as it comes: appends DIR/scores.csv, and per alert a line "
        "of DIR/events.jsonl, a thumbnail (PNG) and a clip (stream copy)");
    command_->footer(watchFooter());
    command_->add_option("source", watch_.sources,
        "[NAME=]SOURCE: an rtsp://, http(s)://, udp://, tcp://, srt:// URL, /dev/videoN or "
        "camera:N; several are watched by one process with one set of networks");
    command_
        ->add_option("--cameras", watch_.camerasFile,
            "JSON file of cameras: {\"cameras\": [{\"name\", \"source\", and optionally "
            "\"on\", \"off\", \"min_duration\", \"folder\"}]}")
        ->excludes(command_->get_option("source"));
    command_->add_option("-o,--output", watch_.choices.outputDir,
        "Output folder (default for one unnamed camera: ./watch-<source>); several cameras "
        "write DIR/<name>/");
    command_->add_option("--on", watch_.choices.on, "Score at or above which an alert opens")
        ->check(numberIn(bounds::threshold()))
        ->capture_default_str();
    command_->add_option("--off", watch_.choices.off, "Score below which an open alert closes")
        ->check(numberIn(bounds::threshold()))
        ->capture_default_str();
    addTimeOption(*command_, "--min-duration", watch_.choices.minDurationS,
        "Seconds an alert must last to be kept", bounds::alertMinDurationS());
    addTimeOption(*command_, "--pre", watch_.choices.preRollS, "Seconds of clip before an alert",
        bounds::alertRollS());
    addTimeOption(*command_, "--post", watch_.choices.postRollS, "Seconds of clip after an alert",
        bounds::alertRollS());
    command_
        ->add_option("--window", watch_.choices.windowSteps,
            "Feature steps (" + std::to_string(defaults::kSnippetFrames)
                + " frames each) of the causal window ending at each step")
        ->check(countIn(bounds::steps()))
        ->capture_default_str();
    command_->add_option("--exec", watch_.choices.execCommand,
        "Shell command run per alert with its JSON line on stdin");
    addTimeOption(*command_, "--timeout", watch_.choices.timeoutS,
        "Seconds without data before the stream counts as stalled", bounds::streamTimeoutS());
    addTimeOption(*command_, "--reconnect-max-delay", watch_.choices.reconnectMaxDelayS,
        "Longest wait between reconnection attempts (seconds)", bounds::reconnectMaxDelayS());
    addTimeOption(*command_, "--give-up-after", watch_.choices.giveUpAfterS,
        "Stop when the stream stays away (or does not open at the start) this long (seconds; 0: "
        "never)",
        bounds::giveUpAfterS());
    command_->add_flag("-q,--quiet", watch_.isQuiet, "No status line on stderr");
}

} // namespace vigil::app
