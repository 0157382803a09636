#include "core/live/watch_plan.h"

#include "core/common/backbone_table.h"
#include "core/common/redacted_url.h"
#include "core/live/watch_defaults.h"
#include "core/media/live_source.h"

#include <cmath>

namespace vigil::live {
namespace {

int64_t microseconds(double seconds)
{
    return static_cast<int64_t>(std::llround(seconds * 1e6));
}

// Why the choices cannot start, before the source is looked at (empty when they can).
std::string choiceProblem(const WatchChoices& choices)
{
    // A remembered source is kept redacted; its placeholder is no user name to send.
    if (choices.location.find("***") != std::string::npos)
        return "credentials are not remembered: type the user and password in the URL again "
               "(scheme://user:password@host/…)";
    if (choices.off > choices.on)
        return "the off threshold (--off) must not be above the on threshold (--on): hysteresis";
    return {};
}

WatchSettings settingsFor(
    const WatchChoices& choices, const media::MediaSource& source, const std::string& shown)
{
    WatchSettings settings;
    settings.reader.source = source;
    settings.reader.displayName = shown;
    const int64_t preRollUs = microseconds(choices.preRollS);
    const int64_t postRollUs = microseconds(choices.postRollS);
    sizePacketRing(settings.reader, preRollUs, postRollUs);
    settings.reader.reconnectMaxDelayMs = microseconds(choices.reconnectMaxDelayS) / 1000;
    settings.reader.giveUpAfterMs = microseconds(choices.giveUpAfterS) / 1000;
    settings.outputs.outputDir
        = choices.outputDir.empty() ? defaultWatchOutputDir(shown) : choices.outputDir;
    settings.outputs.sourceName = shown;
    settings.outputs.preRollUs = preRollUs;
    settings.outputs.postRollUs = postRollUs;
    settings.outputs.execCommand = choices.execCommand;
    settings.alerts = { static_cast<float>(choices.on), static_cast<float>(choices.off),
        microseconds(choices.minDurationS) };
    settings.windowSteps = choices.windowSteps;
    return settings;
}

} // namespace

WatchPlan planWatch(const WatchChoices& choices)
{
    WatchPlan plan;
    plan.displayName = redactedUrl(choices.location);
    plan.problem = choiceProblem(choices);
    if (!plan.problem.empty())
        return plan;
    std::string problem;
    const int timeoutMs = static_cast<int>(std::llround(choices.timeoutS * 1000));
    const std::optional<media::MediaSource> source
        = media::liveSourceOf(choices.location, timeoutMs, problem);
    if (!source) {
        plan.problem = plan.displayName + ": " + redactedIn(problem, choices.location);
        return plan;
    }
    plan.settings = settingsFor(choices, *source, plan.displayName);
    return plan;
}

std::string backboneProblem(BackboneKind backbone)
{
    if (backboneRow(backbone).canWatch)
        return {};
    return "watching a stream needs the i3d-r50 backbone ("
        + std::to_string(defaults::kSnippetFrames)
        + "-frame snippets): --backbone i3d-r50, or choose it in Settings";
}

} // namespace vigil::live
