#include "core/eval/evaluation.h"

#include "core/analysis/window_scoring.h"
#include "core/common/error.h"
#include "core/eval/family_scores.h"
#include "core/formats/feature_sidecar.h"

#include <stdexcept>

namespace vigil::eval {
namespace {

// [T, F] features (one crop) are read as [T, 1, F]; NaN or infinite values are refused.
FloatArray readStepsCropsFeatures(const std::string& path)
{
    FloatArray features = formats::readFeatures(path);
    if (features.dim(0) == 0)
        throw IoError(
            path + ": expected features [steps, crops, 2048], found " + features.shapeText());
    return features;
}

std::vector<uint8_t> labelsFromConcatenated(
    const std::vector<uint8_t>& all, size_t& offset, size_t frames, const std::string& path)
{
    if (offset + frames > all.size())
        throw IoError(path + ": the ground truth ends before this video ("
            + std::to_string(all.size()) + " labels, this video needs " + std::to_string(offset)
            + " + " + std::to_string(frames)
            + "); the feature list and the ground truth do not match");
    std::vector<uint8_t> labels(all.begin() + static_cast<std::ptrdiff_t>(offset),
        all.begin() + static_cast<std::ptrdiff_t>(offset + frames));
    offset += frames;
    return labels;
}

void append(std::vector<float>& scores, std::vector<uint8_t>& labels, const VideoScores& video)
{
    scores.insert(scores.end(), video.frameScores.begin(), video.frameScores.end());
    labels.insert(labels.end(), video.frameLabels.begin(), video.frameLabels.end());
}

// Per anomaly class: its videos' frames together with every Normal video's frames.
std::map<std::string, double> classAucs(const std::vector<VideoScores>& videos)
{
    std::map<std::string, double> aucs;
    for (const VideoScores& video : videos) {
        if (video.className.empty() || video.className == "Normal" || aucs.count(video.className))
            continue;
        std::vector<float> scores;
        std::vector<uint8_t> labels;
        for (const VideoScores& other : videos) {
            if (other.className == video.className || other.className == "Normal")
                append(scores, labels, other);
        }
        aucs[video.className] = rocAuc(scores, labels);
    }
    return aucs;
}

// The backbone, preset and precision (bf16 only: fp32 is every file's default) that made one
// feature file, from its sidecar; empty when it has none (RTFM's files). A sidecar that is not
// Vigil's or disagrees with the features is refused.
std::string madeByOf(const std::string& featuresPath, const FloatArray& features)
{
    if (const auto sidecar = formats::readFeatureSidecarFor(featuresPath, features))
        return toString(sidecar->model.backbone) + ", preprocessing "
            + toString(sidecar->model.preset)
            + (sidecar->model.precision == Precision::Bf16 ? ", bf16" : "");
    return {};
}

// One warning when the sidecars name more than one model: "features of different models are
// mixed: 2 files by i3d-r50, preprocessing rtfm; 1 by i3d-r50, preprocessing ...".
std::vector<std::string> mixedModelWarnings(const std::vector<VideoScores>& videos)
{
    std::map<std::string, int64_t> counts;
    for (const VideoScores& video : videos)
        if (!video.madeBy.empty())
            ++counts[video.madeBy];
    if (counts.size() < 2)
        return {};
    std::string text = "features of different models are mixed, so their scores (and the AUC) "
                       "are not comparable:";
    for (const auto& [madeBy, count] : counts)
        text += " " + std::to_string(count) + (count == 1 ? " file by " : " files by ") + madeBy
            + ";";
    text.pop_back();
    return { text };
}

// The classifier's, then each detector's frame scores, for the table.
std::vector<ScorerMetrics> tableOf(const std::vector<VideoScores>& videos,
    const std::vector<analysis::SelectedDetector>& detectors)
{
    std::vector<std::string> names { "attention" };
    for (const analysis::SelectedDetector& detector : detectors)
        names.push_back(toString(detector.kind));
    std::vector<ScoredVideo> scored;
    for (const VideoScores& video : videos) {
        ScoredVideo entry { video.className, video.frameLabels, { video.frameScores } };
        entry.scorerFrameScores.insert(entry.scorerFrameScores.end(),
            video.detectorFrameScores.begin(), video.detectorFrameScores.end());
        scored.push_back(std::move(entry));
    }
    return detectorTable(names, scored);
}

} // namespace

std::vector<float> paperFrameScores(
    const FloatArray& features, const analysis::WindowScorer& scorer, const EvalSettings& settings)
{
    const std::vector<analysis::WindowResult> windows
        = analysis::scoreWindows(features, scorer, { settings.splitSteps, settings.splitSteps });
    std::vector<float> frameScores;
    frameScores.reserve(static_cast<size_t>(features.dim(0) * settings.framesPerStep));
    for (const analysis::WindowResult& window : windows) {
        const int64_t frames = (window.lastStep - window.firstStep + 1) * settings.framesPerStep;
        frameScores.insert(frameScores.end(), static_cast<size_t>(frames), window.score);
    }
    return frameScores;
}

EvalReport evaluate(const std::vector<std::string>& featureFiles, const GroundTruth& truth,
    const analysis::WindowScorer& scorer, const EvalSettings& settings,
    const CancellationToken& cancel, const EvalProgressCallback& onProgress,
    const std::vector<analysis::SelectedDetector>& detectors)
{
    if (truth.concatenatedLabels.has_value() == truth.annotations.has_value())
        throw std::invalid_argument("evaluate needs exactly one kind of ground truth");
    if (const std::string problem = otherFeaturesProblem(detectors, settings); !problem.empty())
        throw std::invalid_argument(problem);
    const std::vector<analysis::SelectedDetector> own = ownFamilyDetectors(detectors);
    EvalReport report;
    std::vector<float> allScores;
    std::vector<uint8_t> allLabels;
    size_t labelOffset = 0;
    for (const std::string& path : featureFiles) {
        cancel.throwIfCancelled();
        const FloatArray features = readStepsCropsFeatures(path);
        VideoScores video;
        video.featuresPath = path;
        video.steps = features.dim(0);
        video.crops = features.dim(1);
        video.madeBy = madeByOf(path, features);
        if (const std::string problem
            = analysis::featureSizeProblem(features.dim(2), scorer.featureSize(), own);
            !problem.empty())
            throw ModelError(path + ": " + problem);
        try {
            video.frameScores = paperFrameScores(features, scorer, settings);
        } catch (const std::invalid_argument& error) {
            throw IoError(path + ": " + error.what());
        }
        video.detectorFrameScores
            = familyFrameScores(path, features, detectors, settings, video.frameScores.size());
        if (!otherFamilyDetectors(detectors).empty())
            video.otherFeaturesPath = otherFeaturesPathFor(path, settings);
        if (truth.annotations) {
            const VideoAnnotation* annotation = truth.annotations->find(path);
            if (!annotation)
                throw IoError(
                    path + ": video " + videoKey(path) + " has no line in the annotation file");
            video.className = annotation->className;
            video.frameLabels
                = frameLabels(*annotation, static_cast<int64_t>(video.frameScores.size()));
        } else {
            video.frameLabels = labelsFromConcatenated(
                *truth.concatenatedLabels, labelOffset, video.frameScores.size(), path);
        }
        append(allScores, allLabels, video);
        report.perVideo.push_back(std::move(video));
        if (onProgress)
            onProgress(static_cast<int64_t>(report.perVideo.size()),
                static_cast<int64_t>(featureFiles.size()));
    }
    if (truth.concatenatedLabels && labelOffset != truth.concatenatedLabels->size())
        throw IoError("the ground truth has " + std::to_string(truth.concatenatedLabels->size())
            + " frame labels but the " + std::to_string(featureFiles.size())
            + " feature files cover " + std::to_string(labelOffset)
            + " frames; the feature list and the ground truth do not match");
    report.frames = static_cast<int64_t>(allScores.size());
    report.videos = static_cast<int64_t>(report.perVideo.size());
    for (uint8_t label : allLabels)
        report.anomalousFrames += label != 0 ? 1 : 0;
    // ROC AUC needs both classes; without them it is undefined, not a number to print.
    if (report.anomalousFrames == 0 || report.anomalousFrames == report.frames)
        throw IoError(std::string("the ground truth marks ")
            + (report.anomalousFrames == 0 ? "no frame anomalous" : "every frame anomalous")
            + ": ROC and PR AUC need both normal and anomalous frames");
    report.roc = rocCurve(allScores, allLabels);
    report.rocAuc = rocAuc(allScores, allLabels);
    report.prAuc = prAuc(allScores, allLabels);
    report.classRocAuc = classAucs(report.perVideo);
    report.warnings = mixedModelWarnings(report.perVideo);
    report.table = tableOf(report.perVideo, detectors);
    return report;
}

} // namespace vigil::eval
