#include "app/models_command.h"

#include "app/cli_engine.h"
#include "app/command.h"
#include "app/exit_codes.h"
#include "app/models_listing.h"
#include "app/progress_printer.h"
#include "core/common/error.h"
#include "core/engine/weights_import.h"
#include "core/models_store/installed_weights.h"
#include "core/models_store/model_fetch.h"
#include "core/models_store/model_locations.h"
#include "models/model_factory.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace vigil::app {
namespace {

using namespace models_store;

// A download's progress on stderr: a redrawn bar with rate and ETA on a terminal, a line every
// few seconds otherwise. The destructor ends a half-drawn bar so an error starts on a new line.
class DownloadBar {
public:
    DownloadBar(ProgressPrinter::Mode mode, std::string label)
        : mode_(mode)
        , label_(std::move(label))
    {
    }
    ~DownloadBar()
    {
        if (mode_ == ProgressPrinter::Mode::Terminal && hasPrinted_)
            std::fprintf(stderr, "\r\033[K");
    }
    DownloadBar(const DownloadBar&) = delete;
    DownloadBar& operator=(const DownloadBar&) = delete;

    void update(const DownloadProgress& progress)
    {
        const Clock::time_point now = Clock::now();
        const auto interval = mode_ == ProgressPrinter::Mode::Terminal
            ? std::chrono::milliseconds(100)
            : std::chrono::milliseconds(5000);
        // The first draw waits one interval too, so a quick download prints no bar at all.
        if (mode_ == ProgressPrinter::Mode::Quiet || now - lastPrint_ < interval)
            return;
        lastPrint_ = now;
        hasPrinted_ = true;
        // The rate counts this run's bytes only, not those resumed from an earlier one.
        const double elapsedS = std::chrono::duration<double>(now - start_).count();
        const double rate = elapsedS > 0
            ? static_cast<double>(progress.bytesDone - progress.resumedFromBytes) / elapsedS
            : 0;
        char text[256];
        if (progress.bytesTotal > 0) {
            const double fraction = std::min(1.0,
                static_cast<double>(progress.bytesDone) / static_cast<double>(progress.bytesTotal));
            constexpr int kWidth = 24;
            std::string bar(kWidth, '-');
            bar.replace(0, static_cast<size_t>(fraction * kWidth),
                static_cast<size_t>(fraction * kWidth), '#');
            const double etaS = rate > 0
                ? static_cast<double>(progress.bytesTotal - progress.bytesDone) / rate
                : 0;
            std::snprintf(text, sizeof text, "%s [%s] %3.0f%% %s of %s, %s/s, ETA %s",
                label_.c_str(), mode_ == ProgressPrinter::Mode::Terminal ? bar.c_str() : "",
                fraction * 100.0, formatBytes(progress.bytesDone).c_str(),
                formatBytes(progress.bytesTotal).c_str(),
                formatBytes(static_cast<int64_t>(rate)).c_str(), formatDuration(etaS).c_str());
        } else {
            std::snprintf(text, sizeof text, "%s %s, %s/s", label_.c_str(),
                formatBytes(progress.bytesDone).c_str(),
                formatBytes(static_cast<int64_t>(rate)).c_str());
        }
        std::fprintf(
            stderr, mode_ == ProgressPrinter::Mode::Terminal ? "\r%s\033[K" : "%s\n", text);
        std::fflush(stderr);
    }

private:
    using Clock = std::chrono::steady_clock;
    ProgressPrinter::Mode mode_;
    std::string label_;
    Clock::time_point start_ = Clock::now();
    Clock::time_point lastPrint_ = start_;
    bool hasPrinted_ = false;
};

std::string installedText(const ModelEntry& entry, const std::string& sha256)
{
    return entry.checksum.canVerify() ? "SHA-256 verified"
                                      : "no published checksum; SHA-256 " + sha256;
}

// Entries without a direct download are skipped, not failed, when fetching everything.
int fetchModels(ModelStore& store, const std::vector<const ModelEntry*>& entries, bool isNamed,
    bool isQuiet, const CancellationToken& cancel)
{
    const Downloader downloader;
    const std::string mirror = mirrorFromEnvironment();
    int failures = 0;
    for (const ModelEntry* entry : entries) {
        if (!isNamed && !entry->isDirectDownload && mirror.empty()) {
            std::printf("%s: skipped: no direct download; get the file from %s, then run `vigil "
                        "models import FILE --as %s`\n",
                entry->name.c_str(), entry->url.c_str(), entry->name.c_str());
            continue;
        }
        try {
            DownloadBar bar(ProgressPrinter::detectMode(isQuiet), entry->name);
            const FetchOutcome outcome = fetchModel(
                store, downloader, { entry, mirror },
                [&](const DownloadProgress& progress) { bar.update(progress); }, cancel);
            const ModelStatus status = store.status(*entry, HashCheck::CacheOrFile);
            std::printf("%s: %s %s (%s)\n", entry->name.c_str(),
                outcome == FetchOutcome::AlreadyInstalled ? "already installed:" : "installed",
                status.path.c_str(), installedText(*entry, status.sha256).c_str());
            std::fflush(stdout);
        } catch (const Cancelled&) {
            // Said by runGuarded (app/command.h), with which download stopped and how to go on.
            throw CancelledWithMessage(
                entry->name + ": cancelled (run the command again to resume)");
        } catch (const Error& error) {
            printError(entry->name + ": " + error.what());
            ++failures;
        }
    }
    return failures == 0 ? kExitOk : kExitFailedInput;
}

int importModel(ModelStore& store, const std::string& file, const std::string& name)
{
    const ModelEntry* entry = store.manifest().find(name);
    if (entry == nullptr) {
        printError(name + ": unknown model (known: " + store.manifest().knownNames() + ")");
        return kExitUsage;
    }
    const std::string path
        = engine::importWeights(store, file, *entry, models::TorchNetworkLoader());
    const ModelStatus status = store.status(*entry, HashCheck::CacheOrFile);
    std::printf("%s: installed %s (from %s, %s)\n", entry->name.c_str(), path.c_str(), file.c_str(),
        installedText(*entry, status.sha256).c_str());
    return kExitOk;
}

int verifyModels(ModelStore& store, const std::vector<const ModelEntry*>& entries, bool isNamed)
{
    int failures = 0;
    for (const ModelEntry* entry : entries) {
        const ModelStatus status = store.status(*entry, HashCheck::File);
        if (status.state == InstallState::Mismatch) {
            printError(entry->name + ": " + status.path + ": " + status.problem);
            ++failures;
        } else if (status.state == InstallState::Missing && isNamed) {
            printError(entry->name + ": not installed in " + store.folder());
            ++failures;
        } else if (status.state == InstallState::Missing) {
            std::printf("%s: not installed\n", entry->name.c_str());
        } else {
            std::printf(
                "%s: %s\n", entry->name.c_str(), installedText(*entry, status.sha256).c_str());
        }
    }
    return failures == 0 ? kExitOk : kExitFailedInput;
}

} // namespace

int ModelsCommand::run(const CancellationToken& cancel) const
{
    if (isListing())
        return runListing();
    try {
        ModelStore store(modelsFolderFromEnvironment(), ModelManifest::builtIn());
        if (import_->parsed())
            return importModel(store, importFile_, importName_);
        const std::optional<std::vector<const ModelEntry*>> entries
            = entriesNamed(store.manifest(), names_);
        if (!entries)
            return kExitUsage;
        if (fetch_->parsed())
            return fetchModels(store, *entries, !names_.empty(), isQuiet_, cancel);
        store.requireReadableFolder();
        return verifyModels(store, *entries, !names_.empty());
    } catch (const Error& error) {
        printError(error.what());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
