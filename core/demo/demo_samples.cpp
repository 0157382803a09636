#include "core/demo/demo_samples.h"

#include "core/common/error.h"
#include "core/train/segment_samples.h"

#include <algorithm>
#include <cstring>
#include <random>

namespace vigil::demo {
namespace {

std::vector<int64_t> stepsOutside(const DemoEvent& event, int64_t steps)
{
    std::vector<int64_t> outside;
    for (int64_t step = 0; step < steps; ++step)
        if (!event.containsStep(step))
            outside.push_back(step);
    return outside;
}

// Copies the steps of `from` named by picks into a [picks, crops, featureSize] clip.
void copySteps(
    const FloatArray& from, const std::vector<int64_t>& picks, FloatArray& clip, int64_t firstRow)
{
    const int64_t stepSize = from.dim(1) * from.dim(2);
    for (size_t i = 0; i < picks.size(); ++i)
        std::memcpy(clip.data() + (firstRow + static_cast<int64_t>(i)) * stepSize,
            from.data() + picks[i] * stepSize, static_cast<size_t>(stepSize) * sizeof(float));
}

// `count` consecutive entries of pool from `start`, wrapping around.
std::vector<int64_t> run(const std::vector<int64_t>& pool, size_t start, int64_t count)
{
    std::vector<int64_t> picks;
    for (int64_t i = 0; i < count; ++i)
        picks.push_back(pool[(start + static_cast<size_t>(i)) % pool.size()]);
    return picks;
}

} // namespace

std::vector<train::VideoSamples> demoTrainingSamples(const FloatArray& normal,
    const FloatArray& unusual, const DemoEvent& event, const DemoSamplesShape& shape)
{
    if (normal.rank() != 3 || normal.shape != unusual.shape)
        throw Error("demo: the normal and unusual features differ in shape (" + normal.shapeText()
            + ", " + unusual.shapeText() + ")");
    const std::vector<int64_t> pool = stepsOutside(event, normal.dim(0));
    if (pool.size() < 4)
        throw Error("demo: too few normal steps to train on");
    std::mt19937_64 random(shape.seed);
    auto below = [&random](size_t n) { return static_cast<size_t>(random() % n); };
    std::vector<train::VideoSamples> videos;
    for (int64_t i = 0; i < 2 * shape.videosPerClass; ++i) {
        const uint8_t label = i % 2 == 0 ? 0 : 1;
        FloatArray clip = FloatArray::zeros({ shape.stepsPerVideo, normal.dim(1), normal.dim(2) });
        copySteps(normal, run(pool, below(pool.size()), shape.stepsPerVideo), clip, 0);
        if (label == 1) {
            const int64_t eventSteps = shape.minEventSteps
                + static_cast<int64_t>(
                    below(static_cast<size_t>(shape.maxEventSteps - shape.minEventSteps + 1)));
            const auto at = static_cast<int64_t>(
                below(static_cast<size_t>(shape.stepsPerVideo - eventSteps + 1)));
            copySteps(unusual, run(pool, below(pool.size()), eventSteps), clip, at);
        }
        const std::string name = std::string(label ? "demo unusual clip " : "demo normal clip ")
            + std::to_string(i / 2);
        videos.push_back({ name, label, train::segmentSamples(clip, name), {} });
    }
    return videos;
}

} // namespace vigil::demo
