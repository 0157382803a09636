#pragma once
// RTFM's detector (Tian et al., "Weakly-supervised Video Anomaly Detection with Robust Temporal
// Feature Magnitude Learning", ICCV 2021), inference only: the Aggregate block (three dilated
// temporal convolutions and a non-local block over all steps, fused and added to the input) and
// the three-layer scorer. Parameter names match tianyu0207/RTFM's state dicts (its Model class:
// "Aggregate.conv_1.0.weight", ..., "fc3.bias"). The training-only top-k magnitude selection is
// left out: it is a loss, not a score, and fails for fewer than 3 steps. Architecture only, no
// file I/O. Immutable after loading; forward() in eval mode is thread-compatible.
// scripts/make_rtfm_golden.py is the PyTorch definition it is checked against.

#include <torch/torch.h>

namespace vigil::models {

// The published widths; tests reduce them so that their checkpoints are a few KB.
struct RtfmOptions {
    int64_t featureSize = 2048;
    int64_t branchSize = 512; // each of the four branches of Aggregate; non-local inner: half
    int64_t fc1Size = 512;
    int64_t fc2Size = 128;
};

struct RtfmOutput {
    torch::Tensor scores; // [steps]: sigmoid per step, mean over crops
    torch::Tensor magnitudes; // [steps]: L2 norm of each aggregated crop-step, mean over crops
    torch::Tensor attention; // [steps, steps]: the non-local block's f / steps, mean over crops
};

// Embedded dot product attention over all steps, divided by their number instead of a softmax
// (RTFM's NONLocalBlock1D without subsampling), with a BatchNorm'd projection and a residual.
class RtfmNonLocalImpl : public torch::nn::Module {
public:
    explicit RtfmNonLocalImpl(int64_t channels);
    // x: [B, channels, T]; returns z [B, channels, T] and the attention [B, T, T].
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    torch::nn::Conv1d g_ { nullptr };
    torch::nn::Conv1d theta_ { nullptr };
    torch::nn::Conv1d phi_ { nullptr };
    torch::nn::Sequential w_ { nullptr };
};
TORCH_MODULE(RtfmNonLocal);

class RtfmAggregateImpl : public torch::nn::Module {
public:
    explicit RtfmAggregateImpl(const RtfmOptions& options);
    // x: [B, T, featureSize]; returns [B, T, featureSize] and the non-local attention.
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    std::vector<torch::nn::Sequential> dilated_; // conv_1..conv_3: dilations 1, 2, 4
    torch::nn::Sequential conv4_ { nullptr };
    torch::nn::Sequential conv5_ { nullptr };
    RtfmNonLocal nonLocal_ { nullptr };
};
TORCH_MODULE(RtfmAggregate);

class RtfmImpl : public torch::nn::Module {
public:
    explicit RtfmImpl(const RtfmOptions& options = {});
    // features: [crops, steps, featureSize], all crops of one video.
    RtfmOutput forward(const torch::Tensor& features);
    const RtfmOptions& options() const { return options_; }

private:
    RtfmOptions options_;
    RtfmAggregate aggregate_ { nullptr };
    torch::nn::Linear fc1_ { nullptr };
    torch::nn::Linear fc2_ { nullptr };
    torch::nn::Linear fc3_ { nullptr };
};
TORCH_MODULE(Rtfm);

} // namespace vigil::models
