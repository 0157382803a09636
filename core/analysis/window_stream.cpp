#include "core/analysis/window_stream.h"

#include "core/analysis/window_scoring.h"

#include <algorithm>
#include <stdexcept>

namespace vigil::analysis {

WindowStream::WindowStream(
    const WindowScorer& scorer, WindowSettings windows, int64_t framesPerStep)
    : scorer_(scorer)
    , settings_(windows)
    , framesPerStep_(framesPerStep)
{
    if (settings_.windowSteps <= 0 || settings_.strideSteps <= 0 || framesPerStep_ <= 0)
        throw std::invalid_argument("window, stride and frames per step must be positive");
}

int WindowStream::append(const FloatArray& steps)
{
    if (steps.rank() != 3
        || (crops_ > 0 && (steps.dim(1) != crops_ || steps.dim(2) != featureSize_)))
        throw std::invalid_argument(
            "extracted steps must be [steps, crops, size], got " + steps.shapeText());
    crops_ = steps.dim(1);
    featureSize_ = steps.dim(2);
    buffer_.insert(buffer_.end(), steps.values.begin(), steps.values.end());
    stepsSeen_ += steps.dim(0);

    const int64_t stepSize = crops_ * featureSize_;
    int scored = 0;
    for (;;) {
        const int64_t first = windowCount() * settings_.strideSteps;
        const int64_t last = first + settings_.windowSteps - 1;
        if (last >= stepsSeen_)
            break;
        FloatArray window;
        window.shape = { settings_.windowSteps, crops_, featureSize_ };
        const auto begin = buffer_.begin() + (first - bufferFirstStep_) * stepSize;
        window.values.assign(begin, begin + settings_.windowSteps * stepSize);
        // One window of exactly windowSteps: scoreWindows returns it alone, at step 0.
        WindowResult result = std::move(
            scoreWindows(window, scorer_, { settings_.windowSteps, settings_.windowSteps })
                .front());
        result.firstStep = first;
        result.lastStep = last;
        result.firstFrame = first * framesPerStep_;
        result.lastFrame = (last + 1) * framesPerStep_ - 1;
        windows_.push_back(std::move(result));
        ++scored;
        dropStepsBefore(windowCount() * settings_.strideSteps);
    }
    return scored;
}

void WindowStream::dropStepsBefore(int64_t step)
{
    const int64_t drop
        = std::clamp<int64_t>(step - bufferFirstStep_, 0, stepsSeen_ - bufferFirstStep_);
    buffer_.erase(buffer_.begin(), buffer_.begin() + drop * crops_ * featureSize_);
    bufferFirstStep_ += drop;
}

AnalysisResult WindowStream::partialResult(const ModelDescription& model) const
{
    AnalysisResult result;
    result.model = model;
    result.protocol = { framesPerStep_, settings_ };
    result.crops = crops_;
    result.windows = windows_;
    result.steps = windows_.empty() ? 0 : windows_.back().lastStep + 1;
    mapScoresToFrames(result, framesPerStep_, result.steps * framesPerStep_);
    return result;
}

} // namespace vigil::analysis
