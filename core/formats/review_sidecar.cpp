#include "core/formats/review_sidecar.h"

#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/files/regular_file.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace vigil::formats {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kFormat = "vigil-reviewed";
constexpr int kVersion = 1;
constexpr std::string_view kResultSuffix = ".vigil.json";
// A sidecar lists marks a person made by hand; a file far larger is not one.
constexpr uint64_t kMaxSidecarBytes = 64ull << 20;

} // namespace

void ReviewedEvents::mark(const analysis::ScoreEvent& event, bool isReviewed)
{
    if (isReviewed)
        byPeakFrame[event.peakFrame] = event;
    else
        byPeakFrame.erase(event.peakFrame);
}

std::string reviewSidecarPath(const std::string& resultJsonPath)
{
    const fs::path path(resultJsonPath);
    const std::string name = path.filename().string();
    const bool isResult = name.size() > kResultSuffix.size()
        && name.compare(name.size() - kResultSuffix.size(), kResultSuffix.size(), kResultSuffix)
            == 0;
    const std::string base
        = isResult ? name.substr(0, name.size() - kResultSuffix.size()) : path.stem().string();
    return (path.parent_path() / (base + ".reviewed.json")).string();
}

ReviewedEvents readReviewSidecar(const std::string& sidecarPath)
{
    std::error_code error;
    if (!fs::exists(fs::symlink_status(sidecarPath, error)))
        return {};
    const files::RegularFile file(sidecarPath);
    if (file.sizeBytes() > kMaxSidecarBytes)
        throw IoError(sidecarPath + ": too large for a list of reviewed events");
    ReviewedEvents reviewed;
    try {
        const json document = json::parse(file.readAll());
        if (document.at("format").get<std::string>() != kFormat)
            throw std::invalid_argument("format is not " + std::string(kFormat));
        if (document.at("version").get<int>() > kVersion)
            throw std::invalid_argument("made by a newer Vigil (version "
                + std::to_string(document.at("version").get<int>()) + ")");
        for (const json& entry : document.at("reviewed")) {
            analysis::ScoreEvent event;
            event.peakFrame = entry.at("peak_frame").get<int64_t>();
            event.firstFrame = entry.value("first_frame", event.peakFrame);
            event.lastFrame = entry.value("last_frame", event.peakFrame);
            event.peakScore = entry.value("peak_score", 0.0f);
            reviewed.byPeakFrame[event.peakFrame] = event;
        }
    } catch (const std::exception& problem) {
        throw IoError(sidecarPath + ": not a list of reviewed events: " + problem.what());
    }
    return reviewed;
}

void writeReviewSidecar(const std::string& sidecarPath, const std::string& resultFileName,
    const ReviewedEvents& reviewed)
{
    json entries = json::array();
    for (const auto& [peak, event] : reviewed.byPeakFrame)
        entries.push_back({ { "peak_frame", peak }, { "first_frame", event.firstFrame },
            { "last_frame", event.lastFrame }, { "peak_score", event.peakScore } });
    const json document = { { "format", kFormat }, { "version", kVersion },
        { "result", resultFileName }, { "reviewed", entries } };
    // A result's name that is not UTF-8 is shown with U+FFFD; the sidecar is found by its own
    // name, so this text is only for people.
    files::writeFileAtomically(
        sidecarPath, document.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

} // namespace vigil::formats
