#include "app/watch_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/option_checks.h"
#include "core/analysis/weights_summary.h"
#include "core/common/defaults.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/redacted_url.h"
#include "core/live/watch_session.h"
#include "core/live/watch_summary.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace vigil::app {
namespace {

// At most one status line a second, so a log stays readable.
class StatusPrinter {
public:
    void print(const live::WatchStatus& status)
    {
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::seconds(1))
            return;
        last_ = now;
        char score[16] = "not scored";
        if (status.score)
            std::snprintf(score, sizeof(score), "%.3f", static_cast<double>(*status.score));
        char share[48] = "";
        if (status.skippedShare > 0.0)
            std::snprintf(
                share, sizeof(share), " (%.0f %% of the last minute)", status.skippedShare * 100.0);
        std::fprintf(stderr, "vigil: watch %.1f s  score %s  lag %.2f s  skipped %lld%s%s\n",
            static_cast<double>(status.streamUs) / 1e6, score,
            static_cast<double>(status.lagMs) / 1e3, static_cast<long long>(status.skippedSnippets),
            share, status.isAlertOpen ? "  ALERT" : "");
    }

private:
    std::chrono::steady_clock::time_point last_ {};
};

} // namespace

namespace {

void printOutcome(const std::string& displayName, const live::WatchOutcome& outcome)
{
    std::fprintf(stderr, "vigil: %s: %s\n", printable(displayName).c_str(),
        printable(live::outcomeSummary(outcome)).c_str());
}

} // namespace

int WatchCommand::run(const RunOptions& options, const CancellationToken& cancel) const
{
    const live::WatchPlan plan = live::planWatch(watch_.choices);
    std::string problem = plan.problem;
    if (problem.empty())
        problem = live::backboneProblem(options.model.backbone);
    if (!problem.empty()) {
        printError(problem);
        return kExitUsage;
    }
    int exitCode = kExitOk;
    const std::optional<engine::Engine> engine = loadCliEngine(options.model, exitCode);
    if (!engine)
        return exitCode;
    // Which networks and preprocessing every score of this run comes from, as analyze says it.
    std::printf("networks: %s\n%s\n", analysis::weightsSummary(engine->description()).c_str(),
        analysis::preprocessSummary(engine->description()).c_str());
    std::fflush(stdout);
    StatusPrinter printer;
    const bool isQuiet = watch_.isQuiet;
    try {
        std::filesystem::create_directories(plan.settings->outputs.outputDir);
        live::WatchSession session(
            *plan.settings, *engine, [](const std::string& notice) { printError(notice); },
            [&printer, isQuiet](const live::WatchStatus& status) {
                if (!isQuiet)
                    printer.print(status);
            });
        const live::WatchOutcome outcome = session.run(cancel);
        printOutcome(plan.displayName, outcome);
        if (cancel.isCancelled())
            return kExitCancelled;
        return outcome.wasOpened ? kExitOk : kExitFailedInput;
    } catch (const Cancelled&) {
        // A stop is how a watch ends: 130 and no "vigil: cancelled" line (runGuarded's, in
        // app/command.h), as for the stop after an outcome above.
        return kExitCancelled;
    } catch (const live::FolderBusy& error) {
        printError(error.what()); // another -o is the fix, as for a usage error
        return kExitUsage;
    } catch (const std::exception& error) {
        // Messages from below name the source as given; credentials stay out of the log.
        printError(redactedIn(error.what(), watch_.choices.location));
        return kExitFailedInput;
    }
}

} // namespace vigil::app
