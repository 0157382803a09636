// RAdam against PyTorch's own torch.optim.RAdam: goldens made by scripts/make_radam_goldens.py.
// The same gradients go in; the parameters after each step must come out the same.

#include "models/radam.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace vigil::models {
namespace {

torch::Tensor tensorOf(const nlohmann::json& values, std::vector<int64_t> shape)
{
    const std::vector<float> data = values.get<std::vector<float>>();
    return torch::tensor(data).reshape(shape);
}

TEST(RAdam, StepsExactlyAsTorchOptimRAdamOfPyTorch113)
{
    std::ifstream in(test::sourcePath("tests/data/radam/goldens.json"));
    ASSERT_TRUE(in) << "tests/data/radam/goldens.json missing";
    const nlohmann::json goldens = nlohmann::json::parse(in);
    const std::vector<int64_t> weightShape = goldens["shapes"]["weight"];
    const std::vector<int64_t> biasShape = goldens["shapes"]["bias"];
    for (const nlohmann::json& run : goldens["runs"]) {
        SCOPED_TRACE("lr " + std::to_string(run["lr"].get<double>()));
        torch::Tensor weight = tensorOf(run["initial"]["weight"], weightShape).requires_grad_(true);
        torch::Tensor bias = tensorOf(run["initial"]["bias"], biasShape).requires_grad_(true);
        RAdamOptions options;
        options.learningRate = run["lr"];
        options.weightDecay = run["weight_decay"];
        RAdam optimiser({ weight, bias }, options);
        int step = 0;
        for (const nlohmann::json& golden : run["steps"]) {
            SCOPED_TRACE("step " + std::to_string(++step));
            weight.mutable_grad() = tensorOf(golden["grad"]["weight"], weightShape);
            bias.mutable_grad() = tensorOf(golden["grad"]["bias"], biasShape);
            optimiser.step();
            const torch::Tensor expectedWeight = tensorOf(golden["after"]["weight"], weightShape);
            const torch::Tensor expectedBias = tensorOf(golden["after"]["bias"], biasShape);
            // Same ATen kernels, same order of operations: equal to the last bit.
            EXPECT_TRUE(torch::equal(weight.detach(), expectedWeight))
                << (weight.detach() - expectedWeight).abs().max().item<float>();
            EXPECT_TRUE(torch::equal(bias.detach(), expectedBias))
                << (bias.detach() - expectedBias).abs().max().item<float>();
            optimiser.zeroGrad();
        }
        EXPECT_EQ(optimiser.stepCount(), 12);
    }
}

TEST(RAdam, TakesPlainMomentumStepsUntilTheRectificationThreshold)
{
    // Steps 1..5 have rho_t <= 5 (beta2 = 0.999): the update is lr times the bias-corrected mean
    // of the gradients, here a constant gradient g, so exactly -lr * g per step.
    torch::Tensor parameter = torch::zeros({ 2 }).requires_grad_(true);
    RAdam optimiser({ parameter });
    for (int step = 1; step <= 5; ++step) {
        parameter.mutable_grad() = torch::tensor({ 1.0f, -2.0f });
        optimiser.step();
        EXPECT_NEAR(parameter[0].item<float>(), -1e-3 * step, 1e-8);
        EXPECT_NEAR(parameter[1].item<float>(), 2e-3 * step, 1e-8);
    }
}

} // namespace
} // namespace vigil::models
