#pragma once
// The input the classifier saw for one window of one crop, cut from a run's features
// [steps, crops, F]: x = [window steps, F]. Pure functions; any thread.

#include "core/common/float_array.h"

#include <cstdint>

namespace vigil::ui {

// Steps firstStep..lastStep (inclusive) of one crop. Throws std::out_of_range when the window or
// crop is not in features (a result that does not belong to these features).
FloatArray windowCropFeatures(
    const FloatArray& features, int64_t firstStep, int64_t lastStep, int64_t crop);

} // namespace vigil::ui
