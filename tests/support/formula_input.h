#pragma once
// The integer formula that scripts/make_classifier_goldens.py (and make_rtfm_golden.py) feed
// their networks, reproduced exactly: x[a, t, f] = ((a * 7919 + t * 104729 + f * 31) % 2001 -
// 1000) / 1000 in float32, laid out as [outer, steps, size] (batches or crops).

#include "core/common/float_array.h"

#include <cstdint>

namespace vigil::test {

inline FloatArray formulaInput(int64_t outer, int64_t steps, int64_t size)
{
    FloatArray input = FloatArray::zeros({ outer, steps, size });
    for (int64_t a = 0; a < outer; ++a)
        for (int64_t t = 0; t < steps; ++t)
            for (int64_t f = 0; f < size; ++f) {
                const int64_t code = (a * 7919 + t * 104729 + f * 31) % 2001 - 1000;
                input.values[static_cast<size_t>((a * steps + t) * size + f)]
                    = static_cast<float>(code) / 1000.0f;
            }
    return input;
}

} // namespace vigil::test
