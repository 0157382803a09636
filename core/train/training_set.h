#pragma once
// The training set in memory: every labelled video's features turned into one sample per crop
// (segmentSamples), K-fold splits that keep each video's crops together, and the validation
// AUC used to select checkpoints. Loading runs on the caller's thread and throws vigil::IoError /
// vigil::Error naming the file, vigil::Cancelled when cancelled.

#include "core/analysis/network_interfaces.h"
#include "core/common/cancellation.h"
#include "core/train/labelled_videos.h"

#include <functional>
#include <vector>

namespace vigil::train {

struct VideoSamples {
    std::string featuresPath;
    uint8_t label = 0;
    FloatArray samples; // [crops, 32, featureSize]
    std::string backbone; // as the features' sidecar names it; empty without one
};

using LoadProgressCallback = std::function<void(int64_t done, int64_t total)>;

// Reads each file (.npy [T, C, F] or [T, F]) and its sidecar, which must agree with it
// (formats::readFeatureSidecarFor); all must share one feature size.
std::vector<VideoSamples> loadSamples(const std::vector<LabelledVideo>& videos,
    const CancellationToken& cancel, const LoadProgressCallback& onProgress = {});

// Fold 0..folds-1 for each video, stratified: the videos of each label are shuffled with `seed`
// and dealt round-robin, so every fold holds nearly the same share of anomalous videos.
std::vector<int> assignFolds(const std::vector<uint8_t>& labels, int folds, uint64_t seed);

// Empty when every one of `folds` held-out folds can get a normal and an anomalous video (its
// AUC needs both); otherwise why not. Without it a fold's AUC would be NaN, reported as a result.
std::string foldsProblem(int64_t normalVideos, int64_t anomalousVideos, int folds);

// Video-level ROC AUC (core/eval's rocAuc, ties as scikit-learn): each video's score is the mean
// over its crops of the classifier's score on the crop's 32-segment sample, the same input the
// classifier is trained on. NaN when the videos hold only one label.
double videoLevelAuc(
    const std::vector<const VideoSamples*>& videos, const analysis::WindowScorer& scorer);

} // namespace vigil::train
