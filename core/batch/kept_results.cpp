#include "core/batch/kept_results.h"

#include "core/common/cache_folder.h"
#include "core/common/error.h"
#include "core/files/output_names.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;

void removeOldest(const std::string& folder, size_t keep)
{
    std::vector<std::pair<fs::file_time_type, fs::path>> kept;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        if (formats::isResultFileName(it->path().string()))
            kept.emplace_back(it->last_write_time(error), it->path());
    if (kept.size() <= keep)
        return;
    std::sort(kept.begin(), kept.end()); // oldest first
    for (size_t i = 0; i + keep < kept.size(); ++i) {
        fs::remove(kept[i].second, error);
        fs::remove(formats::scoresPathOfResult(kept[i].second.string()), error);
    }
}

} // namespace

std::string keptResultsFolder()
{
    return vigilCacheFolder() + "/results";
}

std::string keptResultStem(const std::string& videoPath, const files::FileFingerprint& fingerprint)
{
    return fs::path(videoPath).stem().string() + "-" + std::to_string(fingerprint.sizeBytes) + "-"
        + fingerprint.sampleSha256.substr(0, 16);
}

std::vector<ResultPaths> savedResultCandidates(
    const std::string& videoPath, const std::vector<std::string>& folders)
{
    std::vector<ResultPaths> candidates;
    const auto add = [&candidates](const fs::path& base) {
        const std::string json = base.string() + ".vigil.json";
        candidates.push_back({ json, formats::scoresPathOfResult(json) });
    };
    if (const std::optional<files::FileFingerprint> fingerprint = files::fingerprintOf(videoPath))
        add(fs::path(keptResultsFolder()) / keptResultStem(videoPath, *fingerprint));
    // The CLI's one naming rule, for the one video: what `vigil analyze -o FOLDER` wrote.
    const std::string stem = files::outputNames({ videoPath }).names.front();
    for (const std::string& folder : folders)
        add(fs::path(folder) / stem);
    return candidates;
}

std::optional<MatchingResult> findMatchingResult(const std::string& videoPath,
    const std::vector<ResultPaths>& candidates, const ExpectedSettings& expected)
{
    const std::optional<files::FileFingerprint> fingerprint = files::fingerprintOf(videoPath);
    if (!fingerprint)
        return std::nullopt;
    for (const ResultPaths& paths : candidates) {
        std::error_code error;
        if (!fs::is_regular_file(paths.jsonPath, error))
            continue;
        try {
            analysis::AnalysisResult result
                = formats::readResultFiles(paths.jsonPath, paths.csvPath);
            const bool isThisFile = result.video.isKnown
                && result.video.sizeBytes == fingerprint->sizeBytes
                && result.video.sampleSha256 == fingerprint->sampleSha256;
            if (isThisFile && settingsProblem(result, expected).empty()
                && result.framePtsUs.size() == result.frameScores.size())
                return MatchingResult { paths, std::move(result) };
        } catch (const Error&) {
            // Not a result this Vigil can read: analysing again is the answer.
        }
    }
    return std::nullopt;
}

ResultPaths keepResult(const analysis::AnalysisResult& result, const std::string& folder)
{
    const std::optional<files::FileFingerprint> fingerprint
        = files::fingerprintOf(result.video.path);
    if (!result.video.isKnown || !fingerprint)
        throw IoError(result.video.path + ": not a video file, so its result is not kept");
    const formats::WrittenFiles written = formats::writeResultFiles(
        result, folder, keptResultStem(result.video.path, *fingerprint));
    removeOldest(folder, kMaxKeptResults);
    return { written.jsonPath, written.csvPath };
}

} // namespace vigil::batch
