// The measuring half of the calibration (models/backbone_calibration.h) and the loader that
// applies it: overrides reach the network without a measurement, a batch cut into passes gives
// the features of one pass per input, and the GEMM peak is a positive figure. Nothing here
// depends on how fast anything runs.

#include "core/tuning/precision_check.h"
#include "models/backbone_calibration.h"
#include "models/model_factory.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>

namespace vigil::models {
namespace {

namespace fs = std::filesystem;

// Sets environment variables for one test and puts the old values back.
class ScopedEnvironment {
public:
    void set(const char* name, const std::string& value)
    {
        const char* old = std::getenv(name);
        saved_.push_back({ name, old ? std::optional<std::string>(old) : std::nullopt });
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnvironment()
    {
        for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
            if (it->second)
                ::setenv(it->first, it->second->c_str(), 1);
            else
                ::unsetenv(it->first);
        }
    }

private:
    std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

FloatArray clips(int64_t count)
{
    FloatArray input = FloatArray::zeros({ count, 3, 16, 64, 64 });
    for (size_t i = 0; i < input.values.size(); ++i)
        input.values[i] = std::sin(static_cast<float>(i % 9973) * 0.37f);
    return input;
}

// I3D loaded as a command loads it, with the calibration on (cache in `cache`) and both parts of
// the setup overridden: `layout`, 2 snippets per pass.
LoadedBackbone loadOverridden(const std::string& cache, const char* layout, Precision precision)
{
    ScopedEnvironment environment;
    environment.set("XDG_CACHE_HOME", cache);
    environment.set("VIGIL_CALIBRATION", "auto");
    environment.set("VIGIL_LAYOUT", layout);
    environment.set("VIGIL_SNIPPETS_PER_PASS", "2");
    return TorchNetworkLoader().loadBackbone(
        BackboneKind::I3dResNet50, "", ComputeDevice::Cpu, precision);
}

TEST(BackboneCalibration, OverridesReachTheNetworkWithoutMeasuring)
{
    const std::string cache = test::scratchDir("backbone-calibration");
    const LoadedBackbone loaded = loadOverridden(cache, "channels-last", Precision::Fp32);
    EXPECT_EQ(loaded.inputsPerPass, 2);
    EXPECT_NE(loaded.setup.find("channels-last, 2 snippets per pass"), std::string::npos)
        << loaded.setup;
    EXPECT_FALSE(fs::exists(cache + "/vigil/calibration.json"));
}

TEST(BackboneCalibration, OffRunsTodaysDefaults)
{
    ScopedEnvironment environment;
    environment.set("VIGIL_CALIBRATION", "off");
    const tuning::ResolvedSetup resolved = calibratedSetup(BackboneKind::I3dResNet50);
    EXPECT_EQ(resolved.origin, tuning::ResolvedSetup::Origin::Default);
    EXPECT_EQ(resolved.setup.snippetsPerPass, 1);
    EXPECT_EQ(resolved.setup.threads, threadCount());
    if (torch::hasMKLDNN())
        EXPECT_EQ(resolved.setup.layout, tuning::Layout::Blocked);
}

// Three clips in passes of two (2 + 1) give each clip's features from a pass of its own.
TEST(BackboneCalibration, PassesOfSeveralSnippetsGiveTheFeaturesOfOnePassEach)
{
    const auto network
        = loadBackbone(BackboneKind::I3dResNet50, "", { true, BackboneLayout::Blocked, 2 });
    const auto single
        = loadBackbone(BackboneKind::I3dResNet50, "", { true, BackboneLayout::Blocked, 1 });
    const FloatArray input = clips(3);
    const FloatArray batched = network.extractor->extract(input);
    const FloatArray alone = single.extractor->extract(input);
    ASSERT_EQ(batched.shape, (std::vector<int64_t> { 3, 2048 }));
    float largest = 0.0f, difference = 0.0f;
    for (size_t i = 0; i < alone.values.size(); ++i) {
        largest = std::max(largest, std::abs(alone.values[i]));
        difference = std::max(difference, std::abs(alone.values[i] - batched.values[i]));
    }
    EXPECT_LE(difference, 1e-4f * largest);
}

TEST(BackboneCalibration, KeyNamesThisCpuLibTorchAndThreads)
{
    const tuning::MachineKey key = machineKey(BackboneKind::I3dResNet50);
    EXPECT_FALSE(key.cpu.model.empty());
    EXPECT_EQ(key.libtorchVersion, libtorchVersion());
    EXPECT_EQ(key.threads, threadCount());
    EXPECT_NE(key.text().find("i3d-r50"), std::string::npos);
}

// bf16 is calibrated under a key of its own: a float32 measurement never stands in for it, and
// a float32 run never measures bf16.
TEST(BackboneCalibration, Bf16HasAKeyOfItsOwn)
{
    const tuning::MachineKey fp32 = machineKey(BackboneKind::I3dResNet50);
    const tuning::MachineKey bf16 = machineKey(BackboneKind::I3dResNet50, Precision::Bf16);
    EXPECT_EQ(fp32.backbone, "i3d-r50"); // the calibrations cached before bf16 stay valid
    EXPECT_EQ(bf16.backbone, "i3d-r50 bf16");
    EXPECT_NE(fp32.text(), bf16.text());
}

TEST(BackboneCalibration, Bf16LoadsInTheSetupItsCalibrationResolves)
{
    if (const std::string problem
        = tuning::precisionProblem(Precision::Bf16, tuning::readCpuInfo(), ComputeDevice::Cpu);
        !problem.empty())
        GTEST_SKIP() << problem;
    const std::string cache = test::scratchDir("backbone-calibration-bf16");
    const LoadedBackbone loaded = loadOverridden(cache, "blocked", Precision::Bf16);
    EXPECT_EQ(loaded.inputsPerPass, 2);
    EXPECT_EQ(loaded.setup.rfind("bf16, blocked, 2 snippets per pass", 0), 0) << loaded.setup;
    EXPECT_FALSE(fs::exists(cache + "/vigil/calibration.json"));
}

TEST(GemmPeak, IsAPositiveFigure)
{
    EXPECT_GT(measureGemmGflops(64, 2), 0.0);
}

} // namespace
} // namespace vigil::models
