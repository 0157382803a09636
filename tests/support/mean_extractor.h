#pragma once
// A "network" that turns each snippet into its mean value: cheap and deterministic, for tests
// of the pipeline around the backbone (what reaches it, when windows arrive, bad input).

#include "core/analysis/network_interfaces.h"

#include <numeric>

namespace vigil::test {

class MeanExtractor : public analysis::FeatureExtractor {
public:
    FloatArray extract(const FloatArray& input) const override
    {
        const int64_t items = input.dim(0);
        const int64_t perItem = items > 0 ? input.size() / items : 0;
        FloatArray output = FloatArray::zeros({ items, 1 });
        for (int64_t item = 0; item < items; ++item) {
            const float* begin = input.data() + item * perItem;
            output.values[static_cast<size_t>(item)]
                = std::accumulate(begin, begin + perItem, 0.0f) / static_cast<float>(perItem);
        }
        return output;
    }
    int64_t featureSize() const override { return 1; }
};

} // namespace vigil::test
