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

} // namespace

int ClipsCommand::run(const CancellationToken& cancel) const
{
    int exitCode = kExitOk;
    for (const clips::ResultToClip& result : clips::findResultsToClip(inputs_, outputDir_)) {
        try {
            const size_t events = clips::cutResultClips(
                result, settings_,
                [](const clips::EventClip& clip) {
                    std::printf("%s: %.3f s to %.3f s, peak %.3f at %.3f s\n",
                        printable(clip.cut.outputPath).c_str(), clip.cut.startS, clip.cut.endS,
                        clip.event.peakScore, clip.peakTimeS);
                    std::fflush(stdout);
                },
                &cancel);
            if (events == 0)
                std::printf("%s: no events at or above %g\n", printable(result.jsonPath).c_str(),
                    settings_.threshold);
        } catch (const Cancelled&) {
            printError("cancelled");
            return kExitCancelled;
        } catch (const std::exception& error) {
            printError(error.what());
            exitCode = kExitFailedInput;
        }
    }
    return exitCode;
}

} // namespace vigil::app
