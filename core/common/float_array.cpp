#include "core/common/float_array.h"

#include <limits>
#include <stdexcept>

namespace vigil {

int64_t FloatArray::countOf(const std::vector<int64_t>& shape)
{
    int64_t count = 1;
    for (int64_t extent : shape) {
        if (extent < 0)
            throw std::invalid_argument("FloatArray: negative extent");
        if (extent != 0 && count > std::numeric_limits<int64_t>::max() / extent)
            throw std::invalid_argument("FloatArray: shape too large");
        count *= extent;
    }
    return count;
}

FloatArray FloatArray::zeros(std::vector<int64_t> shape)
{
    FloatArray array;
    array.values.assign(static_cast<size_t>(countOf(shape)), 0.0f);
    array.shape = std::move(shape);
    return array;
}

std::string FloatArray::shapeText() const
{
    std::string text = "[";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += std::to_string(shape[i]);
    }
    return text + "]";
}

} // namespace vigil
