#include "core/formats/result_reader.h"

#include "core/common/count_limits.h"
#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/formats/detail/json_fields.h"
#include "core/formats/detail/result_detectors.h"
#include "core/formats/json_problem.h"
#include "core/formats/result_files.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace vigil::formats {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Thrown inside this file only; readResultFiles adds the file's name.
struct Damaged : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// A setting's word as written by result_files.cpp; anything else is not a result of Vigil's.
template <typename Enum> Enum settingOf(const json& parent, const char* key)
{
    const std::string word = parent.at(key).get<std::string>();
    if (const std::optional<Enum> value = fromString<Enum>(word))
        return *value;
    throw Damaged(std::string("unknown ") + key + " '" + word + "'");
}

double finite(const json& parent, const char* key, double min, double max)
{
    const double value = parent.at(key).get<double>();
    if (!std::isfinite(value) || value < min || value > max)
        throw Damaged(std::string(key) + " " + std::to_string(value) + " is out of range");
    return value;
}

int64_t count(const json& parent, const char* key, int64_t min, int64_t max)
{
    const int64_t value = parent.at(key).get<int64_t>();
    if (value < min || value > max)
        throw Damaged(std::string(key) + " " + std::to_string(value) + " is out of range");
    return value;
}

// A score the networks wrote is a sigmoid: in [0, 1].
float score(const json& value, const char* what)
{
    const double number = value.get<double>();
    if (!std::isfinite(number) || number < 0.0 || number > 1.0)
        throw Damaged(std::string(what) + " holds " + value.dump() + ", not a score in [0, 1]");
    return static_cast<float>(number);
}

analysis::WeightsInfo weightsOf(const json& weights)
{
    return { weights.contains("path") ? detail::nameIn(weights, "path") : "",
        weights.value("sha256", ""), settingOf<Provenance>(weights, "provenance"),
        weights.value("name", "") };
}

analysis::WindowResult windowOf(const json& window, int64_t frames)
{
    analysis::WindowResult result;
    result.firstStep = count(window, "first_step", 0, INT32_MAX);
    result.lastStep = count(window, "last_step", result.firstStep, INT32_MAX);
    result.firstFrame = count(window, "first_frame", 0, std::max<int64_t>(frames - 1, 0));
    result.lastFrame
        = count(window, "last_frame", result.firstFrame, std::max<int64_t>(frames - 1, 0));
    result.score = score(window.at("score"), "a window's score");
    if (window.contains("crop_scores"))
        for (const json& value : window.at("crop_scores"))
            result.cropScores.push_back(score(value, "crop_scores"));
    const json& attention = window.at("attention");
    const int64_t rows = static_cast<int64_t>(attention.size());
    const int64_t steps = rows > 0 ? static_cast<int64_t>(attention.at(0).size()) : 0;
    result.attention = FloatArray::zeros({ rows, steps });
    for (int64_t k = 0; k < rows; ++k) {
        const json& row = attention.at(static_cast<size_t>(k));
        if (static_cast<int64_t>(row.size()) != steps)
            throw Damaged("attention rows of different lengths");
        for (int64_t s = 0; s < steps; ++s)
            result.attention.data()[k * steps + s]
                = score(row.at(static_cast<size_t>(s)), "attention");
    }
    return result;
}

// The video's file: relative to the result's folder first (where `vigil batch` and a moved
// folder of results and videos have it), else the absolute path.
std::string videoPathOf(const json& video, const std::string& jsonPath)
{
    const std::string path = detail::nameIn(video, "path");
    if (!video.contains("relative_path"))
        return path;
    const fs::path besideResult
        = fs::path(jsonPath).parent_path() / detail::nameIn(video, "relative_path");
    std::error_code error;
    return fs::exists(besideResult, error) ? besideResult.lexically_normal().string() : path;
}

void readVideo(const json& video, const std::string& jsonPath, analysis::VideoSummary& summary)
{
    summary.isKnown = true;
    summary.path = videoPathOf(video, jsonPath);
    summary.frames = count(video, "frames", 0, kMaxResultFrames);
    summary.fps = finite(video, "fps", 1e-3, 1000.0);
    summary.width
        = static_cast<int>(video.contains("width") ? count(video, "width", 0, 1 << 16) : 0);
    summary.height
        = static_cast<int>(video.contains("height") ? count(video, "height", 0, 1 << 16) : 0);
    summary.durationS = video.contains("duration_s") ? finite(video, "duration_s", 0.0, 1e8) : 0.0;
    if (video.contains("size_bytes") && video.at("size_bytes").is_number_integer())
        summary.sizeBytes = video.at("size_bytes").get<int64_t>();
    if (video.contains("sample_sha256") && video.at("sample_sha256").is_string())
        summary.sampleSha256 = video.at("sample_sha256").get<std::string>();
}

