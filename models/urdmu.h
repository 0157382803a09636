#pragma once
// UR-DMU's detector (Zhou et al., "Dual Memory Units with Uncertainty Regulation for Weakly
// Supervised Video Anomaly Detection", AAAI 2023), inference only: a 3-step Conv1d embedding, a
// two-layer transformer whose heads mix a softmax self-attention with a fixed positional kernel,
// an anomaly and a normal memory read by sigmoid slot weights, and a two-layer scorer on the
// features concatenated with the memories' reads. Parameter names match henrryzh1/UR-DMU's
// state dicts (its WSAD class: "embedding.conv_1.0.weight", "selfatt.layers.0.0.fn.to_qkv.weight",
// ..., "encoder_var.0.bias"). The training-only parts (triplet, KL and distance losses, the
// reparameterisation) are left out; encoder_var is registered, unused, so that the published
// state dicts load whole. Architecture only, no file I/O. Immutable after loading; forward() in
// eval mode is thread-compatible. scripts/make_urdmu_golden.py is the PyTorch definition it is
// checked against.
//
// Memory: each transformer layer holds q kᵀ and its softmax, [crops, heads, T, T] floats each:
// 32 bytes per step² per crop at the published 4 heads, plus the [T, T] positional kernel. Ten
// crops at 1024 steps peak near 340 MB, at 10,000 steps 32 GB. The rest grows linearly.
// forward() scores every step it is given: bounding T (cutting a long video into spans) is the
// caller's.

#include <torch/torch.h>

#include <utility>
#include <vector>

namespace vigil::models {

// The published widths (fixed in model.py; the UCF-Crime and XD-Violence checkpoints share
// them); tests reduce them so that their checkpoints are small.
struct UrdmuOptions {
    int64_t featureSize = 1024; // Inception-I3D features
    int64_t dim = 512; // embedding and transformer width
    int64_t depth = 2;
    int64_t heads = 4;
    int64_t dimHead = 128;
    int64_t mlpDim = 512; // the transformer's feed-forward hidden width
    int64_t headHidden = 128; // cls_head's hidden width
    int64_t anomalySlots = 60; // a_nums
    int64_t normalSlots = 60; // n_nums
};

struct UrdmuOutput {
    torch::Tensor scores; // [steps]: sigmoid per step, mean over crops; each step is 16 frames
    torch::Tensor magnitudes; // [steps]: L2 norm of encoder_mu(anomaly read), mean over crops
    torch::Tensor attention; // [steps, steps]: last layer's softmax, mean over heads and crops
    torch::Tensor anomalyMemory; // [steps]: mean of the top a_nums/16+1 anomaly slot weights
};

// A memory unit: slot weights sigmoid(x Mᵀ / sqrt(dim)) (not a softmax) and the read W M.
class UrdmuMemoryImpl : public torch::nn::Module {
public:
    UrdmuMemoryImpl(int64_t slots, int64_t dim);
    // x: [B, T, dim]; returns the slot weights [B, T, slots] and the read [B, T, dim].
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    torch::Tensor memory_;
};
TORCH_MODULE(UrdmuMemory);

// translayer.py's Attention: per head, softmax(q kᵀ / sqrt(dimHead)) v beside P t, P the fixed
// positional kernel; heads and halves concatenated, then to_out.
class UrdmuAttentionImpl : public torch::nn::Module {
public:
    UrdmuAttentionImpl(int64_t dim, int64_t heads, int64_t dimHead);
    // x: [B, T, dim]; returns [B, T, dim] and the softmax, mean over B and heads [T, T].
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    int64_t heads_;
    double scale_;
    torch::nn::Linear toQkv_ { nullptr };
    torch::nn::Sequential toOut_ { nullptr };
};
TORCH_MODULE(UrdmuAttention);

// One transformer layer, registered as "0" {norm, fn: attention} and "1" {norm, fn: {net}}, each
// a pre-norm block added to its input.
class UrdmuLayerImpl : public torch::nn::Module {
public:
    UrdmuLayerImpl(int64_t dim, int64_t heads, int64_t dimHead, int64_t mlpDim);
    std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x);

private:
    torch::nn::LayerNorm attentionNorm_ { nullptr };
    UrdmuAttention attention_ { nullptr };
    torch::nn::LayerNorm feedForwardNorm_ { nullptr };
    torch::nn::Sequential feedForward_ { nullptr };
};
TORCH_MODULE(UrdmuLayer);

class UrdmuImpl : public torch::nn::Module {
public:
    explicit UrdmuImpl(const UrdmuOptions& options = {});
    // features: [crops, steps, featureSize], all crops of one video (or span).
    UrdmuOutput forward(const torch::Tensor& features);
    const UrdmuOptions& options() const { return options_; }

private:
    UrdmuOptions options_;
    torch::nn::Sequential embedding_ { nullptr }; // "embedding.conv_1": Conv1d, ReLU
    torch::nn::Sequential clsHead_ { nullptr }; // "cls_head.mlp": Linear, ReLU, Linear, Sigmoid
    UrdmuMemory anomalyMemory_ { nullptr };
    UrdmuMemory normalMemory_ { nullptr };
    std::vector<UrdmuLayer> layers_;
    torch::nn::Sequential encoderMu_ { nullptr };
    torch::nn::Sequential encoderVar_ { nullptr }; // training only; kept for the state dict
};
TORCH_MODULE(Urdmu);

} // namespace vigil::models
