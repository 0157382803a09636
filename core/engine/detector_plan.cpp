#include "core/engine/detector_plan.h"

#include "core/analysis/detector_scoring.h"
#include "core/analysis/detector_table.h"
#include "core/common/error.h"
#include "core/models_store/installed_weights.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace vigil::engine {
namespace {

using models_store::ModelEntry;
using models_store::ModelKind;

bool isEntryOf(const ModelEntry& entry, DetectorKind kind)
{
    return entry.kind == ModelKind::Detector && fromString<DetectorKind>(entry.detector) == kind;
}

// The first installed manifest entry of `modelKind` for the detector, in manifest order: its
// weights (ModelKind::Detector) or S3R's dictionary (ModelKind::DetectorDictionary).
std::optional<models_store::InstalledWeights> findInstalledDetector(
    models_store::ModelStore& store, DetectorKind kind, ModelKind modelKind = ModelKind::Detector)
{
    for (const ModelEntry& entry : store.manifest().entries())
        if (entry.kind == modelKind && fromString<DetectorKind>(entry.detector) == kind)
            if (auto installed = models_store::findInstalled(store, entry))
                return installed;
    return std::nullopt;
}

// The installed dictionary of a detector whose row has one (S3R's); throws when its weights are
// installed without it.
std::string installedDictionary(models_store::ModelStore& store, DetectorKind kind)
{
    if (!analysis::detectorRow(kind).hasDictionary)
        return {};
    if (const auto dictionary = findInstalledDetector(store, kind, ModelKind::DetectorDictionary))
        return dictionary->path;
    std::string advice = "run: vigil models import FILE --as ";
    for (const ModelEntry& entry : store.manifest().entries())
        if (entry.kind == ModelKind::DetectorDictionary && entry.detector == toString(kind)) {
            advice += entry.name;
            break;
        }
    throw ModelError("--detectors " + toString(kind) + ": its weights are installed but not its "
        + "dictionary, in " + store.folder() + "; " + advice);
}

std::string importAdvice(const models_store::ModelStore& store, DetectorKind kind)
{
    for (const ModelEntry& entry : store.manifest().entries())
        if (isEntryOf(entry, kind))
            return "run: vigil models import FILE --as " + entry.name
                + ", or pass --demo-weights (seeded random weights; scores are then not "
                  "meaningful)";
    return "pass --demo-weights (seeded random weights; scores are then not meaningful)";
}

std::string trimmed(const std::string& text)
{
    const size_t first = text.find_first_not_of(' ');
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

} // namespace

std::vector<DetectorKind> allDetectorKinds()
{
    std::vector<DetectorKind> kinds;
    for (const analysis::DetectorRow& row : analysis::detectorTable())
        if (row.features == analysis::kExtractedFeatures)
            kinds.push_back(row.kind);
    return kinds;
}

std::string detectorWords()
{
    std::string words = kAttentionWord;
    for (const analysis::DetectorRow& row : analysis::detectorTable())
        words += ", " + toString(row.kind);
    return words + ", " + kAllDetectorsWord;
}

std::string parseDetectorList(const std::string& text, DetectorRequest& request)
{
    request = {};
    bool hasAttention = false;
    size_t begin = 0;
    while (begin <= text.size()) {
        const size_t end = std::min(text.find(',', begin), text.size());
        const std::string word = trimmed(text.substr(begin, end - begin));
        begin = end + 1;
        if (word == kAllDetectorsWord) {
            request.isAll = true;
            hasAttention = true;
        } else if (word == kAttentionWord) {
            hasAttention = true;
        } else if (const std::optional<DetectorKind> kind = fromString<DetectorKind>(word)) {
            if (std::find(request.kinds.begin(), request.kinds.end(), *kind) == request.kinds.end())
                request.kinds.push_back(*kind);
        } else {
            return "'" + word + "' is not a detector (known: " + detectorWords() + ")";
        }
    }
    // The classifier reads RTFM's features; detectors of other features score theirs alone.
    const bool readsOtherFeatures = !request.kinds.empty()
        && std::none_of(request.kinds.begin(), request.kinds.end(), [](DetectorKind kind) {
               return analysis::detectorRow(kind).features == analysis::kExtractedFeatures;
           });
    if (!hasAttention && !readsOtherFeatures)
        return "'" + text + "' leaves out " + kAttentionWord
            + ", whose scores are the result's frame scores and events; add it (e.g. "
            + kAttentionWord + "," + text + ")";
    request.withAttention = hasAttention;
    return {};
}

std::string missingDetectorText(const models_store::ModelStore& store, DetectorKind kind)
{
    return "--detectors " + toString(kind) + ": no " + toString(kind) + " weights are installed in "
        + store.folder() + "; " + importAdvice(store, kind);
}

DetectorResolution resolveDetectors(const DetectorRequest& request, DemoWeights demo,
    const std::function<models_store::ModelStore&()>& store)
{
    DetectorResolution resolution;
    std::vector<DetectorChoice>& choices = resolution.choices;
    const bool allowsDemo = demo != DemoWeights::Refuse;
    std::vector<DetectorKind> kinds = request.isAll ? allDetectorKinds() : request.kinds;
    // One order for every result, whatever order they were named in: the CSV's columns and the
    // JSON's keys then agree (analysis::isBeforeDetector).
    std::sort(kinds.begin(), kinds.end(), analysis::isBeforeDetector);
    for (const DetectorKind kind : kinds) {
        const auto installed = findInstalledDetector(store(), kind);
        if (installed) {
            // Looked up first: GCC 12 destroys a half-built braced aggregate twice when one of
            // its initialisers throws.
            std::string dictionary = installedDictionary(store(), kind);
            choices.push_back({ kind,
                { false, installed->isPinned ? Provenance::Published : Provenance::Imported,
                    installed->path, installed->name, installed->sha256, installed->trainedOn },
                std::move(dictionary) });
        } else if (allowsDemo) {
            choices.push_back({ kind, {}, {} }); // Provenance::Demo, no path: seeded weights
        } else if (!request.isAll) {
            resolution.missing.push_back(kind);
        }
    }
    return resolution;
}

} // namespace vigil::engine
