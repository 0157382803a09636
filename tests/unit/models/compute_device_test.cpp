// Where the backbone runs and how a batch is cut into forward passes (models/model_factory.h,
// models/torch_adapters.h). The CUDA comparison runs only where LibTorch has CUDA and a GPU is
// present; elsewhere the test says why it skipped.

#include "core/common/error.h"
#include "models/model_factory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace vigil::models {
namespace {

using analysis::BackboneKind;

FloatArray rampInput(std::vector<int64_t> shape)
{
    FloatArray input = FloatArray::zeros(std::move(shape));
    for (size_t i = 0; i < input.values.size(); ++i)
        input.values[i] = static_cast<float>(static_cast<int>(i * 7 % 255) - 127) / 128.0f;
    return input;
}

double relativeDifference(const FloatArray& a, const FloatArray& b)
{
    double difference = 0.0;
    double scale = 0.0;
    for (size_t i = 0; i < a.values.size(); ++i) {
        difference = std::max(difference, static_cast<double>(std::abs(a.values[i] - b.values[i])));
        scale = std::max(scale, static_cast<double>(std::abs(b.values[i])));
    }
    return difference / scale;
}

TEST(ComputeDevice, CudaIsRefusedWithItsReasonWhereItCannotRun)
{
    const std::string reason = cudaUnavailableReason();
    if (reason.empty())
        GTEST_SKIP() << "CUDA is available here";
    try {
        loadBackbone(BackboneKind::ResNet50, "", {}, ComputeDevice::Cuda);
        FAIL() << "loaded on CUDA although: " << reason;
    } catch (const ModelError& error) {
        EXPECT_NE(std::string(error.what()).find(reason), std::string::npos) << error.what();
    }
}

TEST(ComputeDevice, CudaGivesTheFeaturesOfTheCpu)
{
    if (const std::string reason = cudaUnavailableReason(); !reason.empty())
        GTEST_SKIP() << reason;
    const FloatArray input = rampInput({ 2, 3, 16, 64, 64 });
    const FloatArray cpu = loadBackbone(BackboneKind::I3dResNet50, "").extractor->extract(input);
    const FloatArray gpu = loadBackbone(BackboneKind::I3dResNet50, "", {}, ComputeDevice::Cuda)
                               .extractor->extract(input);
    ASSERT_EQ(gpu.shape, cpu.shape);
    EXPECT_LE(relativeDifference(gpu, cpu), 1e-3); // cuDNN may pick other algorithms (TF32 off)
}

// Ten crops of one snippet run as ten passes in the blocked layout: the same features as one
// pass over the whole batch, in order.
TEST(ComputeDevice, PassesOfOneInputGiveTheFeaturesOfOneBatch)
{
    const FloatArray input = rampInput({ 3, 3, 16, 64, 64 });
    BackboneTuning onePerPass;
    onePerPass.inputsPerPass = 1;
    BackboneTuning wholeBatch;
    wholeBatch.inputsPerPass = 100;
    const FloatArray single
        = loadBackbone(BackboneKind::I3dResNet50, "", onePerPass).extractor->extract(input);
    const FloatArray batch
        = loadBackbone(BackboneKind::I3dResNet50, "", wholeBatch).extractor->extract(input);
    ASSERT_EQ(single.shape, (std::vector<int64_t> { 3, 2048 }));
    ASSERT_EQ(batch.shape, single.shape);
    EXPECT_LE(relativeDifference(single, batch), 1e-5);
    // The inputs differ, so must their features: a pass must not repeat the first input.
    const auto row = [&](int64_t i) {
        return std::vector<float>(
            single.values.begin() + i * 2048, single.values.begin() + (i + 1) * 2048);
    };
    EXPECT_NE(row(0), row(2));
}

} // namespace
} // namespace vigil::models
