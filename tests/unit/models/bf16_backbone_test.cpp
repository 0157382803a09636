// --precision bf16 (models/model_factory.h, BackboneTuning::precision): the backbone runs in
// bfloat16 where the CPU has native instructions, and its features stay close to float32's.
// docs/performance.md gives the fidelity measured on real videos; this checks, on a seeded
// I3D, that bf16 really ran (the features differ from float32's) and stays near them.

#include "core/common/error.h"
#include "core/tuning/machine_key.h"
#include "core/tuning/precision_check.h"
#include "models/model_factory.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace vigil::models {
namespace {

using analysis::BackboneKind;

FloatArray seededInput(std::vector<int64_t> shape)
{
    FloatArray input = FloatArray::zeros(std::move(shape));
    std::mt19937 random(11);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    for (float& value : input.values)
        value = uniform(random);
    return input;
}

// Cosine of row i of a and b ([rows, size]).
double rowCosine(const FloatArray& a, const FloatArray& b, int64_t row)
{
    const int64_t size = a.dim(1);
    double ab = 0, aa = 0, bb = 0;
    for (int64_t j = row * size; j < (row + 1) * size; ++j) {
        ab += static_cast<double>(a.values[j]) * b.values[j];
        aa += static_cast<double>(a.values[j]) * a.values[j];
        bb += static_cast<double>(b.values[j]) * b.values[j];
    }
    return ab / std::sqrt(aa * bb);
}

TEST(Bf16Backbone, RunsInBfloat16AndStaysNearFloat32)
{
    if (const std::string problem
        = tuning::precisionProblem(Precision::Bf16, tuning::readCpuInfo(), ComputeDevice::Cpu);
        !problem.empty())
        GTEST_SKIP() << problem;
    const FloatArray input = seededInput({ 2, 3, 16, 64, 64 });
    const FloatArray fp32 = loadBackbone(BackboneKind::I3dResNet50, "").extractor->extract(input);
    BackboneTuning bf16;
    bf16.precision = Precision::Bf16;
    const LoadedBackbone loaded = loadBackbone(BackboneKind::I3dResNet50, "", bf16);
    EXPECT_NE(loaded.setup.find("bf16"), std::string::npos) << loaded.setup;
    const FloatArray half = loaded.extractor->extract(input);
    ASSERT_EQ(half.shape, fp32.shape);
    bool differs = false;
    for (size_t i = 0; i < half.values.size(); ++i)
        differs = differs || half.values[i] != fp32.values[i];
    EXPECT_TRUE(differs) << "the same bits as float32: bf16 did not run";
    for (int64_t row = 0; row < fp32.dim(0); ++row)
        EXPECT_GT(rowCosine(half, fp32, row), 0.99) << "input " << row;
}

TEST(Bf16Backbone, IsRefusedOnCuda)
{
    BackboneTuning bf16;
    bf16.precision = Precision::Bf16;
    EXPECT_THROW(loadBackbone(BackboneKind::ResNet50, "", bf16, ComputeDevice::Cuda), ModelError);
}

} // namespace
} // namespace vigil::models
