#include "app/watch_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/option_checks.h"
#include "core/analysis/weights_summary.h"
#include "core/common/defaults.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/redacted_url.h"
#include "core/files/atomic_file.h"
#include "core/live/cameras_plan.h"
#include "core/live/multi_watch.h"
#include "core/live/watch_summary.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace vigil::app {
namespace {

// At most one status line a second per camera, so a log stays readable.
class StatusPrinter {
public:
    explicit StatusPrinter(std::string prefix)
        : prefix_(std::move(prefix))
    {
    }

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
        char decode[32] = "";
        if (status.decodeFps >= 0.0)
            std::snprintf(decode, sizeof(decode), "  decode %.1f fps", status.decodeFps);
        std::fprintf(stderr, "vigil: watch %s%.1f s  score %s  lag %.2f s  skipped %lld%s%s%s\n",
            prefix_.c_str(), static_cast<double>(status.streamUs) / 1e6, score,
            static_cast<double>(status.lagMs) / 1e3, static_cast<long long>(status.skippedSnippets),
            share, decode, status.isAlertOpen ? "  ALERT" : "");
    }

private:
    std::string prefix_; // "door: " when several cameras share stderr
    std::chrono::steady_clock::time_point last_ {};
};

void printOutcome(const std::string& displayName, const live::WatchOutcome& outcome)
{
    std::fprintf(stderr, "vigil: %s: %s\n", printable(displayName).c_str(),
        printable(live::outcomeSummary(outcome)).c_str());
}

// The cameras the user gave, or the one problem that stops the watch.
live::CamerasPlan planOf(const WatchOptions& watch)
{
    std::vector<live::CameraEntry> entries;
    try {
        if (!watch.camerasFile.empty())
            entries = live::readCamerasFile(watch.camerasFile);
    } catch (const IoError& error) {
        live::CamerasPlan plan;
        plan.problem = error.what();
        return plan;
    }
    for (const std::string& source : watch.sources)
        entries.push_back(live::cameraEntryOf(source));
    if (entries.empty()) {
        live::CamerasPlan plan;
        plan.problem = "name a source to watch (or --cameras FILE)";
        return plan;
    }
    return live::planCameras(entries, watch.choices);
}

// One camera's settings and callbacks; the printers live as long as the watch.
std::vector<live::CameraSpec> specsOf(const live::CamerasPlan& plan, bool isQuiet,
    std::vector<std::unique_ptr<StatusPrinter>>& printers)
{
    std::vector<live::CameraSpec> specs;
    for (size_t i = 0; i < plan.cameras.size(); ++i) {
        const live::WatchSettings& settings = *plan.cameras[i].settings;
        files::createOutputFolder(settings.outputs.outputDir); // one line for -o FILE
        printers.push_back(std::make_unique<StatusPrinter>(
            plan.cameras.size() > 1 ? plan.names[i] + ": " : std::string()));
        StatusPrinter* printer = printers.back().get();
        specs.push_back({ settings, [](const std::string& notice) { printError(notice); },
            [printer, isQuiet](const live::WatchStatus& status) {
                if (!isQuiet)
                    printer->print(status);
            },
            {}, {} });
    }
    return specs;
}

// 0 when every camera opened and wrote its files; 1 when one never opened or could not write.
int exitCodeOf(const live::CamerasPlan& plan, const std::vector<live::WatchOutcome>& outcomes)
{
    int exitCode = kExitOk;
    for (size_t i = 0; i < outcomes.size(); ++i) {
        printOutcome(plan.cameras[i].displayName, outcomes[i]);
        if (outcomes.size() == 1 && !outcomes[i].failure.empty())
            printError(outcomes[i].failure); // several cameras said it as it happened
        if (!outcomes[i].failure.empty() || !outcomes[i].wasOpened)
            exitCode = kExitFailedInput;
    }
    return exitCode;
}

} // namespace

int WatchCommand::run(const RunOptions& options, const CancellationToken& cancel) const
{
    const live::CamerasPlan plan = planOf(watch_);
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
    try {
        std::vector<std::unique_ptr<StatusPrinter>> printers;
        live::MultiWatch watch(specsOf(plan, watch_.isQuiet, printers), *engine);
        watch.setProcessStatusFile(plan.processStatusFile);
        const std::vector<live::WatchOutcome> outcomes = watch.run(cancel);
        exitCode = exitCodeOf(plan, outcomes);
        return cancel.isCancelled() ? kExitCancelled : exitCode;
    } catch (const Cancelled&) {
        // A stop is how a watch ends: 130 and no "vigil: cancelled" line (runGuarded's, in
        // app/command.h), as for the stop after an outcome above.
        return kExitCancelled;
    } catch (const live::FolderBusy& error) {
        printError(error.what()); // another -o is the fix, as for a usage error
        return kExitUsage;
    } catch (const std::exception& error) {
        // Messages from below name a source as given; credentials stay out of the log.
        std::string message = error.what();
        for (const live::WatchPlan& camera : plan.cameras)
            message = redactedIn(message, camera.settings->reader.source.location);
        printError(message);
        return kExitFailedInput;
    }
}

} // namespace vigil::app
