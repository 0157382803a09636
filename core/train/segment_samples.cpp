#include "core/train/segment_samples.h"

#include "core/common/error.h"

#include <algorithm>

namespace vigil::train {

int64_t segmentBoundary(int64_t index, int64_t steps, int64_t segments)
{
    // linspace's step T / n times i, truncated: the exact integer quotient for these sizes.
    return index * steps / segments;
}

FloatArray segmentSamples(const FloatArray& features, const std::string& source, int64_t segments)
{
    if (features.rank() != 2 && features.rank() != 3)
        throw Error(source
            + ": expected features [steps, crops, features] or [steps, features], got "
            + features.shapeText());
    const int64_t steps = features.dim(0);
    const int64_t crops = features.rank() == 3 ? features.dim(1) : 1;
    const int64_t size = features.dim(features.rank() - 1);
    if (steps == 0 || crops == 0 || size == 0)
        throw Error(source + ": empty features " + features.shapeText());
    FloatArray samples = FloatArray::zeros({ crops, segments, size });
    const auto step
        = [&](int64_t t, int64_t crop) { return features.data() + (t * crops + crop) * size; };
    for (int64_t crop = 0; crop < crops; ++crop) {
        for (int64_t i = 0; i < segments; ++i) {
            float* out = samples.data() + (crop * segments + i) * size;
            const int64_t first = segmentBoundary(i, steps, segments);
            const int64_t end = segmentBoundary(i + 1, steps, segments);
            if (first == end) {
                std::copy(step(first, crop), step(first, crop) + size, out);
                continue;
            }
            for (int64_t t = first; t < end; ++t) {
                const float* in = step(t, crop);
                for (int64_t f = 0; f < size; ++f)
                    out[f] += in[f];
            }
            const float count = static_cast<float>(end - first);
            for (int64_t f = 0; f < size; ++f)
                out[f] /= count;
        }
    }
    return samples;
}

} // namespace vigil::train
