// `vigil models list` and `vigil models path`: they read the models folder and the manifest
// only, so the front (app/front.cpp) answers them without LibTorch, Qt or FFmpeg.

#include "app/models_listing.h"

#include "app/exit_codes.h"
#include "app/print_error.h"

#include <cstdio>

namespace vigil::app {

using namespace models_store;

namespace {

const char* stateText(InstallState state)
{
    switch (state) {
    case InstallState::Missing:
        return "missing";
    case InstallState::Unchecked:
        return "unchecked";
    case InstallState::Verified:
        return "verified";
    case InstallState::Mismatch:
        return "DAMAGED";
    case InstallState::Unverifiable:
        return "installed";
    }
    return "?";
}

} // namespace

std::string formatBytes(int64_t bytes)
{
    char text[32];
    if (bytes < 0)
        return "?";
    if (bytes < 1000000)
        std::snprintf(text, sizeof text, "%.0f kB", static_cast<double>(bytes) / 1e3);
    else
        std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return text;
}

std::optional<std::vector<const ModelEntry*>> entriesNamed(
    const ModelManifest& manifest, const std::vector<std::string>& names)
{
    std::vector<const ModelEntry*> entries;
    for (const ModelEntry& entry : manifest.entries())
        entries.push_back(&entry);
    if (names.empty())
        return entries;
    entries.clear();
    for (const std::string& name : names) {
        const ModelEntry* entry = manifest.find(name);
        if (entry == nullptr) {
            printError(name + ": unknown model (known: " + manifest.knownNames() + ")");
            return std::nullopt;
        }
        entries.push_back(entry);
    }
    return entries;
}

int listModels(ModelStore& store)
{
    std::printf("models folder: %s\n%-21s %-10s %9s  %s\n", store.folder().c_str(), "NAME", "STATE",
        "SIZE", "FILE");
    bool hasUnchecked = false;
    for (const ModelEntry& entry : store.manifest().entries()) {
        const ModelStatus status = store.status(entry, HashCheck::CacheOnly);
        hasUnchecked = hasUnchecked || status.state == InstallState::Unchecked;
        const int64_t size = status.state != InstallState::Missing
            ? status.sizeBytes
            : entry.checksum.sizeBytes.value_or(-1);
        std::printf("%-21s %-10s %9s  %s\n", entry.name.c_str(), stateText(status.state),
            formatBytes(size).c_str(), entry.file.c_str());
    }
    if (hasUnchecked)
        std::printf("(run `vigil models verify` to check the unchecked files)\n");
    return kExitOk;
}

int printPaths(ModelStore& store, const std::vector<const ModelEntry*>& entries, bool isNamed)
{
    if (!isNamed)
        std::printf("%s\n", store.folder().c_str());
    for (const ModelEntry* entry : isNamed ? entries : std::vector<const ModelEntry*>())
        std::printf("%s\n", store.pathOf(*entry).c_str());
    return kExitOk;
}

} // namespace vigil::app
