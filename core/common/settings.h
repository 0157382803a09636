#pragma once
// The settings every front end shares, typed once: which backbone, which crops, which device,
// and where a network's weights came from. toString/fromString below are the only place these
// values become words; the result JSON, QSettings and the command line all go through them, so
// no front end compares with a literal such as "demo". Plain values; any thread.

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace vigil {

// I3dInception: DeepMind's Kinetics Inception-v1 I3D, the 1024-d features of UR-DMU and PEL4VAD.
enum class BackboneKind { I3dResNet50, ResNet50, I3dInception };
enum class CropMode { Center, Ten };
enum class ComputeDevice { Cpu, Cuda };
// How frames become I3D snippet inputs (PROTOCOL.md section 1, "Preprocessing presets"):
// I3dResnetExtractor: the I3D_Feature_Extraction_resnet tool (340x256 Lanczos, [-1, 1], a last
// partial snippet dropped); Rtfm: the setup RTFM's author gave for the released UCF-Crime
// features (torchvision Resize(256) + TenCrop(224), (v - 114.75) / 57.375, loop-padded snippets).
// Urdmu: UR-DMU's i3d_extract.py for Inception-I3D (the extractor tool's resize, range and crops,
// the last partial snippet filled with the last frame); UrdmuJpeg: the same after each frame's
// round trip through a quality-95 JPEG, as its frame splitter wrote them before PIL read them.
enum class PreprocessPreset { I3dResnetExtractor, Rtfm, Urdmu, UrdmuJpeg };
// Demo: seeded random weights; File: a file the user named; Published: installed by name from
// the manifest (vigil models fetch/import); Unknown: features scored without the sidecar that
// says which backbone made them; DemoTrained: the demo's classifier (core/demo), trained on this
// machine on synthetic events over the demo backbone's features.
// Published: bytes whose SHA-256 the manifest pins. Imported: installed weights that nothing
// pins (imported by the user, or downloaded where the manifest has no full checksum).
enum class Provenance { Demo, File, Published, Unknown, DemoTrained, Imported };
// Detectors that score a whole video at once (core/analysis/video_detector.h).
enum class DetectorKind { Rtfm, S3r, Mgfn, Urdmu, Pel4vad };
// The backbone's arithmetic: float32, or bfloat16 weights and activations where the CPU has
// native bfloat16 instructions (core/tuning/precision_check.h). Part of what the features are,
// as the preset is: a result of another precision is one of another model.
enum class Precision { Fp32, Bf16 };

namespace detail {
template <typename Enum> struct SettingWords;
template <> struct SettingWords<BackboneKind> {
    static constexpr std::array<std::pair<BackboneKind, std::string_view>, 3> table {
        { { BackboneKind::I3dResNet50, "i3d-r50" }, { BackboneKind::ResNet50, "resnet50" },
            { BackboneKind::I3dInception, "i3d-inception" } }
    };
};
template <> struct SettingWords<CropMode> {
    static constexpr std::array<std::pair<CropMode, std::string_view>, 2> table {
        { { CropMode::Center, "center" }, { CropMode::Ten, "ten" } }
    };
};
template <> struct SettingWords<ComputeDevice> {
    static constexpr std::array<std::pair<ComputeDevice, std::string_view>, 2> table {
        { { ComputeDevice::Cpu, "cpu" }, { ComputeDevice::Cuda, "cuda" } }
    };
};
template <> struct SettingWords<PreprocessPreset> {
    static constexpr std::array<std::pair<PreprocessPreset, std::string_view>, 4> table {
        { { PreprocessPreset::I3dResnetExtractor, "i3d-resnet-extractor" },
            { PreprocessPreset::Rtfm, "rtfm" }, { PreprocessPreset::Urdmu, "urdmu" },
            { PreprocessPreset::UrdmuJpeg, "urdmu-jpeg" } }
    };
};
template <> struct SettingWords<Precision> {
    static constexpr std::array<std::pair<Precision, std::string_view>, 2> table {
        { { Precision::Fp32, "fp32" }, { Precision::Bf16, "bf16" } }
    };
};
template <> struct SettingWords<Provenance> {
    static constexpr std::array<std::pair<Provenance, std::string_view>, 6> table {
        { { Provenance::Demo, "demo" }, { Provenance::File, "file" },
            { Provenance::Published, "published" }, { Provenance::Unknown, "unknown" },
            { Provenance::DemoTrained, "demo-trained" }, { Provenance::Imported, "imported" } }
    };
};
template <> struct SettingWords<DetectorKind> {
    static constexpr std::array<std::pair<DetectorKind, std::string_view>, 5> table { {
        { DetectorKind::Rtfm, "rtfm" },
        { DetectorKind::S3r, "s3r" },
        { DetectorKind::Mgfn, "mgfn" },
        { DetectorKind::Urdmu, "urdmu" },
        { DetectorKind::Pel4vad, "pel4vad" },
    } };
};
} // namespace detail

template <typename Enum> std::string toString(Enum value)
{
    for (const auto& [candidate, word] : detail::SettingWords<Enum>::table)
        if (candidate == value)
            return std::string(word);
    return "?";
}

// nullopt for a word that names no value (exact match: these words are lower case).
template <typename Enum> std::optional<Enum> fromString(std::string_view word)
{
    for (const auto& [candidate, text] : detail::SettingWords<Enum>::table)
        if (text == word)
            return candidate;
    return std::nullopt;
}

// Every word and its value, for CLI11's CheckedTransformer and the settings dialog's choices.
template <typename Enum> std::map<std::string, Enum> settingWords()
{
    std::map<std::string, Enum> words;
    for (const auto& [value, word] : detail::SettingWords<Enum>::table)
        words.emplace(std::string(word), value);
    return words;
}

} // namespace vigil
