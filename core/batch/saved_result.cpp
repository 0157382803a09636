#include "core/batch/saved_result.h"

#include "core/io/json_problem.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace vigil::batch {
namespace {

using nlohmann::json;

// Thrown inside this file only, to leave the checks at the first problem.
struct Incomplete {
    std::string problem;
};

bool hasType(const json& value, json::value_t type)
{
    if (type == json::value_t::number_float)
        return value.is_number();
    if (type == json::value_t::number_integer)
        return value.is_number_integer(); // signed or unsigned
    return value.type() == type;
}

const json& member(const json& object, const char* key, json::value_t type, const char* where)
{
    const auto it = object.find(key);
    if (it == object.end() || !hasType(*it, type))
        throw Incomplete { std::string(where) + " lacks a valid \"" + key + "\"" };
    return *it;
}

const json& object(const json& parent, const char* key, const char* where)
{
    return member(parent, key, json::value_t::object, where);
}

int64_t integer(const json& parent, const char* key, const char* where)
{
    return member(parent, key, json::value_t::number_integer, where).get<int64_t>();
}

double number(const json& parent, const char* key, const char* where)
{
    return member(parent, key, json::value_t::number_float, where).get<double>();
}

std::string text(const json& parent, const char* key, const char* where)
{
    return member(parent, key, json::value_t::string, where).get<std::string>();
}

json readJson(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Incomplete { "no " + path };
    try {
        return json::parse(in);
    } catch (const json::exception& error) {
        throw Incomplete { path + " does not parse: " + io::jsonProblem(error) };
    }
}

void checkWeights(const json& model, const char* key, const analysis::WeightsInfo& expected)
{
    const json& weights = object(model, key, "model");
    if (text(weights, "provenance", key) != toString(expected.provenance)
        || text(weights, "sha256", key) != expected.sha256)
        throw Incomplete { std::string("made with other ") + key + " ("
            + text(weights, "provenance", key) + " " + text(weights, "sha256", key).substr(0, 12)
            + ")" };
}

void checkSettings(const json& document, const ExpectedSettings& expected)
{
    const json& model = object(document, "model", "the result");
    const json& protocol = object(document, "protocol", "the result");
    if (text(model, "backbone", "model") != toString(expected.model.backbone)
        || text(model, "crops", "model") != toString(expected.model.crops)
        || integer(protocol, "window_steps", "protocol") != expected.windowSteps
        || integer(protocol, "stride_steps", "protocol") != expected.strideSteps)
        throw Incomplete { "made with other settings (backbone, crops, window or stride)" };
    // A result written before presets existed was made by the default one.
    const std::string preset = model.contains("preprocess")
        ? text(model, "preprocess", "model")
        : toString(PreprocessPreset::I3dResnetExtractor);
    if (preset != toString(expected.model.preset))
        throw Incomplete { "made with the " + preset + " preprocessing preset, not "
            + toString(expected.model.preset) };
    checkWeights(model, "backbone_weights", expected.model.backboneWeights);
    checkWeights(model, "classifier", expected.model.classifier);
    integer(protocol, "snippet_frames", "protocol");
}

void checkWindows(const json& document)
{
    const int64_t steps = integer(document, "steps", "the result");
    integer(document, "crops", "the result");
    const json& windows = member(document, "windows", json::value_t::array, "the result");
    if (steps > 0 && windows.empty())
        throw Incomplete { "no windows for " + std::to_string(steps) + " steps" };
    for (const json& window : windows) {
        if (!window.is_object())
            throw Incomplete { "a window is not an object" };
        for (const char* key : { "first_step", "last_step", "first_frame", "last_frame" })
            integer(window, key, "a window");
        number(window, "score", "a window");
        member(window, "attention", json::value_t::array, "a window");
    }
    member(document, "warnings", json::value_t::array, "the result");
}

std::vector<float> frameScoresOf(const json& document, int64_t frames)
{
    const json& scores = member(document, "frame_scores", json::value_t::array, "the result");
    if (static_cast<int64_t>(scores.size()) != frames)
        throw Incomplete { "frame_scores has " + std::to_string(scores.size()) + " values for "
            + std::to_string(frames) + " frames" };
    std::vector<float> values;
    values.reserve(scores.size());
    for (const json& score : scores) {
        if (!score.is_number())
            throw Incomplete { "frame_scores holds a value that is not a number" };
        values.push_back(score.get<float>());
    }
    return values;
}

// The CSV's times, after checking that it holds exactly the JSON's frame scores.
std::vector<double> frameTimesOf(const std::string& csvPath, const std::vector<float>& scores)
{
    std::ifstream in(csvPath, std::ios::binary);
    if (!in)
        throw Incomplete { "no " + csvPath };
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string contents = buffer.str();
    if (contents.empty() || contents.back() != '\n')
        throw Incomplete { csvPath + " does not end with a complete line" };
    std::istringstream lines(contents);
    std::string line;
    if (!std::getline(lines, line) || line != "frame,time_s,score")
        throw Incomplete { csvPath + " lacks the header frame,time_s,score" };
    std::vector<double> times;
    times.reserve(scores.size());
    while (std::getline(lines, line)) {
        const size_t frame = times.size();
        char* end = nullptr;
        const long long index = std::strtoll(line.c_str(), &end, 10);
        const double timeS = *end == ',' ? std::strtod(end + 1, &end) : 0.0;
        const double score = *end == ',' ? std::strtod(end + 1, &end) : 0.0;
        if (line.empty() || *end != '\0' || index < 0 || static_cast<size_t>(index) != frame
            || frame >= scores.size()
            || std::fabs(score - static_cast<double>(scores[frame])) > 1e-5)
            throw Incomplete { csvPath + ": row " + std::to_string(frame + 1)
                + " does not match the JSON" };
        times.push_back(timeS);
    }
    if (times.size() != scores.size())
        throw Incomplete { csvPath + " has " + std::to_string(times.size()) + " rows, expected "
            + std::to_string(scores.size()) };
    return times;
}

} // namespace

SavedResult checkSavedResult(const std::string& jsonPath, const std::string& csvPath,
    const ExpectedSettings& expected, double threshold)
{
    SavedResult saved;
    try {
        const json document = readJson(jsonPath);
        if (!document.is_object())
            throw Incomplete { jsonPath + " is not a JSON object" };
        const json& video = object(document, "video", "the result");
        text(video, "path", "video");
        const int64_t frames = integer(video, "frames", "video");
        number(video, "fps", "video");
        integer(video, "width", "video");
        integer(video, "height", "video");
        const double durationS = number(video, "duration_s", "video");
        checkSettings(document, expected);
        checkWindows(document);
        const std::vector<float> scores = frameScoresOf(document, frames);
        const std::vector<double> times = frameTimesOf(csvPath, scores);
        saved.figures = figuresOf(scores, times, frames, durationS, threshold);
        saved.isComplete = true;
    } catch (const Incomplete& incomplete) {
        saved.problem = incomplete.problem;
    } catch (const json::exception& error) { // a value of the wrong kind deep inside
        saved.problem = jsonPath + ": " + io::jsonProblem(error);
    }
    return saved;
}

} // namespace vigil::batch
