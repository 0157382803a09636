#include "core/clips/result_clips.h"

#include "core/common/error.h"
#include "core/common/text.h"
#include "core/files/atomic_file.h"
#include "core/files/file_fingerprint.h"
#include "core/files/output_names.h"
#include "core/files/regular_file.h"
#include "core/formats/result_reader.h"
#include "core/media/video_decoder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

namespace vigil::clips {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kResultSuffix = ".vigil.json";
constexpr std::string_view kScoresSuffix = ".scores.csv";

// A name that is only the suffix is no result of a video.
bool hasSuffix(const std::string& text, std::string_view suffix)
{
    return text.size() > suffix.size() && endsWith(text, suffix);
}

std::string baseOf(const std::string& jsonPath)
{
    const std::string name = fs::path(jsonPath).filename().string();
    return name.substr(0, name.size() - kResultSuffix.size());
}

// Every *.vigil.json under folder, hidden names and atomic-write temporaries aside; a subfolder
// that cannot be listed becomes an entry with its problem.
void addFolder(const fs::path& folder, const fs::path& outputDir, std::vector<ResultToClip>& found)
{
    std::error_code error;
    fs::recursive_directory_iterator it(folder, fs::directory_options::none, error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() && name.front() == '.') {
            if (it->is_directory(error))
                it.disable_recursion_pending();
            continue;
        }
        if (!hasSuffix(name, kResultSuffix) || !it->is_regular_file(error))
            continue;
        const fs::path relative = it->path().parent_path().lexically_relative(folder);
        found.push_back({ it->path().string(), (outputDir / relative).lexically_normal().string(),
            baseOf(name), {} });
    }
    if (error)
        found.push_back({ folder.string(), {}, {}, "cannot list: " + error.message() });
}

// Within one output folder, clip names follow files::outputNames over the results' base names; a
// result whose names another already takes is refused instead of overwriting its clips.
void nameClips(std::vector<ResultToClip>& results)
{
    std::map<std::string, std::vector<ResultToClip*>> byFolder;
    for (ResultToClip& result : results)
        if (result.problem.empty())
            byFolder[result.outputFolder].push_back(&result);
    for (auto& [folder, group] : byFolder) {
        std::vector<std::string> bases;
        for (const ResultToClip* result : group)
            bases.push_back(result->clipBase);
        const std::vector<std::string> names = files::outputNames(bases).names;
        std::map<std::string, const ResultToClip*> firstWith;
        for (size_t i = 0; i < group.size(); ++i) {
            const auto [it, isNew] = firstWith.emplace(names[i], group[i]);
            group[i]->clipBase = names[i];
            if (!isNew)
                group[i]->problem = "its clips would have the names of those of "
                    + it->second->jsonPath + " in " + folder;
        }
    }
}

std::string describe(int64_t frames, double fps, int width, int height)
{
    char text[96];
    std::snprintf(text, sizeof text, "%lld frames at %g fps, %dx%d", static_cast<long long>(frames),
        fps, width, height);
    return text;
}

// By the declared frame count; else by the duration, as long as the analysed one, which the
// frame rate times the frames would misjudge for a variable-frame-rate video (a Matroska file
// declares no count); else, for a result without a duration, by that product.
bool isLengthChanged(const media::VideoInfo& now, const analysis::VideoSummary& analysed)
{
    const double frameTolerance = std::max(2.0, 0.01 * static_cast<double>(analysed.frames));
    if (now.declaredFrameCount > 0)
        return std::abs(static_cast<double>(now.declaredFrameCount - analysed.frames))
            > frameTolerance;
    if (now.durationS <= 0.0 || analysed.fps <= 0.0)
        return false;
    if (analysed.durationS > 0.0)
        return std::abs(now.durationS - analysed.durationS)
            > std::max(frameTolerance / analysed.fps, 0.01 * analysed.durationS);
    return std::abs(now.durationS * analysed.fps - static_cast<double>(analysed.frames))
        > frameTolerance;
}

