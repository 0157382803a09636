#include "core/analysis/window_slices.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace vigil::analysis {
namespace {

void checkInside(const FloatArray& features, const WindowSpan& span, int64_t crop)
{
    if (features.rank() != 3 || span.firstStep < 0 || span.lastStep < span.firstStep
        || span.lastStep >= features.dim(0) || crop < 0 || crop >= features.dim(1))
        throw std::out_of_range("window steps " + std::to_string(span.firstStep) + "-"
            + std::to_string(span.lastStep) + ", crop " + std::to_string(crop)
            + " are not in features " + features.shapeText());
}

// Copies the window's steps of one crop to `to`, step after step.
void copyCrop(const FloatArray& features, const WindowSpan& span, int64_t crop, float* to)
{
    const int64_t crops = features.dim(1);
    const int64_t size = features.dim(2);
    for (int64_t t = span.firstStep; t <= span.lastStep; ++t) {
        const float* from = features.data() + (t * crops + crop) * size;
        to = std::copy(from, from + size, to);
    }
}

} // namespace

FloatArray windowOfAllCrops(const FloatArray& features, const WindowSpan& span)
{
    checkInside(features, span, 0);
    const int64_t crops = features.dim(1);
    const int64_t size = features.dim(2);
    FloatArray window = FloatArray::zeros({ crops, span.stepCount(), size });
    for (int64_t c = 0; c < crops; ++c)
        copyCrop(features, span, c, window.data() + c * span.stepCount() * size);
    return window;
}

FloatArray windowOfCrop(const FloatArray& features, const WindowSpan& span, int64_t crop)
{
    checkInside(features, span, crop);
    FloatArray sequence = FloatArray::zeros({ span.stepCount(), features.dim(2) });
    copyCrop(features, span, crop, sequence.data());
    return sequence;
}

} // namespace vigil::analysis
