#include "core/batch/result_clips.h"

#include "core/common/error.h"
#include "core/io/atomic_file.h"
#include "core/io/output_names.h"
#include "core/io/regular_file.h"
#include "core/io/result_reader.h"
#include "core/media/video_decoder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kResultSuffix = ".vigil.json";
constexpr std::string_view kScoresSuffix = ".scores.csv";

bool endsWith(const std::string& text, std::string_view suffix)
{
    return text.size() > suffix.size()
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
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
        if (!endsWith(name, kResultSuffix) || !it->is_regular_file(error))
            continue;
        const fs::path relative = it->path().parent_path().lexically_relative(folder);
        found.push_back({ it->path().string(), (outputDir / relative).lexically_normal().string(),
            baseOf(name), {} });
    }
    if (error)
        found.push_back({ folder.string(), {}, {}, "cannot list: " + error.message() });
}

// Within one output folder, clip names follow io::outputNames over the results' base names; a
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
        const std::vector<std::string> names = io::outputNames(bases).names;
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

double timeOfFrame(const analysis::AnalysisResult& result, int64_t frame)
{
    if (frame >= 0 && static_cast<size_t>(frame) < result.framePtsUs.size())
        return static_cast<double>(result.framePtsUs[static_cast<size_t>(frame)]) / 1e6;
    return result.video.fps > 0.0 ? static_cast<double>(frame) / result.video.fps : 0.0;
}

std::string describe(int64_t frames, double fps, int width, int height)
{
    char text[96];
    std::snprintf(text, sizeof text, "%lld frames at %g fps, %dx%d", static_cast<long long>(frames),
        fps, width, height);
    return text;
}

// The video must be the one analysed: same frame rate and size, and as long (by its declared
// frame count, else its duration), or the events would land on other moments.
void checkVideoIsTheAnalysed(const std::string& jsonPath, const analysis::VideoSummary& analysed)
{
    const std::string prefix = jsonPath + ": its video " + analysed.path;
    if (const std::string problem = io::regularFileProblem(analysed.path); !problem.empty())
        throw MediaError(prefix + " is gone (" + problem + ")");
    const media::VideoInfo now = media::VideoDecoder(analysed.path).info();
    const double frameTolerance = std::max(2.0, 0.01 * static_cast<double>(analysed.frames));
    const bool isFpsChanged = std::abs(now.fps - analysed.fps) > 1e-3 * std::max(analysed.fps, 1.0);
    const bool isSizeChanged
        = analysed.width > 0 && (now.width != analysed.width || now.height != analysed.height);
    const bool isLengthChanged = now.declaredFrameCount > 0
        ? std::abs(static_cast<double>(now.declaredFrameCount - analysed.frames)) > frameTolerance
        : analysed.fps > 0.0 && now.durationS > 0.0
            && std::abs(now.durationS * analysed.fps - static_cast<double>(analysed.frames))
                > frameTolerance;
    if (isFpsChanged || isSizeChanged || isLengthChanged)
        throw MediaError(prefix + " has changed since it was analysed (now "
            + describe(now.declaredFrameCount > 0 ? now.declaredFrameCount : now.frameCountEstimate,
                now.fps, now.width, now.height)
            + "; analysed: "
            + describe(analysed.frames, analysed.fps, analysed.width, analysed.height) + ")");
}

std::string numbered(size_t number, size_t count)
{
    const int digits = std::max<int>(2, static_cast<int>(std::to_string(count).size()));
    std::string text = std::to_string(number);
    return std::string(
               static_cast<size_t>(std::max<int>(digits - static_cast<int>(text.size()), 0)), '0')
        + text;
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
        } else if (!endsWith(fs::path(input).filename().string(), kResultSuffix)) {
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
        = io::readResultFiles(toClip.jsonPath, fs::exists(csvPath) ? csvPath : std::string());
    if (!result.video.isKnown)
        throw IoError(toClip.jsonPath + ": a result of features, with no video to cut clips from");
    checkVideoIsTheAnalysed(toClip.jsonPath, result.video);
    const std::vector<analysis::ScoreEvent> events
        = analysis::findEvents(result.frameScores, settings.threshold);
    if (events.empty())
        return 0;
    std::string extension = fs::path(result.video.path).extension().string();
    if (extension.empty())
        extension = ".mkv"; // Matroska holds nearly every codec
    io::createOutputFolder(toClip.outputFolder);
    const double frameS = result.video.fps > 0.0 ? 1.0 / result.video.fps : 0.0;
    for (size_t i = 0; i < events.size(); ++i) {
        const analysis::ScoreEvent& event = events[i];
        const std::string output = (fs::path(toClip.outputFolder)
            / (toClip.clipBase + ".event-" + numbered(i + 1, events.size()) + extension))
                                       .string();
        media::ClipRequest request { result.video.path, timeOfFrame(result, event.firstFrame),
            timeOfFrame(result, event.lastFrame) + frameS, settings.preS, settings.postS, output };
        onClip({ event, timeOfFrame(result, event.peakFrame), media::cutClip(request, cancel) });
    }
    return events.size();
}

} // namespace vigil::batch
