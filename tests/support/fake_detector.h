#pragma once
// A whole-video detector for tests of the detector seam, without LibTorch: step t's score is
// feature 0 of that step, averaged over crops, divided by `scale`; its magnitude is the same
// mean; the attention is uniform. Records the shapes it was given.

#include "core/analysis/video_detector.h"

#include <vector>

namespace vigil::test {

class FakeDetector : public analysis::VideoDetector {
public:
    explicit FakeDetector(float scale = 100.0f, int64_t size = 3)
        : scale_(scale)
        , size_(size)
    {
    }

    analysis::VideoScores score(const FloatArray& features) const override
    {
        seenShapes.push_back(features.shape);
        const int64_t crops = features.dim(0), steps = features.dim(1), size = features.dim(2);
        analysis::VideoScores scores;
        for (int64_t t = 0; t < steps; ++t) {
            double sum = 0.0;
            for (int64_t c = 0; c < crops; ++c)
                sum += features.values[static_cast<size_t>((c * steps + t) * size)];
            scores.magnitudes.push_back(static_cast<float>(sum / crops));
            scores.scores.push_back(static_cast<float>(sum / crops / scale_));
        }
        scores.attention = FloatArray::zeros({ steps, steps });
        for (float& value : scores.attention.values)
            value = 1.0f / static_cast<float>(steps);
        return scores;
    }
    int64_t featureSize() const override { return size_; }

    mutable std::vector<std::vector<int64_t>> seenShapes; // recorded by the const score()

private:
    float scale_;
    int64_t size_;
};

// [steps, crops, 3]: feature 0 of step t, crop c is t + 10 * c.
inline FloatArray detectorFeatures(int64_t steps, int64_t crops)
{
    FloatArray features = FloatArray::zeros({ steps, crops, 3 });
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t c = 0; c < crops; ++c)
            features.values[static_cast<size_t>((t * crops + c) * 3)]
                = static_cast<float>(t + 10 * c);
    return features;
}

} // namespace vigil::test
