#pragma once
// The demo classifier's training set, made from two feature sequences of the same frames: the
// demo video's (normal but for the inserted event) and the same clip with every frame inverted
// (unusual). Each I3D step is computed from its own 16 frames alone, so the steps of a clip with
// an event inserted at snippet boundaries are exactly these steps, spliced: a synthetic clip's
// features are made by splicing instead of encoding and extracting it. The demo event's own
// steps are never used, so the classifier has not seen the snippets it is shown on.
// Pure; any thread; throws vigil::Error when the sequences do not fit the layout.

#include "core/common/float_array.h"
#include "core/demo/demo_layout.h"
#include "core/train/training_set.h"

#include <cstdint>
#include <vector>

namespace vigil::demo {

struct DemoSamplesShape {
    int64_t videosPerClass = 64;
    int64_t stepsPerVideo = 12; // each becomes 32 segments, as vigil train's samples
    int64_t minEventSteps = 2; // of each unusual clip
    int64_t maxEventSteps = 4;
    uint64_t seed = 1;
};

// normal, unusual: [steps, crops, featureSize], the same steps and crops. Normal clips are runs of
// the normal steps outside the event; each unusual clip is one of them with a run of unusual
// steps (from outside the event too) in its place.
std::vector<train::VideoSamples> demoTrainingSamples(const FloatArray& normal,
    const FloatArray& unusual, const DemoEvent& event, const DemoSamplesShape& shape = {});

} // namespace vigil::demo
