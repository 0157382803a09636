#pragma once
// The weights Vigil knows by name (resources/models.json, compiled into the binary): where each
// file lives on the internet, how to check it, and what it is. Immutable after parsing; any
// thread may read it. parse() throws vigil::IoError naming the manifest and the bad entry.

#include "core/models_store/expected_checksum.h"

#include <string>
#include <vector>

namespace vigil::models_store {

// Detector: a whole-video detector such as RTFM (core/analysis/video_detector.h).
// DetectorDictionary: a second file a detector needs beside its weights (S3R's dictionary of
// normal atoms); never a detector's weights itself.
enum class ModelKind { Classifier, Backbone, Detector, DetectorDictionary };

struct ModelEntry {
    std::string name; // "classifier-da64-r3"
    std::string description;
    std::string url; // its public home
    std::string file; // plain file name inside the models folder
    ExpectedChecksum checksum;
    ModelKind kind = ModelKind::Classifier;
    std::string backbone; // backbones: the network it fits ("i3d-r50" | "resnet50")
    std::string trainedOn; // classifiers, detectors: the backbone of their training features
    std::string detector; // detectors and their dictionaries: the network it fits ("rtfm")
    std::string licence; // the terms its source publishes it under, in words
    // False where the home is a page, not the file (e.g. a OneDrive share): such a file is
    // installed with `vigil models import`, or fetched from a mirror.
    bool isDirectDownload = true;
    std::string format; // "pytorch-zip" | "caffe2-pkl"
};

class ModelManifest {
public:
    // resources/models.json as it was at build time; lives as long as the program.
    static const ModelManifest& builtIn();
    static ModelManifest parse(const std::string& jsonText, const std::string& source);

    const std::vector<ModelEntry>& entries() const { return entries_; }
    // A full name, or a classifier's name without its "classifier-" prefix ("da64-r3").
    // nullptr when unknown.
    const ModelEntry* find(const std::string& name) const;
    std::string knownNames() const; // "a, b, c" for error messages

private:
    std::vector<ModelEntry> entries_;
};

// Where to download an entry from: its home, or `mirror/<file>` when a mirror is set.
std::string downloadUrl(const ModelEntry& entry, const std::string& mirror);

} // namespace vigil::models_store
