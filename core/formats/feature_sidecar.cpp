#include "core/formats/feature_sidecar.h"

#include "core/common/count_limits.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_file.h"
#include "core/files/regular_file.h"
#include "core/formats/detail/json_fields.h"
#include "core/formats/json_problem.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace vigil::formats {
namespace {

using nlohmann::json;

template <typename Enum>
Enum settingIn(const json& document, const char* key, const std::string& path)
{
    const std::optional<Enum> value = fromString<Enum>(document.at(key).get<std::string>());
    if (!value)
        throw IoError(path + ": unknown " + key + " '" + document.at(key).get<std::string>() + "'");
    return *value;
}

// Text that reaches results and terminals as it is: no control characters, C1 included.
std::string plainText(const json& parent, const char* key, const std::string& path)
{
    const std::string text = parent.at(key).get<std::string>();
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const bool isC1 = c == 0xC2 && i + 1 < text.size()
            && static_cast<unsigned char>(text[i + 1]) >= 0x80
            && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
        if (c < 0x20 || c == 0x7F || isC1)
            throw IoError(path + ": " + key + " holds a control character");
    }
    return text;
}

std::string sha256In(const json& parent, const std::string& path)
{
    const std::string text = parent.at("sha256").get<std::string>();
    const bool isHex = std::all_of(text.begin(), text.end(),
        [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    if (!text.empty() && (text.size() != 64 || !isHex))
        throw IoError(path + ": sha256 is not 64 lowercase hex digits");
    return text;
}

FeatureSidecar sidecarOf(const json& document, const std::string& path)
{
    detail::checkFormat(document, kFeatureSidecarFormat, kFeatureSidecarVersion);
    FeatureSidecar sidecar;
    sidecar.model.backbone = settingIn<BackboneKind>(document, "backbone", path);
    sidecar.model.crops = settingIn<CropMode>(document, "crops", path);
    // Sidecars written before presets existed were made by the default one.
    if (document.contains("preprocess"))
        sidecar.model.preset = settingIn<PreprocessPreset>(document, "preprocess", path);
    // And before --precision, in float32.
    if (document.contains("precision"))
        sidecar.model.precision = settingIn<Precision>(document, "precision", path);
    const json& weights = document.at("backbone_weights");
    plainText(weights, "provenance", path);
    sidecar.model.backboneWeights = { detail::nameIn(weights, "path"), sha256In(weights, path),
        settingIn<Provenance>(weights, "provenance", path), plainText(weights, "name", path) };
    sidecar.framesPerStep = document.at("snippet_frames").get<int64_t>();
    const json& video = document.at("video");
    sidecar.videoPath = detail::nameIn(video, "path");
    sidecar.frames = video.at("frames").get<int64_t>();
    sidecar.fps = video.at("fps").get<double>();
    if (const std::string problem
        = countProblem(std::to_string(sidecar.framesPerStep), bounds::snippetFrames());
        !problem.empty())
        throw IoError(path + ": snippet_frames " + problem);
    // Below one frame in 1000 s, times would run to absurd values (1e-300 gives 1e300 s).
    constexpr double kLeastFps = 1e-3;
    if (!std::isfinite(sidecar.fps) || (sidecar.fps != 0.0 && sidecar.fps < kLeastFps)
        || sidecar.fps < 0 || sidecar.fps > bounds::fps().max)
        throw IoError(path + ": fps " + video.at("fps").dump() + " is out of range (0: unknown, "
            + "else 0.001 to " + std::to_string(static_cast<int>(bounds::fps().max)) + ")");
    if (sidecar.frames < 0)
        throw IoError(path + ": video.frames " + std::to_string(sidecar.frames) + " is negative");
    return sidecar;
}

void checkFinite(const FloatArray& features, const std::string& path)
{
    const int64_t stepSize = features.dim(1) * features.dim(2);
    for (size_t i = 0; i < features.values.size(); ++i) {
        if (!std::isfinite(features.values[i]))
            throw IoError(path + ": step " + std::to_string(static_cast<int64_t>(i) / stepSize)
                + " holds a NaN or infinite value; these features cannot be scored");
    }
}

// The fields' checks alone: readFeatureSidecarFor() adds the check against the features.
std::optional<FeatureSidecar> readFeatureSidecar(const std::string& path)
{
    constexpr uint64_t kMaxSidecarBytes = 1 << 20;
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error)))
        return std::nullopt;
    const files::RegularFile file(path);
    if (file.sizeBytes() > kMaxSidecarBytes)
        throw IoError(path + ": too large for a features sidecar");
    try {
        return sidecarOf(json::parse(file.readAll()), path);
    } catch (const json::exception& failure) {
        throw IoError(path + ": not a features sidecar of Vigil's: " + jsonProblem(failure));
    } catch (const std::invalid_argument& failure) {
        throw IoError(path + ": not a features sidecar of Vigil's: " + failure.what());
    }
}

} // namespace

