#include "app/clips_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/option_checks.h"
#include "core/common/count_limits.h"
#include "core/common/error.h"
#include "core/common/printable.h"

#include <cstdio>

namespace vigil::app {
namespace {

// "peak 0.912", or for k of n "3 scorers agree at the peak" (its score is no one scorer's).
std::string peakText(const analysis::ScoreEvent& event)
{
    char text[64];
    if (event.scorersAgreeing >= 0)
        std::snprintf(text, sizeof text, "%d scorers agree at the peak", event.scorersAgreeing);
    else
        std::snprintf(text, sizeof text, "peak %.3f", event.peakScore);
    return text;
}

bool isPlainThreshold(const analysis::EventRule& rule)
{
    return rule.source.kind == analysis::EventSource::Kind::Classifier && rule.hysteresis == 0.0
        && rule.minDurationS == 0.0;
}

} // namespace

int ClipsCommand::run(const CancellationToken& cancel) const
{
    std::string problem;
    const std::optional<analysis::EventRule> rule = eventRuleOf(eventOptions_, &problem);
    if (!rule) {
        printError(problem);
        return kExitUsage;
    }
    clips::ClipSettings settings = settings_;
    settings.events = *rule;
    int exitCode = kExitOk;
    for (const clips::ResultToClip& result : clips::findResultsToClip(inputs_, outputDir_)) {
        try {
            const size_t events = clips::cutResultClips(
                result, settings,
                [](const clips::EventClip& clip) {
                    std::printf("%s: %.3f s to %.3f s, %s at %.3f s\n",
                        printable(clip.cut.outputPath).c_str(), clip.cut.startS, clip.cut.endS,
                        peakText(clip.event).c_str(), clip.peakTimeS);
                    std::fflush(stdout);
                },
                &cancel);
            if (events == 0 && isPlainThreshold(settings.events))
                std::printf("%s: no events at or above %g\n", printable(result.jsonPath).c_str(),
                    settings.events.on);
            else if (events == 0)
                std::printf("%s: no events (%s)\n", printable(result.jsonPath).c_str(),
                    describeEventRule(settings.events).c_str());
        } catch (const Cancelled&) {
            throw; // stops every result, in runGuarded (app/command.h); not this one's failure
        } catch (const std::exception& error) {
            printError(error.what());
            exitCode = kExitFailedInput;
        }
    }
    return exitCode;
}

} // namespace vigil::app
