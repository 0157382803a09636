#pragma once
// The paper's test protocol (PROTOCOL.md section 2) over a list of feature files: windows of
// `split` steps, the classifier per crop, the mean over crops, step scores repeated for the
// frames each step stands for, then frame-level ROC AUC (and PR AUC) against the ground truth.
// Runs on the caller's thread. Throws vigil::IoError / vigil::Error naming the offending file or
// video, and vigil::Cancelled when cancelled.

#include "core/analysis/detector_scoring.h"
#include "core/analysis/network_interfaces.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "core/eval/detector_table.h"
#include "core/eval/roc_metrics.h"
#include "core/eval/temporal_annotations.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vigil::eval {

// Either RTFM's concatenated frame labels (gt-*.npy, in list order) or UCF-Crime's annotations.
struct GroundTruth {
    std::optional<std::vector<uint8_t>> concatenatedLabels;
    std::optional<TemporalAnnotations> annotations;
};

struct EvalSettings {
    int64_t splitSteps = defaults::kEvalSplitSteps;
    int64_t framesPerStep = defaults::kSnippetFrames;
    // The other family's features (--other-features), one file per video of the same name, for
    // the detectors that read them (family_scores.h); empty when none is named.
    std::string otherFeaturesDir;
};

struct VideoScores {
    std::string featuresPath;
    std::string otherFeaturesPath; // the other family's file; empty when none is read
    std::string className; // from the annotations; empty with concatenated labels
    int64_t steps = 0;
    int64_t crops = 0;
    // "i3d-r50, preprocessing rtfm": the backbone and preset its sidecar names; empty without one.
    std::string madeBy;
    std::vector<float> frameScores;
    std::vector<uint8_t> frameLabels;
    // Each detector's frame scores (analysis::scoreDetectors), in the order of evaluate's
    // detectors; as many frames as frameScores.
    std::vector<std::vector<float>> detectorFrameScores;
};

struct EvalReport {
    double rocAuc = 0.0;
    double prAuc = 0.0;
    int64_t frames = 0;
    int64_t videos = 0;
    int64_t anomalousFrames = 0;
    std::vector<CurvePoint> roc;
    std::map<std::string, double> classRocAuc; // each anomaly class against all Normal videos
    std::vector<VideoScores> perVideo;
    // "attention" then each detector: ROC AUC, PR AUC, false alarms, per class (detector_table.h).
    std::vector<ScorerMetrics> table;
    // Features made by different backbones or preprocessing presets (by their sidecars) are
    // scored together but flagged: their scores are not comparable, and neither is the AUC.
    std::vector<std::string> warnings;
};

// Called after each video with (videos done, videos in all).
using EvalProgressCallback = std::function<void(int64_t, int64_t)>;

// detectors: scored beside the classifier (--detectors), each over the whole video in bounded
// spans as analysis::scoreDetectors does for a file; those of another family of features on
// settings.otherFeaturesDir's file of the same name, at the classifier's frames.
EvalReport evaluate(const std::vector<std::string>& featureFiles, const GroundTruth& truth,
    const analysis::WindowScorer& scorer, const EvalSettings& settings,
    const CancellationToken& cancel, const EvalProgressCallback& onProgress = {},
    const std::vector<analysis::SelectedDetector>& detectors = {});

// The frame scores of one feature array [T, C, F] (or [T, F]) under the paper's protocol.
std::vector<float> paperFrameScores(
    const FloatArray& features, const analysis::WindowScorer& scorer, const EvalSettings& settings);

} // namespace vigil::eval
