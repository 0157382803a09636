#include "core/tuning/calibration_cache.h"

#include "core/common/count_limits.h"
#include "core/common/error.h"
#include "core/common/ignored_files.h"
#include "core/files/atomic_file.h"
#include "core/files/regular_file.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace vigil::tuning {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json toJson(const BackboneSetup& setup)
{
    return { { "layout", toString(setup.layout) }, { "snippets_per_pass", setup.snippetsPerPass },
        { "threads", setup.threads } };
}

// Anything not exactly as written by toJson() (a hand edit, a future format) is no entry.
std::optional<BackboneSetup> setupFrom(const json& item)
{
    if (!item.is_object())
        return std::nullopt;
    const auto layout = item.find("layout");
    const auto passes = item.find("snippets_per_pass");
    const auto threads = item.find("threads");
    if (layout == item.end() || passes == item.end() || threads == item.end()
        || !layout->is_string() || !passes->is_number_integer() || !threads->is_number_integer())
        return std::nullopt;
    const std::optional<Layout> parsed = layoutFromString(layout->get<std::string>());
    const int64_t passCount = passes->get<int64_t>();
    const int64_t threadCount = threads->get<int64_t>();
    // The bounds of the options (core/common/count_limits.h): a hand-edited "threads": 4096 or
    // "snippets_per_pass": 1000 is no entry. resolveSetup also measures again what is in bounds
    // but outside the search space.
    if (!parsed || threadCount < 1
        || !countProblem(std::to_string(threadCount), bounds::threads()).empty()
        || !countProblem(std::to_string(passCount), bounds::snippetsPerPass()).empty())
        return std::nullopt;
    return BackboneSetup { *parsed, passCount, static_cast<int>(threadCount) };
}

// The entries that are exactly as written by toJson(); false when any other was dropped.
bool readEntries(const json& entries, std::map<std::string, Calibration>& read)
{
    bool isWhole = true;
    for (const auto& [key, item] : entries.items()) {
        const std::optional<BackboneSetup> best = setupFrom(item);
        isWhole = isWhole && best.has_value();
        if (!best)
            continue;
        Calibration calibration { *best, {} };
        const auto measured = item.find("measured");
        if (measured != item.end() && measured->is_array())
            for (const json& one : *measured)
                if (const auto setup = setupFrom(one);
                    setup && one.contains("s_per_snippet") && one["s_per_snippet"].is_number())
                    calibration.measured.push_back({ *setup, one["s_per_snippet"].get<double>() });
        read[key] = std::move(calibration);
    }
    return isWhole;
}

} // namespace

CalibrationCache::CalibrationCache(std::string path)
    : path_(std::move(path))
{
    std::error_code missing;
    if (!fs::exists(fs::symlink_status(path_, missing)))
        return; // the first run: no problem to report
    std::string text;
    try {
        // A FIFO would block here and a folder would abort the stream; a huge file is no cache
        // this program wrote.
        const files::RegularFile file(path_);
        if (file.sizeBytes() > kMaxFileBytes)
            throw IoError(path_ + ": " + std::to_string(file.sizeBytes())
                + " bytes, larger than any calibration cache");
        text = file.readAll();
    } catch (const IoError& error) {
        ignore(error.what());
        return;
    }
    const json stored = json::parse(text, nullptr, /*allow_exceptions=*/false);
    // value() would throw for a version of another type (found by tests' file readers fuzz).
    const auto version = stored.is_object() ? stored.find("version") : stored.end();
    const auto entries = stored.is_object() ? stored.find("calibrations") : stored.end();
    if (stored.is_discarded())
        ignore("not valid JSON");
    else if (version == stored.end() || !version->is_number_integer()
        || version->get<int64_t>() != kFormatVersion)
        ignore("not a calibration cache of version " + std::to_string(kFormatVersion));
    else if (entries == stored.end() || !entries->is_object())
        ignore("has no \"calibrations\" object");
    else if (!readEntries(*entries, entries_))
        ignore("a damaged or out-of-bounds entry"); // the others are still used
}

// Remembered for resolveSetup's text (--profile) and reported once per process
// (core/common/ignored_files.h): the run goes on, and the calibration measures again.
void CalibrationCache::ignore(const std::string& problem)
{
    if (!readProblem_.empty())
        return;
    reportIgnoredFile(path_, problem);
    const std::string prefix = path_ + ": ";
    readProblem_ = (problem.rfind(prefix, 0) == 0 ? "" : prefix) + problem
        + " (ignored: the calibration measures again)";
}

std::optional<BackboneSetup> CalibrationCache::lookup(const std::string& key) const
{
    const auto it = entries_.find(key);
    if (it == entries_.end())
        return std::nullopt;
    return it->second.best;
}

void CalibrationCache::remember(const std::string& key, const Calibration& calibration)
{
    entries_[key] = calibration;
    json entries = json::object();
    for (const auto& [name, entry] : entries_) {
        json item = toJson(entry.best);
        item["measured"] = json::array();
        for (const Measurement& one : entry.measured) {
            json measured = toJson(one.setup);
            measured["s_per_snippet"] = one.secondsPerSnippet;
            item["measured"].push_back(std::move(measured));
        }
        entries[name] = std::move(item);
    }
    const json stored = { { "version", kFormatVersion }, { "calibrations", std::move(entries) } };
    std::error_code error;
    fs::create_directories(fs::path(path_).parent_path(), error); // a failure shows on write
    files::writeFileAtomically(path_, stored.dump(1) + "\n");
}

} // namespace vigil::tuning