// The video must be the one analysed: same frame rate and size, and as long (by its declared
// frame count, else its duration), or the events would land on other moments.
void checkVideoIsTheAnalysed(const std::string& jsonPath, const analysis::VideoSummary& analysed)
{
    const std::string prefix = jsonPath + ": its video " + analysed.path;
    if (const std::string problem = files::regularFileProblem(analysed.path); !problem.empty())
        throw MediaError(prefix + " is gone (" + problem + ")");
    const media::VideoInfo now = media::VideoDecoder(analysed.path).info();
    const bool isFpsChanged = std::abs(now.fps - analysed.fps) > 1e-3 * std::max(analysed.fps, 1.0);
    const bool isSizeChanged
        = analysed.width > 0 && (now.width != analysed.width || now.height != analysed.height);
    if (isFpsChanged || isSizeChanged || isLengthChanged(now, analysed))
        throw MediaError(prefix + " has changed since it was analysed (now "
            + describe(now.declaredFrameCount > 0 ? now.declaredFrameCount : now.frameCountEstimate,
                now.fps, now.width, now.height)
            + "; analysed: "
            + describe(analysed.frames, analysed.fps, analysed.width, analysed.height) + ")");
    // Another file of the same name and format (a copy, a re-encode) is not the analysed one.
    const std::optional<files::FileFingerprint> fingerprint = files::fingerprintOf(analysed.path);
    if (!analysed.sampleSha256.empty()
        && (!fingerprint
            || !(*fingerprint
                == files::FileFingerprint { analysed.sizeBytes, analysed.sampleSha256 })))
        throw MediaError(prefix + " has changed since it was analysed (its size or bytes differ)");
}

} // namespace

std::vector<ResultToClip> findResultsToClip(
    const std::vector<std::string>& inputs, const std::string& outputDir)
{
    std::vector<ResultToClip> found;
    for (const std::string& input : inputs) {
        std::error_code error;
        const fs::file_status status = fs::status(input, error);
        if (fs::is_directory(status)) {
            addFolder(input, outputDir, found);
        } else if (!fs::exists(status)) {
            found.push_back({ input, {}, {}, "no such file or folder" });
        } else if (!hasSuffix(fs::path(input).filename().string(), kResultSuffix)) {
            found.push_back({ input, {}, {}, "not a result of Vigil (*.vigil.json) or a folder" });
        } else {
            found.push_back({ input, outputDir, baseOf(input), {} });
        }
    }
    std::set<std::string> seen;
    std::vector<ResultToClip> unique;
    for (ResultToClip& result : found) {
        std::error_code error;
        const std::string key = fs::weakly_canonical(result.jsonPath, error).string();
        if (seen.insert(error ? result.jsonPath : key).second)
            unique.push_back(std::move(result));
    }
    nameClips(unique);
    return unique;
}

size_t cutResultClips(const ResultToClip& toClip, const ClipSettings& settings,
    const std::function<void(const EventClip&)>& onClip, const CancellationToken* cancel)
{
    if (!toClip.problem.empty())
        throw IoError(toClip.jsonPath + ": " + toClip.problem);
    const std::string csvPath
        = toClip.jsonPath.substr(0, toClip.jsonPath.size() - kResultSuffix.size())
        + std::string(kScoresSuffix);
    const analysis::AnalysisResult result
        = formats::readResultFiles(toClip.jsonPath, fs::exists(csvPath) ? csvPath : std::string());
    if (!result.video.isKnown)
        throw IoError(toClip.jsonPath + ": a result of features, with no video to cut clips from");
    checkVideoIsTheAnalysed(toClip.jsonPath, result.video);
    if (const std::string problem = analysis::sourceProblem(result, settings.events);
        !problem.empty())
        throw IoError(toClip.jsonPath + ": " + problem);
    // The container is chosen before anything is created.
    const ClipNaming naming { toClip.outputFolder, toClip.clipBase,
        clipExtensionOfVideo(result.video.path) };
    const std::vector<PlannedClip> planned = planEventClips(result, settings, naming);
    if (planned.empty())
        return 0;
    files::createOutputFolder(toClip.outputFolder);
    for (const PlannedClip& clip : planned)
        onClip({ clip.event, clip.peakTimeS, media::cutClip(clip.request, cancel) });
    return planned.size();
}

} // namespace vigil::clips
