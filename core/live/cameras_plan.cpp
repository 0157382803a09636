#include "core/live/cameras_plan.h"

#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/redacted_url.h"
#include "core/files/regular_file.h"
#include "core/live/watch_defaults.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

namespace vigil::live {
namespace {

constexpr uint64_t kMaxCamerasFileBytes = 1u << 20;
constexpr size_t kMaxCameras = 64;

CameraEntry entryOf(const nlohmann::json& item)
{
    static const std::set<std::string> known { "name", "source", "on", "off", "min_duration",
        "folder" };
    if (!item.is_object())
        throw std::invalid_argument("each camera is an object");
    for (const auto& [key, value] : item.items())
        if (known.count(key) == 0)
            throw std::invalid_argument("unknown key \"" + printable(key) + "\"");
    CameraEntry entry;
    entry.location = item.at("source").get<std::string>();
    entry.name = item.value("name", std::string());
    entry.folder = item.value("folder", std::string());
    if (item.contains("on"))
        entry.on = item.at("on").get<double>();
    if (item.contains("off"))
        entry.off = item.at("off").get<double>();
    if (item.contains("min_duration"))
        entry.minDurationS = item.at("min_duration").get<double>();
    return entry;
}

std::string thresholdProblem(const CameraEntry& entry)
{
    for (const std::optional<double>& value : { entry.on, entry.off })
        if (value && !(*value >= 0.0 && *value <= 1.0))
            return "thresholds are between 0 and 1";
    if (entry.minDurationS && !(*entry.minDurationS >= 0.0 && *entry.minDurationS <= 3600.0))
        return "min_duration is between 0 and 3600 seconds";
    return {};
}

WatchChoices choicesFor(const CameraEntry& entry, const WatchChoices& common, bool isSingle)
{
    WatchChoices choices = common;
    choices.location = entry.location;
    choices.on = entry.on.value_or(common.on);
    choices.off = entry.off.value_or(common.off);
    choices.minDurationS = entry.minDurationS.value_or(common.minDurationS);
    if (isSingle)
        return choices;
    const std::filesystem::path folder = entry.folder.empty() ? entry.name : entry.folder;
    choices.outputDir = (std::filesystem::path(common.outputDir) / folder).string();
    return choices;
}

// Why two cameras would write in one place (empty: they never do).
std::string sharingProblem(const CamerasPlan& plan)
{
    std::set<std::string> names;
    std::set<std::string> folders;
    for (size_t i = 0; i < plan.cameras.size(); ++i) {
        if (!names.insert(plan.names[i]).second)
            return "two cameras are named \"" + printable(plan.names[i])
                + "\": each needs its own name (NAME=SOURCE)";
        const std::string folder
            = std::filesystem::absolute(plan.cameras[i].settings->outputs.outputDir)
                  .lexically_normal()
                  .string();
        if (!folders.insert(folder).second)
            return "two cameras would write in " + printable(folder) + ": give each its own folder";
    }
    return {};
}

} // namespace

bool isCameraName(const std::string& name)
{
    if (name.empty() || name.size() > 64 || name == "." || name == "..")
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    });
}

CameraEntry cameraEntryOf(const std::string& argument)
{
    CameraEntry entry;
    entry.location = argument;
    const size_t equals = argument.find('=');
    if (equals != std::string::npos && isCameraName(argument.substr(0, equals))) {
        entry.name = argument.substr(0, equals);
        entry.location = argument.substr(equals + 1);
    }
    return entry;
}

std::vector<CameraEntry> readCamerasFile(const std::string& path)
{
    const files::RegularFile file(path);
    if (file.sizeBytes() > kMaxCamerasFileBytes)
        throw IoError(printable(path) + ": a cameras file is at most 1 MiB");
    try {
        const nlohmann::json document = nlohmann::json::parse(file.readAll());
        const nlohmann::json& cameras = document.at("cameras");
        if (!cameras.is_array() || cameras.empty() || cameras.size() > kMaxCameras)
            throw std::invalid_argument("\"cameras\" is a list of 1 to 64 cameras");
        std::vector<CameraEntry> entries;
        for (const nlohmann::json& item : cameras)
            entries.push_back(entryOf(item));
        return entries;
    } catch (const std::exception& error) {
        throw IoError(printable(path) + ": not a cameras file: " + printable(error.what()));
    }
}

CamerasPlan planCameras(const std::vector<CameraEntry>& entries, const WatchChoices& common)
{
    CamerasPlan plan;
    const bool isSingle
        = entries.size() == 1 && entries[0].name.empty() && entries[0].folder.empty();
    if (!isSingle && common.outputDir.empty()) {
        plan.problem = "several cameras (or a named one) need -o DIR: each writes DIR/<name>/";
        return plan;
    }
    for (const CameraEntry& given : entries) {
        CameraEntry entry = given;
        const std::string shown = redactedUrl(entry.location);
        if (entry.name.empty()) // "watch-<source>" without its "watch-"
            entry.name = defaultWatchOutputDir(shown).substr(6, 64);
        if (!isCameraName(entry.name))
            plan.problem = shown + ": \"" + printable(entry.name)
                + "\" is not a camera name (1 to 64 letters, digits, '.', '_' or '-')";
        else if (const std::string problem = thresholdProblem(entry); !problem.empty())
            plan.problem = shown + ": " + problem;
        if (plan.problem.empty()) {
            plan.cameras.push_back(planWatch(choicesFor(entry, common, isSingle)));
            plan.problem = plan.cameras.back().problem;
        }
        if (!plan.problem.empty())
            return plan;
        plan.names.push_back(entry.name);
    }
    plan.problem = sharingProblem(plan);
    if (!isSingle)
        plan.processStatusFile = common.outputDir + "/status.json";
    return plan;
}

} // namespace vigil::live
