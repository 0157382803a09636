#pragma once
// What `vigil train` runs: every (d_a, r) of the sweep with every seed on every fold, where each
// run's weights go, and which videos each run trains and is scored on. Pure functions of their
// arguments; any thread.

#include "core/train/labelled_videos.h"
#include "core/train/training_report.h"
#include "core/train/training_set.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::train {

struct PlannedRun {
    ClassifierShape shape;
    uint64_t seed = 0;
    int fold = -1; // -1: no cross-validation
};

// Shapes x seeds x folds (folds <= 0: one run per shape and seed), in that order.
std::vector<PlannedRun> planRuns(
    const std::vector<ClassifierShape>& shapes, const std::vector<uint64_t>& seeds, int folds);

// `output` itself for a single run; else <stem>-da<D>-r<R>-seed<S>[-fold<K>]<ext> beside it.
std::string modelPathFor(const std::string& output, const PlannedRun& run, bool isSingleRun);

// The videos a run trains on (isHeldOut false) or is scored on (true): with folds, those
// outside / inside the run's fold; without, all of them / none.
std::vector<const VideoSamples*> videosOfRun(const std::vector<VideoSamples>& videos,
    const std::vector<int>& folds, int fold, bool isHeldOut);

// Throws IoError naming `source` unless there are normal (0) and anomalous (1) videos.
void requireBothLabels(const std::vector<LabelledVideo>& videos, const std::string& source);

// The backbone named by the features' sidecars (VideoSamples::backbone) when every training
// file has one and they agree; "unknown" or "mixed" otherwise.
std::string trainedOnBackbone(const std::vector<VideoSamples>& videos);

} // namespace vigil::train