std::string sidecarPathFor(const std::string& npyPath)
{
    return std::filesystem::path(npyPath).replace_extension(".json").string();
}

void writeFeatureSidecar(const std::string& path, const FeatureSidecar& sidecar)
{
    const analysis::WeightsInfo& weights = sidecar.model.backboneWeights;
    json document;
    detail::putFormat(document, kFeatureSidecarFormat, kFeatureSidecarVersion);
    document["backbone"] = toString(sidecar.model.backbone);
    document["crops"] = toString(sidecar.model.crops);
    document["preprocess"] = toString(sidecar.model.preset);
    document["precision"] = toString(sidecar.model.precision);
    document["backbone_weights"] = { { "sha256", weights.sha256 },
        { "provenance", toString(weights.provenance) }, { "name", weights.name } };
    detail::putName(document["backbone_weights"], "path", weights.path);
    document["snippet_frames"] = sidecar.framesPerStep;
    document["video"] = { { "frames", sidecar.frames }, { "fps", sidecar.fps } };
    detail::putName(document["video"], "path", sidecar.videoPath);
    files::writeFileAtomically(path, detail::dumped(document, 1) + "\n");
}

std::optional<FeatureSidecar> readFeatureSidecarFor(
    const std::string& npyPath, const FloatArray& features)
{
    const std::string path = sidecarPathFor(npyPath);
    std::optional<FeatureSidecar> sidecar = readFeatureSidecar(path);
    if (!sidecar || sidecar->frames == 0 || features.rank() < 1)
        return sidecar;
    const int64_t steps = features.dim(0);
    const int64_t least = std::max<int64_t>(steps - 1, 0) * sidecar->framesPerStep + 1;
    const int64_t most = (steps + 1) * sidecar->framesPerStep;
    if (sidecar->frames < least || sidecar->frames > most)
        throw IoError(path + ": video.frames " + std::to_string(sidecar->frames) + " does not fit "
            + std::to_string(steps) + " steps of " + std::to_string(sidecar->framesPerStep)
            + " frames (snippet_frames) in " + npyPath + " (" + std::to_string(least) + " to "
            + std::to_string(most) + ")");
    return sidecar;
}

FloatArray readFeatures(const std::string& npyPath)
{
    FloatArray features = files::readNpy(npyPath);
    if (features.rank() == 2) // [T, F]: a single crop sequence
        features.shape = { features.dim(0), 1, features.dim(1) };
    if (features.rank() != 3)
        throw IoError(
            npyPath + ": expected features [steps, crops, 2048], got " + features.shapeText());
    // No steps is a video too short for one snippet; no crop or no feature is no feature at all,
    // and every reader after this one divides by them.
    if (features.dim(1) < 1 || features.dim(2) < 1)
        throw IoError(npyPath
            + ": expected features [steps, crops, 2048] with at least one crop "
              "and one feature, got "
            + features.shapeText());
    checkFinite(features, npyPath);
    return features;
}

} // namespace vigil::formats
