#pragma once
// What one analysis produces: plain values, written by core/formats and drawn by the UI.

#include "core/analysis/windows.h"
#include "core/common/defaults.h"
#include "core/common/float_array.h"
#include "core/common/settings.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::analysis {

struct WeightsInfo {
    std::string path; // empty for demo weights
    std::string sha256; // of the file; empty for demo weights
    Provenance provenance = Provenance::Demo;
    std::string name; // published weights: their manifest name; else empty

    bool isDemo() const { return provenance == Provenance::Demo; }
};

struct ModelDescription {
    BackboneKind backbone = defaults::kBackbone;
    CropMode crops = defaults::kCrops;
    // Part of what the features are: a result of another preset is one of another model. A
    // result or sidecar written before presets existed has none and was made by the default.
    PreprocessPreset preset = defaults::kPreset;
    // The backbone's arithmetic, likewise; results written before it existed were fp32.
    Precision precision = defaults::kPrecision;
    // False for features scored without their sidecar: backbone, crops and preset are then not
    // known and results say so (null) instead of recording the defaults as if they were.
    bool isExtractionKnown = true;
    WeightsInfo backboneWeights;
    // False for features the classifier cannot read (Inception-I3D's), scored by their detectors
    // alone: `classifier`, d_a and r then mean nothing.
    bool hasClassifier = true;
    WeightsInfo classifier;
    int64_t hiddenSize = 0; // d_a
    int64_t attentionRows = 0; // r

    bool usesDemoWeights() const
    {
        return backboneWeights.isDemo() || (hasClassifier && classifier.isDemo());
    }
};

struct ProtocolSettings {
    int64_t snippetFrames = defaults::kSnippetFrames; // frames one feature step stands for
    WindowSettings windows;
};

struct VideoSummary {
    bool isKnown = false; // false when scoring features without their video
    std::string path;
    int64_t frames = 0;
    double fps = 0.0;
    int width = 0;
    int height = 0;
    double durationS = 0.0;
    // The file's fingerprint (files::FileFingerprint) when it was written to a result; -1 and
    // empty when not known (a stream, or a result written before fingerprints were kept).
    int64_t sizeBytes = -1;
    std::string sampleSha256;
};

struct WindowResult {
    int64_t firstStep = 0;
    int64_t lastStep = 0;
    int64_t firstFrame = 0;
    int64_t lastFrame = 0;
    float score = 0.0f; // mean over crops
    std::vector<float> cropScores;
    FloatArray attention; // [r, steps], mean over crops; each row sums to 1
};

// One span's attention of a detector: row t says how much step firstStep + t drew on each
// step of the span.
struct SpanAttention {
    WindowSpan span;
    FloatArray weights; // [span steps, span steps]
};

// Why DetectorResult::attention holds what it holds.
enum class AttentionKept {
    InMemory, // every span's, as the detector gave it
    NotGiven, // the detector gave none (or not of every span, or out of shape)
    TooLarge, // more than kKeptAttentionFloats for the whole video: not kept
    NotInFiles, // read from a result file, which does not keep it
};

// The most attention floats kept per detector and video (64 MB): about 16,000 steps of
// 1024-step spans, two hours of 30 fps video.
inline constexpr int64_t kKeptAttentionFloats = int64_t { 16 } * 1024 * 1024;

// One whole-video detector's opinion of a video (core/analysis/detector_scoring.h), beside the
// attention classifier's windows. The desktop app draws one curve per entry.
struct DetectorResult {
    DetectorKind kind = DetectorKind::Rtfm;
    WeightsInfo weights; // provenance, as ModelDescription's networks have
    std::vector<float> stepScores; // [steps], each in [0, 1], the mean over crops
    std::vector<float> frameScores; // [frames]: stepScores mapped as the classifier's are
    // The explanation per step (RTFM: the feature magnitude, mean over crops); empty when the
    // detector has none. Written to result files.
    std::vector<float> magnitudes;
    int64_t spanSteps = 0; // the most steps one pass saw (defaults::kDetectorSpanSteps)
    // The [span steps, span steps] attention of each span the detector saw, in memory only:
    // result files do not keep it (steps x span floats), so a result read back has none.
    std::vector<SpanAttention> attention;
    AttentionKept attentionKept = AttentionKept::NotInFiles;
};

// One extraction of a result's features from its video: the model's backbone first and, where
// --detectors named detectors of other features (UR-DMU's beside RTFM's), one per other family,
// each extracted once from the same video. What each family cost, for the summary and the app.
struct FamilyExtraction {
    BackboneKind backbone = defaults::kBackbone;
    CropMode crops = defaults::kCrops;
    PreprocessPreset preset = defaults::kPreset;
    WeightsInfo weights;
    int64_t snippetFrames = defaults::kSnippetFrames; // frames one of its steps stands for
    int64_t steps = 0;
    // Decode to the last feature, wall time; 0 in a reopened result: a result file is the same
    // bytes however fast the machine was (a resumed batch equals an uninterrupted one).
    double seconds = 0.0;
    double gflop = 0.0; // the backbone's convolutions over every step and crop
};

struct AnalysisResult {
    VideoSummary video;
    ModelDescription model;
    ProtocolSettings protocol;
    std::string featuresPath; // set when scoring a .npy
    int64_t steps = 0;
    int64_t crops = 0;
    // Without the classifier (model.hasClassifier false) windows and frameScores are empty
    // (not scored, never 0) and video.frames holds the frame count.
    std::vector<WindowResult> windows;
    std::vector<float> frameScores; // one per decoded frame
    std::vector<int64_t> framePtsUs; // presentation time of each decoded frame
    // The detectors --detectors added, in the order asked; the classifier's scores stay above.
    std::vector<DetectorResult> detectors;
    // Empty for features scored without their video; else the model's backbone first.
    std::vector<FamilyExtraction> extractions;
    std::vector<std::string> warnings;

    int64_t frameCount() const
    {
        return model.hasClassifier ? static_cast<int64_t>(frameScores.size()) : video.frames;
    }
};

} // namespace vigil::analysis
