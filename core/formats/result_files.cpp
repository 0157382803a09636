#include "core/formats/result_files.h"

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/files/file_fingerprint.h"
#include "core/formats/detail/json_fields.h"
#include "core/formats/detail/result_extractions.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <string_view>

namespace vigil::formats {
namespace {

using nlohmann::json;

namespace fs = std::filesystem;

json weightsJson(const analysis::WeightsInfo& weights)
{
    json object = { { "sha256", weights.sha256 }, { "provenance", toString(weights.provenance) },
        { "name", weights.name } };
    detail::putName(object, "path", weights.path);
    return object;
}

// The video as `vigil clips` finds it again: its absolute path, its path relative to the
// result's folder (tried first, so a folder of results and videos can move as a whole), and
// its fingerprint, so another file at either place is refused rather than cut.
json videoJson(const analysis::VideoSummary& video, const std::string& resultFolder)
{
    json object = { { "frames", video.frames }, { "fps", video.fps }, { "width", video.width },
        { "height", video.height }, { "duration_s", video.durationS } };
    std::error_code error;
    const bool isFile = fs::is_regular_file(video.path, error);
    const fs::path absolute
        = isFile ? fs::absolute(video.path, error).lexically_normal() : fs::path();
    detail::putName(object, "path", isFile && !error ? absolute.string() : video.path);
    if (isFile && !error && !resultFolder.empty()) {
        const fs::path folder = fs::absolute(resultFolder, error).lexically_normal();
        if (!error)
            detail::putName(object, "relative_path", absolute.lexically_relative(folder).string());
    }
    object["size_bytes"] = video.sizeBytes >= 0 ? json(video.sizeBytes) : json(nullptr);
    object["sample_sha256"] = video.sampleSha256.empty() ? json(nullptr) : json(video.sampleSha256);
    return object;
}

json settingJson(bool isKnown, const std::string& word)
{
    return isKnown ? json(word) : json(nullptr);
}

json windowJson(const analysis::WindowResult& window)
{
    const int64_t rows = window.attention.rank() == 2 ? window.attention.dim(0) : 0;
    const int64_t steps = window.attention.rank() == 2 ? window.attention.dim(1) : 0;
    json attention = json::array();
    for (int64_t k = 0; k < rows; ++k) {
        const auto begin = window.attention.values.begin() + k * steps;
        attention.push_back(std::vector<float>(begin, begin + steps));
    }
    return { { "first_step", window.firstStep }, { "last_step", window.lastStep },
        { "first_frame", window.firstFrame }, { "last_frame", window.lastFrame },
        { "score", window.score }, { "crop_scores", window.cropScores },
        { "attention", attention } };
}

// Step scores, not frame scores: the frames follow from them as the classifier's do
// (protocol.snippet_frames), and the CSV has them frame by frame.
json detectorsJson(const std::vector<analysis::DetectorResult>& detectors)
{
    json object = json::object();
    for (const analysis::DetectorResult& detector : detectors)
        object[toString(detector.kind)] = { { "step_scores", detector.stepScores },
            { "magnitudes", detector.magnitudes }, { "span_steps", detector.spanSteps },
            { "weights", weightsJson(detector.weights) },
            { "source", analysis::weightsSource(detector.weights) } };
    return object;
}

std::string csvHeader(const analysis::AnalysisResult& result)
{
    std::string header = "frame,time_s,score";
    for (const analysis::DetectorResult& detector : result.detectors)
        header += "," + toString(detector.kind);
    return header + "\n";
}

} // namespace

std::string resultToJson(const analysis::AnalysisResult& result, const std::string& resultFolder)
{
    json document;
    detail::putFormat(document, kResultFormat, kResultVersion);
    if (result.video.isKnown) {
        document["video"] = videoJson(result.video, resultFolder);
    } else {
        // fps: from the features' sidecar or --fps; null when neither said it.
        document["features"]
            = { { "fps", result.video.fps > 0 ? json(result.video.fps) : json(nullptr) } };
        detail::putName(document["features"], "path", result.featuresPath);
    }
    const auto& model = result.model;
    // null: scored by detectors alone, so no classifier and no frame scores of its (not 0s).
    json classifier = nullptr;
    if (model.hasClassifier) {
        classifier = weightsJson(model.classifier);
        classifier["da"] = model.hiddenSize;
        classifier["r"] = model.attentionRows;
    } else if (!result.video.isKnown) {
        document["features"]["frames"] = result.frameCount();
    }
    const bool isKnown = model.isExtractionKnown;
    document["model"] = { { "backbone", settingJson(isKnown, toString(model.backbone)) },
        { "crops", settingJson(isKnown, toString(model.crops)) },
        { "preprocess", settingJson(isKnown, toString(model.preset)) },
        { "precision", settingJson(isKnown, toString(model.precision)) },
        { "backbone_weights", weightsJson(model.backboneWeights) }, { "classifier", classifier },
        { "networks", analysis::weightsSummary(model) } };
    document["protocol"] = { { "snippet_frames", result.protocol.snippetFrames },
        { "window_steps", result.protocol.windows.windowSteps },
        { "stride_steps", result.protocol.windows.strideSteps } };
    document["steps"] = result.steps;
    document["crops"] = result.crops;
    document["windows"] = json::array();
    for (const auto& window : result.windows)
        document["windows"].push_back(windowJson(window));
    document["frame_scores"] = model.hasClassifier ? json(result.frameScores) : json(nullptr);
    document["detectors"] = detectorsJson(result.detectors);
    document["extractions"] = detail::extractionsJson(result.extractions, weightsJson);
    document["warnings"] = result.warnings;
    return detail::dumped(document, 1) + "\n";
}

std::string scoresToCsv(const analysis::AnalysisResult& result)
{
    std::string csv = csvHeader(result);
    char line[96];
    // Without the classifier its column stays, empty: not scored.
    const auto frames = static_cast<size_t>(result.frameCount());
    for (size_t frame = 0; frame < frames; ++frame) {
        // A time that is not known is left empty, never written as 0.
        char time[32] = "";
        if (frame < result.framePtsUs.size())
            std::snprintf(
                time, sizeof time, "%.6f", static_cast<double>(result.framePtsUs[frame]) / 1e6);
        else if (result.video.fps > 0.0)
            std::snprintf(time, sizeof time, "%.6f", static_cast<double>(frame) / result.video.fps);
        if (result.model.hasClassifier)
            std::snprintf(line, sizeof line, "%zu,%s,%.6f", frame, time,
                static_cast<double>(result.frameScores[frame]));
        else
            std::snprintf(line, sizeof line, "%zu,%s,", frame, time);
        csv += line;
        // A frame a detector did not score is an empty cell, never 0.
        for (const analysis::DetectorResult& detector : result.detectors) {
            if (frame < detector.frameScores.size())
                std::snprintf(
                    line, sizeof line, ",%.6f", static_cast<double>(detector.frameScores[frame]));
            else
                std::snprintf(line, sizeof line, ",");
            csv += line;
        }
        csv += "\n";
    }
    return csv;
}

bool isResultFileName(const std::string& path)
{
    constexpr std::string_view suffix = ".vigil.json";
    const std::string name = fs::path(path).filename().string();
    return name.size() > suffix.size()
        && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string scoresPathOfResult(const std::string& jsonPath)
{
    if (!isResultFileName(jsonPath))
        return {};
    return jsonPath.substr(0, jsonPath.size() - std::string_view(".vigil.json").size())
        + ".scores.csv";
}

WrittenFiles writeResultFiles(
    const analysis::AnalysisResult& result, const std::string& outputDir, const std::string& stem)
{
    files::createOutputFolder(outputDir);
    const fs::path base = fs::path(outputDir) / stem;
    WrittenFiles files { base.string() + ".vigil.json", base.string() + ".scores.csv" };
    analysis::AnalysisResult fingerprinted = result;
    if (result.video.isKnown && result.video.sampleSha256.empty())
        if (const std::optional<files::FileFingerprint> fingerprint
            = files::fingerprintOf(result.video.path)) {
            fingerprinted.video.sizeBytes = fingerprint->sizeBytes;
            fingerprinted.video.sampleSha256 = fingerprint->sampleSha256;
        }
    // Both texts first, then both files; when the JSON cannot be written, the CSV goes too, and
    // so does an older JSON (it would now pair with no CSV, or be taken for this run's).
    const std::string csv = scoresToCsv(result);
    const std::string document = resultToJson(fingerprinted, outputDir);
    files::writeFileAtomically(files.csvPath, csv);
    try {
        files::writeFileAtomically(files.jsonPath, document);
    } catch (...) {
        std::error_code error; // the write's failure is the one to report
        fs::remove(files.csvPath, error);
        fs::remove(files.jsonPath, error);
        throw;
    }
    return files;
}

} // namespace vigil::formats
