#include "core/analysis/window_slices.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace vigil::analysis {
namespace {

FloatArray numbered(int64_t steps, int64_t crops, int64_t size)
{
    FloatArray features = FloatArray::zeros({ steps, crops, size });
    for (size_t i = 0; i < features.values.size(); ++i)
        features.values[i] = static_cast<float>(i);
    return features;
}

TEST(WindowSlices, CutsOneCropOfOneWindow)
{
    const FloatArray x = windowOfCrop(numbered(5, 2, 3), { 1, 3 }, 1);
    ASSERT_EQ(x.shape, (std::vector<int64_t> { 3, 3 }));
    EXPECT_EQ(x.values[0], 9.0f); // step 1, crop 1, feature 0: (1*2+1)*3
    EXPECT_EQ(x.values[8], 23.0f); // step 3, crop 1, feature 2
}

TEST(WindowSlices, CutsEveryCropAsTheScorerTakesThem)
{
    const FloatArray window = windowOfAllCrops(numbered(5, 2, 3), { 1, 3 });
    ASSERT_EQ(window.shape, (std::vector<int64_t> { 2, 3, 3 }));
    EXPECT_EQ(window.values[0], 6.0f); // crop 0, step 1
    EXPECT_EQ(window.values[9], 9.0f); // crop 1, step 1
    // Each crop's rows are what windowOfCrop gives for it.
    const FloatArray crop1 = windowOfCrop(numbered(5, 2, 3), { 1, 3 }, 1);
    EXPECT_TRUE(std::equal(crop1.values.begin(), crop1.values.end(), window.values.begin() + 9));
}

TEST(WindowSlices, RefusesWindowsAndCropsThatAreNotInTheFeatures)
{
    const FloatArray features = numbered(5, 2, 3);
    EXPECT_THROW(windowOfCrop(features, { 3, 5 }, 0), std::out_of_range);
    EXPECT_THROW(windowOfCrop(features, { 0, 1 }, 2), std::out_of_range);
    EXPECT_THROW(windowOfAllCrops(features, { 4, 5 }), std::out_of_range);
}

} // namespace
} // namespace vigil::analysis
