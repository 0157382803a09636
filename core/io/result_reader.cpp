#include "core/io/result_reader.h"

#include "core/common/error.h"
#include "core/io/json_problem.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>

namespace vigil::io {
namespace {

using nlohmann::json;

// A setting's word as written by result_files.cpp; anything else is not a result of Vigil's.
template <typename Enum> Enum settingOf(const json& parent, const char* key)
{
    const std::string word = parent.at(key).get<std::string>();
    if (const std::optional<Enum> value = fromString<Enum>(word))
        return *value;
    throw std::invalid_argument(std::string("unknown ") + key + " '" + word + "'");
}

analysis::WeightsInfo weightsOf(const json& weights)
{
    return { weights.value("path", ""), weights.value("sha256", ""),
        settingOf<Provenance>(weights, "provenance"), weights.value("name", "") };
}

analysis::WindowResult windowOf(const json& window)
{
    analysis::WindowResult result;
    result.firstStep = window.at("first_step").get<int64_t>();
    result.lastStep = window.at("last_step").get<int64_t>();
    result.firstFrame = window.at("first_frame").get<int64_t>();
    result.lastFrame = window.at("last_frame").get<int64_t>();
    result.score = window.at("score").get<float>();
    if (window.contains("crop_scores"))
        result.cropScores = window.at("crop_scores").get<std::vector<float>>();
    const json& attention = window.at("attention");
    const int64_t rows = static_cast<int64_t>(attention.size());
    const int64_t steps = rows > 0 ? static_cast<int64_t>(attention.at(0).size()) : 0;
    result.attention = FloatArray::zeros({ rows, steps });
    for (int64_t k = 0; k < rows; ++k) {
        const auto weights = attention.at(static_cast<size_t>(k)).get<std::vector<float>>();
        if (static_cast<int64_t>(weights.size()) != steps)
            throw std::invalid_argument("attention rows of different lengths");
        std::copy(weights.begin(), weights.end(), result.attention.data() + k * steps);
    }
    return result;
}

analysis::AnalysisResult resultOf(const json& document)
{
    analysis::AnalysisResult result;
    if (document.contains("video")) {
        const json& video = document.at("video");
        result.video.isKnown = true;
        result.video.path = video.at("path").get<std::string>();
        result.video.frames = video.at("frames").get<int64_t>();
        result.video.fps = video.at("fps").get<double>();
        result.video.width = video.value("width", 0);
        result.video.height = video.value("height", 0);
        result.video.durationS = video.value("duration_s", 0.0);
    } else {
        const json& features = document.at("features");
        result.featuresPath = features.at("path").get<std::string>();
        if (features.contains("fps") && features.at("fps").is_number())
            result.video.fps = features.at("fps").get<double>();
    }
    const json& model = document.at("model");
    result.model.backbone = settingOf<BackboneKind>(model, "backbone");
    result.model.crops = settingOf<CropMode>(model, "crops");
    // Results written before presets existed were made by the default one.
    if (model.contains("preprocess"))
        result.model.preset = settingOf<PreprocessPreset>(model, "preprocess");
    result.model.backboneWeights = weightsOf(model.at("backbone_weights"));
    const json& classifier = model.at("classifier");
    result.model.classifier = weightsOf(classifier);
    result.model.hiddenSize = classifier.value("da", int64_t { 0 });
    result.model.attentionRows = classifier.value("r", int64_t { 0 });
    const json& protocol = document.at("protocol");
    result.protocol.snippetFrames = protocol.at("snippet_frames").get<int64_t>();
    result.protocol.windowSteps = protocol.at("window_steps").get<int64_t>();
    result.protocol.strideSteps = protocol.at("stride_steps").get<int64_t>();
    result.steps = document.at("steps").get<int64_t>();
    result.crops = document.at("crops").get<int64_t>();
    for (const json& window : document.at("windows"))
        result.windows.push_back(windowOf(window));
    result.frameScores = document.at("frame_scores").get<std::vector<float>>();
    result.warnings = document.value("warnings", std::vector<std::string>());
    return result;
}

// The time_s column, one value per frame score.
std::vector<int64_t> framePtsOf(const std::string& csvPath, size_t frames)
{
    std::ifstream in(csvPath, std::ios::binary);
    if (!in)
        throw IoError(csvPath + ": cannot read");
    std::string line;
    if (!std::getline(in, line) || line != "frame,time_s,score")
        throw IoError(csvPath + ": lacks the header frame,time_s,score");
    std::vector<int64_t> pts;
    pts.reserve(frames);
    while (std::getline(in, line) && !line.empty()) {
        const size_t comma = line.find(',');
        if (comma == std::string::npos)
            throw IoError(
                csvPath + ": row " + std::to_string(pts.size() + 1) + " is not frame,time_s,score");
        pts.push_back(std::llround(std::strtod(line.c_str() + comma + 1, nullptr) * 1e6));
    }
    if (pts.size() != frames)
        throw IoError(csvPath + ": " + std::to_string(pts.size()) + " rows for "
            + std::to_string(frames) + " frame scores in the JSON");
    return pts;
}

} // namespace

analysis::AnalysisResult readResultFiles(const std::string& jsonPath, const std::string& csvPath)
{
    std::ifstream in(jsonPath, std::ios::binary);
    if (!in)
        throw IoError(jsonPath + ": cannot read");
    analysis::AnalysisResult result;
    try {
        result = resultOf(json::parse(in));
    } catch (const std::exception& error) {
        throw IoError(jsonPath + ": not a Vigil result: " + jsonProblem(error));
    }
    if (!csvPath.empty())
        result.framePtsUs = framePtsOf(csvPath, result.frameScores.size());
    return result;
}

} // namespace vigil::io
