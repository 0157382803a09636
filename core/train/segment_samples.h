#pragma once
// The paper's training input (PROTOCOL.md section 4, its preformer_feature.py): each crop's T
// feature steps become 32 segments, split at floor(linspace(0, T, 33)), each the mean of its
// steps, or the single step at the segment's start when the segment is empty. Pure functions;
// any thread. Throw vigil::Error naming `source` on arrays of the wrong shape.

#include "core/common/float_array.h"

#include <cstdint>
#include <string>

namespace vigil::train {

constexpr int64_t kTrainingSegments = 32;

// Segment i covers steps [floor(i * T / n), floor((i + 1) * T / n)), the boundaries numpy's
// linspace(0, T, n + 1).astype(int) gives. Each mean is summed in float32 step by step, then
// divided by the count, as numpy.mean over axis 0 computes it.
int64_t segmentBoundary(int64_t index, int64_t steps, int64_t segments);

// features: [T, C, F] (RTFM's [T, 10, 2048]) or [T, F] (one crop).
// Returns [C, segments, F]: one training sample per crop.
FloatArray segmentSamples(
    const FloatArray& features, const std::string& source, int64_t segments = kTrainingSegments);

} // namespace vigil::train
