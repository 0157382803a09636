#include "core/train/training_plan.h"

#include "core/common/error.h"

#include <algorithm>
#include <filesystem>

namespace vigil::train {

std::vector<PlannedRun> planRuns(
    const std::vector<ClassifierShape>& shapes, const std::vector<uint64_t>& seeds, int folds)
{
    std::vector<PlannedRun> plan;
    for (const ClassifierShape& shape : shapes)
        for (const uint64_t seed : seeds)
            for (int fold = folds > 0 ? 0 : -1; fold < std::max(folds, 0); ++fold)
                plan.push_back({ shape, seed, fold });
    return plan;
}

std::string modelPathFor(const std::string& output, const PlannedRun& run, bool isSingleRun)
{
    if (isSingleRun)
        return output;
    const std::filesystem::path path(output);
    std::string name = path.stem().string() + "-da" + std::to_string(run.shape.hiddenSize) + "-r"
        + std::to_string(run.shape.rows) + "-seed" + std::to_string(run.seed);
    if (run.fold >= 0)
        name += "-fold" + std::to_string(run.fold);
    return (path.parent_path() / (name + path.extension().string())).string();
}

std::vector<const VideoSamples*> videosOfRun(const std::vector<VideoSamples>& videos,
    const std::vector<int>& folds, int fold, bool isHeldOut)
{
    std::vector<const VideoSamples*> chosen;
    for (size_t i = 0; i < videos.size(); ++i)
        if (fold < 0 ? !isHeldOut : (folds[i] == fold) == isHeldOut)
            chosen.push_back(&videos[i]);
    return chosen;
}

void requireBothLabels(const std::vector<LabelledVideo>& videos, const std::string& source)
{
    if (countLabel(videos, 0) == 0 || countLabel(videos, 1) == 0)
        throw IoError(source + ": needs both normal (0) and anomalous (1) videos; has "
            + std::to_string(countLabel(videos, 0)) + " normal and "
            + std::to_string(countLabel(videos, 1)) + " anomalous");
}

std::string trainedOnBackbone(const std::vector<VideoSamples>& videos)
{
    std::string backbone;
    for (const VideoSamples& video : videos) {
        if (video.backbone.empty())
            return "unknown";
        if (!backbone.empty() && video.backbone != backbone)
            return "mixed";
        backbone = video.backbone;
    }
    return backbone.empty() ? "unknown" : backbone;
}

} // namespace vigil::train
