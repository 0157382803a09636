#include "core/models_store/model_manifest.h"

#include "core/common/error.h"
#include "core/common/settings.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace vigil::models_store {
namespace {

using nlohmann::json;

constexpr const char* kShortNamePrefix = "classifier-";

bool isLowerHex(const std::string& text)
{
    return std::all_of(text.begin(), text.end(),
        [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string optionalString(const json& entry, const char* key)
{
    const auto it = entry.find(key);
    return it == entry.end() || it->is_null() ? std::string() : it->get<std::string>();
}

// The file name is joined to the models folder and to mirror URLs, so it must not climb out.
bool isPlainFileName(const std::string& name)
{
    return !name.empty() && name != "." && name != ".." && name.front() != '.'
        && name.find('/') == std::string::npos && name.find('\\') == std::string::npos;
}

ModelEntry parseEntry(const json& item)
{
    ModelEntry entry;
    entry.name = item.at("name").get<std::string>();
    entry.description = optionalString(item, "description");
    entry.url = item.at("url").get<std::string>();
    entry.file = item.at("file").get<std::string>();
    if (const auto size = item.find("size"); size != item.end() && !size->is_null())
        entry.checksum.sizeBytes = size->get<int64_t>();
    entry.checksum.sha256 = optionalString(item, "sha256");
    entry.checksum.sha256Prefix = optionalString(item, "sha256_prefix");
    const std::string kind = item.at("kind").get<std::string>();
    if (kind != "classifier" && kind != "backbone" && kind != "detector"
        && kind != "detector-dictionary")
        throw std::invalid_argument(
            "kind must be classifier, backbone, detector or detector-dictionary, not " + kind);
    entry.kind = kind == "classifier" ? ModelKind::Classifier
        : kind == "backbone"          ? ModelKind::Backbone
        : kind == "detector"          ? ModelKind::Detector
                                      : ModelKind::DetectorDictionary;
    entry.backbone = optionalString(item, "backbone");
    entry.trainedOn = optionalString(item, "trained_on");
    entry.detector = optionalString(item, "detector");
    entry.licence = optionalString(item, "licence");
    if (const auto direct = item.find("direct_download"); direct != item.end())
        entry.isDirectDownload = direct->get<bool>();
    if ((entry.kind == ModelKind::Detector || entry.kind == ModelKind::DetectorDictionary)
        && !fromString<DetectorKind>(entry.detector))
        throw std::invalid_argument(
            "a detector must name its network, not \"" + entry.detector + "\"");
    entry.format = optionalString(item, "format");
    if (entry.name.empty() || entry.url.empty())
        throw std::invalid_argument("name and url must not be empty");
    if (!isPlainFileName(entry.file))
        throw std::invalid_argument("file must be a plain file name, not \"" + entry.file + "\"");
    if ((!entry.checksum.sha256.empty() && entry.checksum.sha256.size() != 64)
        || !isLowerHex(entry.checksum.sha256) || !isLowerHex(entry.checksum.sha256Prefix))
        throw std::invalid_argument(
            "sha256 and sha256_prefix must be lowercase hex (sha256: 64 digits)");
    return entry;
}

} // namespace

ModelManifest ModelManifest::parse(const std::string& jsonText, const std::string& source)
{
    ModelManifest manifest;
    json document;
    try {
        document = json::parse(jsonText);
    } catch (const json::exception& error) {
        throw IoError(source + ": not valid JSON: " + error.what());
    }
    size_t index = 0;
    try {
        for (const json& item : document.at("models")) {
            ModelEntry entry = parseEntry(item);
            if (manifest.find(entry.name) != nullptr)
                throw std::invalid_argument("duplicate name " + entry.name);
            manifest.entries_.push_back(std::move(entry));
            ++index;
        }
    } catch (const std::exception& error) {
        throw IoError(source + ": model entry " + std::to_string(index) + ": " + error.what());
    }
    return manifest;
}

const ModelEntry* ModelManifest::find(const std::string& name) const
{
    for (const ModelEntry& entry : entries_) {
        if (entry.name == name)
            return &entry;
    }
    for (const ModelEntry& entry : entries_) {
        if (entry.kind == ModelKind::Classifier && entry.name == kShortNamePrefix + name)
            return &entry;
    }
    return nullptr;
}

std::string ModelManifest::knownNames() const
{
    std::string names;
    for (const ModelEntry& entry : entries_)
        names += (names.empty() ? "" : ", ") + entry.name;
    return names;
}

std::string downloadUrl(const ModelEntry& entry, const std::string& mirror)
{
    if (mirror.empty())
        return entry.url;
    return mirror.back() == '/' ? mirror + entry.file : mirror + "/" + entry.file;
}

} // namespace vigil::models_store
