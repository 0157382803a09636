#pragma once
// MGFN's detector (Chen et al., "MGFN: Magnitude-Contrastive Glance-and-Focus Network for
// Weakly-Supervised Video Anomaly Detection", AAAI 2023), inference only: the feature and its
// magnitude as tokens (to_tokens + 0.1 x to_mag), three stages of glance (softmax self-attention
// over all steps) or focus (BatchNorm and a per-head Conv1d over neighbouring steps) layers, a
// LayerNorm, a Linear and a sigmoid. Parameter names match carolchenyx/MGFN.'s state dicts (its
// mgfn class: "to_tokens.weight", "stages.0.0.layers.0.1.to_qkv.weight", ..., "fc.bias"). The
// training-only top-k magnitude selection (MSNSD) is left out: it is a loss, not a score.
// Architecture only, no file I/O. Immutable after loading; forward() in eval mode is
// thread-compatible. scripts/make_mgfn_golden.py is the PyTorch definition it is checked against.
//
// Memory: each glance layer holds q kᵀ and its softmax, [crops, heads, T, T] floats each, at
// once: a peak of 8 · crops · heads bytes per step², plus 8 for the [T, T] means kept for the
// explanation (reduced over heads and crops at once). At the published widths heads = 1 in the
// one glance stage, so ten crops take 88 bytes per step²: 92 MB at 1024 steps, 8.8 GB at
// 10,000. The rest grows linearly, about 0.25 MB per step for ten crops (the last stage's
// 4096-channel feed-forward). forward() scores every step it is given: bounding T (cutting a
// long video into spans) is the caller's.

#include <torch/torch.h>

#include <vector>

namespace vigil::models {

enum class MgfnBlock { Glance, Focus };

// The published widths (option.py's defaults); tests reduce them so that their checkpoints are
// small.
struct MgfnOptions {
    int64_t featureSize = 2048; // the backbone's; the magnitude channel is computed here
    std::vector<int64_t> dims { 64, 128, 1024 };
    std::vector<int64_t> depths { 3, 3, 2 };
    std::vector<MgfnBlock> blocks { MgfnBlock::Glance, MgfnBlock::Focus, MgfnBlock::Focus };
    int64_t dimHead = 64; // heads = dim / dimHead
};

struct MgfnOutput {
    torch::Tensor scores; // [steps]: sigmoid per step, mean over crops
    torch::Tensor magnitudes; // [steps]: L2 norm of each crop-step after to_logits, mean over crops
    torch::Tensor
        attention; // [steps, steps]: the last glance layer's softmax, mean over heads, crops
};

// MGFN's LayerNorm over the channels of [B, C, T]: (x - mean) / (std + eps) · g + b, with the
// biased std (not the variance) under the epsilon, unlike torch::nn::LayerNorm.
class MgfnChannelNormImpl : public torch::nn::Module {
public:
    explicit MgfnChannelNormImpl(int64_t channels);
    torch::Tensor forward(const torch::Tensor& x);

private:
    torch::Tensor g_;
    torch::Tensor b_;
};
TORCH_MODULE(MgfnChannelNorm);

// Multi-head softmax self-attention over all steps (GLANCE).
class MgfnGlanceImpl : public torch::nn::Module {
public:
    MgfnGlanceImpl(int64_t channels, int64_t heads, int64_t dimHead);
    // x: [B, channels, T]; returns [B, channels, T] and the attention, mean over B and heads
    // [T, T].
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    int64_t heads_;
    double scale_;
    MgfnChannelNorm norm_ { nullptr };
    torch::nn::Conv1d toQkv_ { nullptr };
    torch::nn::Conv1d toOut_ { nullptr };
};
TORCH_MODULE(MgfnGlance);

// Local aggregation (FOCUS): one 5-step kernel per head, shared by the head's channels.
class MgfnFocusImpl : public torch::nn::Module {
public:
    MgfnFocusImpl(int64_t channels, int64_t heads, int64_t dimHead);
    torch::Tensor forward(const torch::Tensor& x);

private:
    int64_t heads_;
    torch::nn::BatchNorm1d norm_ { nullptr };
    torch::nn::Conv1d toV_ { nullptr };
    torch::nn::Conv1d relPos_ { nullptr };
    torch::nn::Conv1d toOut_ { nullptr };
};
TORCH_MODULE(MgfnFocus);

// One layer of a stage, registered as "0" (a 3-step Conv1d), "1" (glance or focus) and "2" (the
// feed-forward), each added to its input.
class MgfnLayerImpl : public torch::nn::Module {
public:
    MgfnLayerImpl(int64_t channels, MgfnBlock block, int64_t heads, int64_t dimHead);
    // Returns the output and, for a glance layer, its attention [T, T] (else undefined).
    std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x);

private:
    torch::nn::Conv1d shortConv_ { nullptr };
    MgfnGlance glance_ { nullptr };
    MgfnFocus focus_ { nullptr };
    torch::nn::Sequential feedForward_ { nullptr };
};
TORCH_MODULE(MgfnLayer);

class MgfnImpl : public torch::nn::Module {
public:
    explicit MgfnImpl(const MgfnOptions& options = {});
    // features: [crops, steps, featureSize], all crops of one video (or span).
    MgfnOutput forward(const torch::Tensor& features);
    const MgfnOptions& options() const { return options_; }

private:
    MgfnOptions options_;
    torch::nn::Conv1d toTokens_ { nullptr };
    torch::nn::Conv1d toMag_ { nullptr };
    std::vector<std::vector<MgfnLayer>> stages_;
    std::vector<torch::nn::Sequential>
        between_; // LayerNorm, Conv1d: after every stage but the last
    torch::nn::LayerNorm toLogits_ { nullptr };
    torch::nn::Linear fc_ { nullptr };
};
TORCH_MODULE(Mgfn);

} // namespace vigil::models
