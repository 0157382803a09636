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

enum class BackboneKind { I3dResNet50, ResNet50 };
enum class CropMode { Center, Ten };
enum class ComputeDevice { Cpu, Cuda };
// Demo: seeded random weights; File: a file the user named; Published: installed by name from
// the manifest (vigil models fetch/import); Unknown: features scored without the sidecar that
// says which backbone made them.
enum class Provenance { Demo, File, Published, Unknown };

namespace detail {
template <typename Enum> struct SettingWords;
template <> struct SettingWords<BackboneKind> {
    static constexpr std::array<std::pair<BackboneKind, std::string_view>, 2> table {
        { { BackboneKind::I3dResNet50, "i3d-r50" }, { BackboneKind::ResNet50, "resnet50" } }
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
template <> struct SettingWords<Provenance> {
    static constexpr std::array<std::pair<Provenance, std::string_view>, 4> table {
        { { Provenance::Demo, "demo" }, { Provenance::File, "file" },
            { Provenance::Published, "published" }, { Provenance::Unknown, "unknown" } }
    };
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

// What a backbone's features stand for: ResNet-50 has one centre crop whatever was asked.
inline CropMode effectiveCrops(BackboneKind backbone, CropMode requested)
{
    return backbone == BackboneKind::I3dResNet50 ? requested : CropMode::Center;
}

} // namespace vigil
