#include "core/train/training_set.h"

#include "core/common/error.h"
#include "core/eval/roc_metrics.h"
#include "core/formats/feature_sidecar.h"
#include "core/train/seeded_shuffle.h"
#include "core/train/segment_samples.h"

#include <numeric>

namespace vigil::train {

std::vector<VideoSamples> loadSamples(const std::vector<LabelledVideo>& videos,
    const CancellationToken& cancel, const LoadProgressCallback& onProgress)
{
    std::vector<VideoSamples> loaded;
    loaded.reserve(videos.size());
    for (const LabelledVideo& video : videos) {
        cancel.throwIfCancelled();
        const FloatArray features = formats::readFeatures(video.featuresPath);
        const std::optional<formats::FeatureSidecar> sidecar
            = formats::readFeatureSidecarFor(video.featuresPath, features);
        FloatArray samples = segmentSamples(features, video.featuresPath);
        if (!loaded.empty() && samples.dim(2) != loaded.front().samples.dim(2))
            throw Error(video.featuresPath + ": " + std::to_string(samples.dim(2))
                + " features per step, but " + loaded.front().featuresPath + " has "
                + std::to_string(loaded.front().samples.dim(2)));
        loaded.push_back({ video.featuresPath, video.label, std::move(samples),
            sidecar ? toString(sidecar->model.backbone) : std::string() });
        if (onProgress)
            onProgress(static_cast<int64_t>(loaded.size()), static_cast<int64_t>(videos.size()));
    }
    return loaded;
}

std::vector<int> assignFolds(const std::vector<uint8_t>& labels, int folds, uint64_t seed)
{
    std::vector<int> fold(labels.size(), 0);
    std::mt19937_64 random(seed);
    int next = 0; // continues across labels so the fold sizes stay balanced too
    for (uint8_t label : { uint8_t { 1 }, uint8_t { 0 } }) {
        std::vector<size_t> members;
        for (size_t i = 0; i < labels.size(); ++i)
            if (labels[i] == label)
                members.push_back(i);
        shuffleInPlace(members, random);
        for (size_t index : members) {
            fold[index] = next;
            next = (next + 1) % folds;
        }
    }
    return fold;
}

std::string foldsProblem(int64_t normalVideos, int64_t anomalousVideos, int folds)
{
    if (folds <= 0 || (normalVideos >= folds && anomalousVideos >= folds))
        return {};
    return "--folds " + std::to_string(folds) + " needs at least " + std::to_string(folds)
        + " normal and " + std::to_string(folds)
        + " anomalous videos (one of each per held-out "
          "fold); there are "
        + std::to_string(normalVideos) + " normal and " + std::to_string(anomalousVideos)
        + " anomalous";
}

double videoLevelAuc(
    const std::vector<const VideoSamples*>& videos, const analysis::WindowScorer& scorer)
{
    std::vector<float> scores;
    std::vector<uint8_t> labels;
    for (const VideoSamples* video : videos) {
        const analysis::WindowScore score = scorer.score(video->samples);
        const double sum = std::accumulate(score.cropScores.begin(), score.cropScores.end(), 0.0);
        scores.push_back(static_cast<float>(sum / static_cast<double>(score.cropScores.size())));
        labels.push_back(video->label);
    }
    return eval::rocAuc(scores, labels);
}

} // namespace vigil::train
