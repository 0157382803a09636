#include "core/io/feature_sidecar.h"

#include "core/common/count_limits.h"
#include "core/common/error.h"
#include "core/io/atomic_file.h"
#include "core/io/json_problem.h"
#include "core/io/npy_file.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace vigil::io {
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

void checkFinite(const FloatArray& features, const std::string& path)
{
    const int64_t stepSize = features.dim(1) * features.dim(2);
    for (size_t i = 0; i < features.values.size(); ++i) {
        if (!std::isfinite(features.values[i]))
            throw IoError(path + ": step " + std::to_string(static_cast<int64_t>(i) / stepSize)
                + " holds a NaN or infinite value; these features cannot be scored");
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
    const json document { { "backbone", toString(sidecar.model.backbone) },
        { "crops", toString(sidecar.model.crops) },
        { "preprocess", toString(sidecar.model.preset) },
        { "backbone_weights",
            { { "path", weights.path }, { "sha256", weights.sha256 },
                { "provenance", toString(weights.provenance) }, { "name", weights.name } } },
        { "snippet_frames", sidecar.framesPerStep },
        { "video",
            { { "path", sidecar.videoPath }, { "frames", sidecar.frames },
                { "fps", sidecar.fps } } } };
    writeFileAtomically(path, document.dump(1) + "\n");
}

std::optional<FeatureSidecar> readFeatureSidecar(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    try {
        const json document = json::parse(in);
        FeatureSidecar sidecar;
        sidecar.model.backbone = settingIn<BackboneKind>(document, "backbone", path);
        sidecar.model.crops = settingIn<CropMode>(document, "crops", path);
        // Sidecars written before presets existed were made by the default one.
        if (document.contains("preprocess"))
            sidecar.model.preset = settingIn<PreprocessPreset>(document, "preprocess", path);
        const json& weights = document.at("backbone_weights");
        sidecar.model.backboneWeights
            = { weights.at("path").get<std::string>(), weights.at("sha256").get<std::string>(),
                  settingIn<Provenance>(weights, "provenance", path),
                  weights.at("name").get<std::string>() };
        sidecar.framesPerStep = document.at("snippet_frames").get<int64_t>();
        const json& video = document.at("video");
        sidecar.videoPath = video.at("path").get<std::string>();
        sidecar.frames = video.at("frames").get<int64_t>();
        sidecar.fps = video.at("fps").get<double>();
        if (const std::string problem
            = countProblem(std::to_string(sidecar.framesPerStep), bounds::snippetFrames());
            !problem.empty())
            throw IoError(path + ": snippet_frames " + problem);
        if (!std::isfinite(sidecar.fps) || sidecar.fps < 0)
            throw IoError(path + ": fps out of range");
        return sidecar;
    } catch (const json::exception& failure) {
        throw IoError(path + ": not a features sidecar of Vigil's: " + jsonProblem(failure));
    }
}

FloatArray readFeatures(const std::string& npyPath)
{
    FloatArray features = readNpy(npyPath);
    if (features.rank() == 2) // [T, F]: a single crop sequence
        features.shape = { features.dim(0), 1, features.dim(1) };
    if (features.rank() != 3)
        throw IoError(
            npyPath + ": expected features [steps, crops, 2048], got " + features.shapeText());
    checkFinite(features, npyPath);
    return features;
}

} // namespace vigil::io