void readModel(const json& model, analysis::ModelDescription& description)
{
    // null: features scored without their sidecar, made by a backbone nobody recorded.
    description.isExtractionKnown = !model.at("backbone").is_null();
    if (description.isExtractionKnown) {
        description.backbone = settingOf<BackboneKind>(model, "backbone");
        description.crops = settingOf<CropMode>(model, "crops");
        // Results written before presets existed were made by the default one.
        if (model.contains("preprocess"))
            description.preset = settingOf<PreprocessPreset>(model, "preprocess");
        // And before --precision, in float32.
        if (model.contains("precision"))
            description.precision = settingOf<Precision>(model, "precision");
    }
    description.backboneWeights = weightsOf(model.at("backbone_weights"));
    const json& classifier = model.at("classifier");
    // null: scored by detectors alone (features the classifier cannot read).
    description.hasClassifier = !classifier.is_null();
    if (!description.hasClassifier)
        return;
    description.classifier = weightsOf(classifier);
    description.hiddenSize = classifier.value("da", int64_t { 0 });
    description.attentionRows = classifier.value("r", int64_t { 0 });
}

analysis::AnalysisResult resultOf(const json& document, const std::string& jsonPath)
{
    detail::checkFormat(document, kResultFormat, kResultVersion);
    analysis::AnalysisResult result;
    if (document.contains("video")) {
        readVideo(document.at("video"), jsonPath, result.video);
    } else {
        const json& features = document.at("features");
        result.featuresPath = detail::nameIn(features, "path");
        if (features.contains("fps") && features.at("fps").is_number())
            result.video.fps = finite(features, "fps", 1e-3, 1000.0);
    }
    readModel(document.at("model"), result.model);
    const json& protocol = document.at("protocol");
    result.protocol.snippetFrames
        = count(protocol, "snippet_frames", 1, bounds::snippetFrames().max);
    result.protocol.windows.windowSteps = count(protocol, "window_steps", 1, bounds::steps().max);
    result.protocol.windows.strideSteps = count(protocol, "stride_steps", 1, bounds::steps().max);
    result.steps = count(document, "steps", 0, kMaxResultFrames);
    result.crops = count(document, "crops", 0, 10);
    const json& scores = document.at("frame_scores");
    if (!result.model.hasClassifier) {
        if (!scores.is_null() || !document.at("windows").empty())
            throw Damaged("frame_scores and windows without a classifier");
        if (!result.video.isKnown)
            result.video.frames = count(document.at("features"), "frames", 0, kMaxResultFrames);
    }
    const int64_t frames = result.video.isKnown || !result.model.hasClassifier
        ? result.video.frames
        : static_cast<int64_t>(scores.size());
    if (result.model.hasClassifier && static_cast<int64_t>(scores.size()) != frames)
        throw Damaged("frame_scores has " + std::to_string(scores.size()) + " values for "
            + std::to_string(frames) + " frames");
    if (result.model.hasClassifier) {
        result.frameScores.reserve(scores.size());
        for (const json& value : scores)
            result.frameScores.push_back(score(value, "frame_scores"));
    }
    for (const json& window : document.at("windows"))
        result.windows.push_back(windowOf(window, frames));
    if (result.model.hasClassifier && result.steps > 0 && result.windows.empty())
        throw Damaged("no windows for " + std::to_string(result.steps) + " steps");
    // Version 2 results have no extractions, version 1 no detectors either.
    if (document.contains("extractions"))
        result.extractions
            = detail::extractionsOf(document.at("extractions"), kMaxResultFrames, weightsOf);
    if (document.contains("detectors"))
        result.detectors = detail::detectorsOf(document.at("detectors"), result.steps,
            result.protocol.snippetFrames, frames, result.extractions, weightsOf);
    result.warnings = document.value("warnings", std::vector<std::string>());
    return result;
}

// A value of the time_s or score column; empty text is no time, never 0.
std::optional<double> columnValue(const char*& cursor)
{
    if (*cursor == ',' || *cursor == '\0')
        return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(cursor, &end);
    if (end == cursor || !std::isfinite(value))
        throw Damaged("not a finite number");
    cursor = end;
    return value;
}

