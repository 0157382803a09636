#include "ui/window_features.h"

#include <algorithm>
#include <stdexcept>

namespace vigil::ui {

FloatArray windowCropFeatures(
    const FloatArray& features, int64_t firstStep, int64_t lastStep, int64_t crop)
{
    if (features.rank() != 3 || firstStep < 0 || lastStep < firstStep
        || lastStep >= features.dim(0) || crop < 0 || crop >= features.dim(1))
        throw std::out_of_range("window steps " + std::to_string(firstStep) + "-"
            + std::to_string(lastStep) + ", crop " + std::to_string(crop)
            + " are not in features " + features.shapeText());
    const int64_t crops = features.dim(1);
    const int64_t size = features.dim(2);
    const int64_t steps = lastStep - firstStep + 1;
    FloatArray sequence = FloatArray::zeros({ steps, size });
    for (int64_t t = 0; t < steps; ++t) {
        const float* from = features.data() + ((firstStep + t) * crops + crop) * size;
        std::copy(from, from + size, sequence.data() + t * size);
    }
    return sequence;
}

} // namespace vigil::ui
