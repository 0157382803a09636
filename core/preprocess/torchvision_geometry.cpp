#include "core/preprocess/torchvision_geometry.h"

#include "core/common/error.h"

#include <algorithm>
#include <string>

namespace vigil::preprocess {

cv::Size torchvisionResizedSize(cv::Size source, int shortSide)
{
    if (source.width <= 0 || source.height <= 0)
        throw Error("invalid source size " + std::to_string(source.width) + "x"
            + std::to_string(source.height));
    const int shorter = std::min(source.width, source.height);
    const int longer = std::max(source.width, source.height);
    const int newLong = static_cast<int>(static_cast<double>(shortSide) * longer / shorter);
    return source.width <= source.height ? cv::Size(shortSide, newLong)
                                         : cv::Size(newLong, shortSide);
}

int torchvisionCentreOffset(int size, int crop)
{
    const int excess = size - crop;
    const int half = excess / 2;
    if (excess % 2 == 0)
        return half;
    return half % 2 == 0 ? half : half + 1;
}

} // namespace vigil::preprocess