// The row's time in microseconds; nullopt when its time is empty.
std::optional<int64_t> ptsOfRow(
    const std::string& line, size_t frame, const analysis::AnalysisResult& result)
{
    const std::vector<float>& scores = result.frameScores;
    const char* cursor = line.c_str();
    char* end = nullptr;
    const long long index = std::strtoll(cursor, &end, 10);
    if (end == cursor || *end != ',' || index < 0 || static_cast<size_t>(index) != frame)
        throw Damaged("is not frame " + std::to_string(frame));
    cursor = end + 1;
    const std::optional<double> timeS = columnValue(cursor);
    if (*cursor++ != ',')
        throw Damaged("is not frame,time_s,score");
    const std::optional<double> frameScore = columnValue(cursor);
    if (result.model.hasClassifier ? !frameScore || std::fabs(*frameScore - scores[frame]) > 1e-5
                                   : frameScore.has_value())
        throw Damaged("does not hold the JSON's score");
    for (const analysis::DetectorResult& detector : result.detectors) {
        const std::optional<double> value = *cursor == ',' ? columnValue(++cursor) : std::nullopt;
        if (!value || std::fabs(*value - detector.frameScores[frame]) > 1e-5)
            throw Damaged("does not hold the JSON's " + toString(detector.kind) + " score");
    }
    if (*cursor != '\0')
        throw Damaged("has more columns than the header");
    if (!timeS)
        return std::nullopt;
    if (*timeS < -3600.0 || *timeS > 1e8)
        throw Damaged("has a time out of range");
    return std::llround(*timeS * 1e6);
}

// The time_s column, one value per frame score, read with a cap on its size that the frame
// count gives (a symlink to /dev/zero, or a file grown without end, is refused unread).
std::vector<int64_t> framePtsOf(const std::string& csvPath, const analysis::AnalysisResult& result)
{
    const auto frames = static_cast<uint64_t>(result.frameCount());
    const files::RegularFile file(csvPath);
    const uint64_t columns = result.detectors.size();
    const uint64_t cap = 64 + 16 * columns + (96 + 16 * columns) * frames;
    if (file.sizeBytes() > cap)
        throw IoError(csvPath + ": " + std::to_string(file.sizeBytes()) + " bytes, too large for "
            + std::to_string(frames) + " frame scores");
    const std::string text = file.readAll();
    std::string header = "frame,time_s,score";
    for (const analysis::DetectorResult& detector : result.detectors)
        header += "," + toString(detector.kind);
    if (text.rfind(header + "\n", 0) != 0)
        throw IoError(csvPath + ": lacks the header " + header);
    std::vector<int64_t> pts;
    pts.reserve(frames);
    size_t begin = text.find('\n') + 1;
    // Features scored without a frame rate have no times at all: none are made up, and a file
    // with only some is damaged.
    size_t rows = 0;
    bool hasTimes = true;
    while (begin < text.size()) {
        const size_t end = text.find('\n', begin);
        if (end == std::string::npos)
            throw IoError(csvPath + ": does not end with a complete line");
        if (rows >= frames)
            throw IoError(csvPath + ": more rows than the JSON's " + std::to_string(frames)
                + " frame scores");
        try {
            const std::optional<int64_t> rowPts
                = ptsOfRow(text.substr(begin, end - begin), rows, result);
            if (rows == 0)
                hasTimes = rowPts.has_value();
            if (rowPts.has_value() != hasTimes)
                throw Damaged(hasTimes ? "has no time" : "has a time where the others have none");
            if (rowPts)
                pts.push_back(*rowPts);
        } catch (const Damaged& damage) {
            throw IoError(csvPath + ": row " + std::to_string(rows + 1) + " " + damage.what());
        }
        ++rows;
        begin = end + 1;
    }
    if (rows != frames)
        throw IoError(csvPath + ": " + std::to_string(rows) + " rows, expected "
            + std::to_string(frames) + " (the JSON's frame scores)");
    return pts;
}

} // namespace

analysis::AnalysisResult readResultFiles(const std::string& jsonPath, const std::string& csvPath)
{
    const files::RegularFile file(jsonPath);
    if (file.sizeBytes() > kMaxResultJsonBytes)
        throw IoError(jsonPath + ": " + std::to_string(file.sizeBytes())
            + " bytes, too large for a result of Vigil's");
    analysis::AnalysisResult result;
    try {
        result = resultOf(json::parse(file.readAll()), jsonPath);
    } catch (const std::exception& error) { // a parse error too: jsonProblem says where
        throw IoError(jsonPath + ": not a Vigil result: " + jsonProblem(error));
    }
    if (!csvPath.empty())
        result.framePtsUs = framePtsOf(csvPath, result);
    return result;
}

} // namespace vigil::formats
