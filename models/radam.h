#pragma once
// RAdam (Liu et al., 2020) as torch.optim.RAdam of PyTorch 1.13 computes it (its single-tensor
// path, the default), operation for operation, since LibTorch 1.13 ships no RAdam. The optimiser
// owns its moment buffers; the parameters are shared with their module. One thread at a time.

#include <torch/torch.h>

#include <vector>

namespace vigil::models {

struct RAdamOptions {
    double learningRate = 1e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    double weightDecay = 0.0;
};

class RAdam {
public:
    RAdam(std::vector<torch::Tensor> parameters, RAdamOptions options = {});

    // One update from the parameters' current gradients (a parameter without one is skipped).
    void step();
    // Zeroes the gradients in place, as torch.optim's zero_grad(set_to_none=False).
    void zeroGrad();
    int64_t stepCount() const { return steps_; }
    const RAdamOptions& options() const { return options_; }

private:
    std::vector<torch::Tensor> parameters_;
    std::vector<torch::Tensor> expAvg_;
    std::vector<torch::Tensor> expAvgSq_;
    RAdamOptions options_;
    int64_t steps_ = 0;
};

} // namespace vigil::models
