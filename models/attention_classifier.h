#pragma once
// The paper's structured self-attention classifier (PROTOCOL.md section 3): architecture only,
// no file I/O, no device choice. Parameter names match the published checkpoints, including
// their misspelt "self_anttention". Immutable after loading; forward() is thread-compatible.

#include "core/common/defaults.h"

#include <torch/torch.h>

namespace vigil::models {

struct AttentionClassifierOptions {
    int64_t featureSize = 2048;
    int64_t hiddenSize = defaults::kHiddenSize; // d_a
    int64_t rows = defaults::kAttentionRows; // r
    int64_t fcSize = 32;
    double attentionDropout = defaults::kAttentionDropout; // on A, in training mode only
};

struct ClassifierOutput {
    torch::Tensor score; // [B], sigmoid output
    torch::Tensor attention; // [B, T, r], softmax over T
};

// Input [B, T, featureSize]. In training mode (train()) dropout zeroes attention weights before
// pooling; the attention returned is always the softmax itself.
class AttentionClassifierImpl : public torch::nn::Module {
public:
    explicit AttentionClassifierImpl(const AttentionClassifierOptions& options = {});
    ClassifierOutput forward(const torch::Tensor& features);
    const AttentionClassifierOptions& options() const { return options_; }

private:
    AttentionClassifierOptions options_;
    torch::nn::Sequential selfAttention_ { nullptr };
    torch::nn::Linear fc1_ { nullptr };
    torch::nn::Linear fc2_ { nullptr };
    torch::nn::Dropout dropout_ { nullptr }; // no parameters, so no state-dict keys
};
TORCH_MODULE(AttentionClassifier);

} // namespace vigil::models
