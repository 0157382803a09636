#include "core/io/result_files.h"

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/io/atomic_file.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>

namespace vigil::io {
namespace {

using nlohmann::json;

json weightsJson(const analysis::WeightsInfo& weights)
{
    return { { "path", weights.path }, { "sha256", weights.sha256 },
        { "provenance", toString(weights.provenance) }, { "name", weights.name } };
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

} // namespace

std::string resultToJson(const analysis::AnalysisResult& result)
{
    json document;
    if (result.video.isKnown) {
        const auto& video = result.video;
        document["video"] = { { "path", video.path }, { "frames", video.frames },
            { "fps", video.fps }, { "width", video.width }, { "height", video.height },
            { "duration_s", video.durationS } };
    } else {
        // fps: from the features' sidecar or --fps; null when neither said it.
        document["features"] = { { "path", result.featuresPath },
            { "fps", result.video.fps > 0 ? json(result.video.fps) : json(nullptr) } };
    }
    const auto& model = result.model;
    json classifier = weightsJson(model.classifier);
    classifier["da"] = model.hiddenSize;
    classifier["r"] = model.attentionRows;
    document["model"] = { { "backbone", toString(model.backbone) },
        { "crops", toString(model.crops) }, { "preprocess", toString(model.preset) },
        { "backbone_weights", weightsJson(model.backboneWeights) }, { "classifier", classifier },
        { "networks", analysis::weightsSummary(model) } };
    document["protocol"] = { { "snippet_frames", result.protocol.snippetFrames },
        { "window_steps", result.protocol.windowSteps },
        { "stride_steps", result.protocol.strideSteps } };
    document["steps"] = result.steps;
    document["crops"] = result.crops;
    document["windows"] = json::array();
    for (const auto& window : result.windows)
        document["windows"].push_back(windowJson(window));
    document["frame_scores"] = result.frameScores;
    document["warnings"] = result.warnings;
    return document.dump(1) + "\n";
}

std::string scoresToCsv(const analysis::AnalysisResult& result)
{
    std::string csv = "frame,time_s,score\n";
    char line[96];
    for (size_t frame = 0; frame < result.frameScores.size(); ++frame) {
        // A time that is not known is left empty, never written as 0.
        char time[32] = "";
        if (frame < result.framePtsUs.size())
            std::snprintf(
                time, sizeof time, "%.6f", static_cast<double>(result.framePtsUs[frame]) / 1e6);
        else if (result.video.fps > 0.0)
            std::snprintf(time, sizeof time, "%.6f", static_cast<double>(frame) / result.video.fps);
        std::snprintf(line, sizeof line, "%zu,%s,%.6f\n", frame, time,
            static_cast<double>(result.frameScores[frame]));
        csv += line;
    }
    return csv;
}

WrittenFiles writeResultFiles(
    const analysis::AnalysisResult& result, const std::string& outputDir, const std::string& stem)
{
    createOutputFolder(outputDir);
    const std::filesystem::path base = std::filesystem::path(outputDir) / stem;
    WrittenFiles files { base.string() + ".vigil.json", base.string() + ".scores.csv" };
    writeFileAtomically(files.csvPath, scoresToCsv(result));
    writeFileAtomically(files.jsonPath, resultToJson(result));
    return files;
}

} // namespace vigil::io
