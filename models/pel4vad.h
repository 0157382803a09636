#pragma once
// PEL4VAD's detector (Pu et al., "Learning Prompt-Enhanced Context Features for Weakly-Supervised
// Video Anomaly Detection", IEEE TIP 2024), inference only: temporal context aggregation (one
// similarity map plus a distance term, softmaxed over all steps and over a 9-step window, mixed
// by a learnt weight), a residual LayerNorm, two pointwise convolutions and a causal Conv1d
// scorer. Parameter names match yujiangpu20/PEL4VAD's state dicts (its XModel:
// "self_attention.self_attn.q.weight", ..., "classifier.bias", "logit_scale"). The prompt branch
// (CLIP text features, logit_scale) only shapes training; logit_scale is kept so that the
// released files load with no tensor left over. Architecture only, no file I/O. Immutable after
// loading; forward() in eval mode is thread-compatible. scripts/make_pel4vad_golden.py is the
// PyTorch definition it is checked against.
//
// Every score depends on the whole span (global attention; for UCF also an L2 norm over time):
// scoring a long video in pieces changes the scores. Memory: the [crops, T, T] similarity, its
// masked copy, both softmaxes and the fused map at once, about 24 · crops bytes per step²
// (ten crops: 250 MB at 1024 steps). Bounding T is the caller's.

#include <torch/torch.h>

#include <vector>

namespace vigil::models {

// infer.py's post-processing of the [T] scores, as configs.py picks it per dataset: UCF-Crime
// slide 7, XD-Violence fixed 8. kappa must be above 1. Both return T values.
enum class Pel4vadSmoothingMode { None, Fixed, Slide };
struct Pel4vadSmoothing {
    Pel4vadSmoothingMode mode = Pel4vadSmoothingMode::Slide;
    int64_t kappa = 7;
};
inline constexpr Pel4vadSmoothing kPel4vadUcfSmoothing { Pel4vadSmoothingMode::Slide, 7 };
inline constexpr Pel4vadSmoothing kPel4vadXdSmoothing { Pel4vadSmoothingMode::Fixed, 8 };

// configs.py's settings; the defaults are UCF-Crime's (ckpt/ucf__8636.pkl). One head only: the
// released configs have head_num 1, and PEL4VAD's multi-head reshape does not split heads.
struct Pel4vadOptions {
    int64_t featureSize = 1024; // feat_dim: I3D features of Wu et al., not Vigil's 2048
    int64_t hiddenSize = 128; // hid_dim: q, k and v
    int64_t outSize = 300; // out_dim: the classifier's channels
    int64_t window = 9; // win_size: the local attention's steps
    int64_t classifierSteps = 9; // t_step: the causal kernel (XD-Violence: 3)
    bool isNormalised = true; // norm: signed square root and L2 over time (XD-Violence: false)
    double gamma = 0.6; // loc_adj.w's initial value (only demo weights keep it)
    double bias = 0.2; // loc_adj.b's initial value
    double temperature = 0.09; // logit_scale = log(1 / temperature), training only
    Pel4vadSmoothing smoothing = kPel4vadUcfSmoothing; // smooth, kappa (XD-Violence: fixed 8)
};

Pel4vadOptions pel4vadXdOptions(); // ckpt/xd__8526.pkl: t_step 3, no norm, gamma 0.06, bias 0.02

struct Pel4vadOutput {
    torch::Tensor scores; // [steps]: sigmoid per step, mean over crops, then the smoothing
    torch::Tensor unsmoothed; // [steps]: the same before the smoothing (test.py's)
    torch::Tensor magnitudes; // [steps]: L2 norm of the classifier's input channels, crop mean
    torch::Tensor attention; // [steps, steps]: a · global + (1 - a) · local, mean over crops
};

// The dynamic position encoding exp(-|w d² - b|), d = |i - j|, with learnt scalars w and b.
class Pel4vadDistanceImpl : public torch::nn::Module {
public:
    Pel4vadDistanceImpl(double gamma, double bias);
    torch::Tensor forward(int64_t steps, const torch::Device& device); // [T, T]

private:
    torch::Tensor w_;
    torch::Tensor b_;
};
TORCH_MODULE(Pel4vadDistance);

// Temporal context aggregation (TCA): x [B, T, C] -> context [B, T, C], fused attention
// [B, T, T]. mask [T, T] is true inside the local window, distance is Pel4vadDistance's.
class Pel4vadTcaImpl : public torch::nn::Module {
public:
    Pel4vadTcaImpl(int64_t features, int64_t hidden, bool isNormalised);
    std::pair<torch::Tensor, torch::Tensor> forward(
        const torch::Tensor& x, const torch::Tensor& mask, const torch::Tensor& distance);

private:
    bool isNormalised_;
    double scale_;
    torch::nn::Linear q_ { nullptr };
    torch::nn::Linear k_ { nullptr };
    torch::nn::Linear v_ { nullptr };
    torch::nn::Linear o_ { nullptr };
    torch::Tensor alpha_;
};
TORCH_MODULE(Pel4vadTca);

// XEncoder: TCA, residual, LayerNorm, linear1 + GELU, linear2 + GELU. x [B, T, C] ->
// [B, outSize, T] and the fused attention [B, T, T].
class Pel4vadEncoderImpl : public torch::nn::Module {
public:
    explicit Pel4vadEncoderImpl(const Pel4vadOptions& options);
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    int64_t window_;
    Pel4vadTca selfAttention_ { nullptr };
    torch::nn::Conv1d linear1_ { nullptr };
    torch::nn::Conv1d linear2_ { nullptr };
    torch::nn::LayerNorm norm_ { nullptr };
    Pel4vadDistance distance_ { nullptr };
};
TORCH_MODULE(Pel4vadEncoder);

class Pel4vadImpl : public torch::nn::Module {
public:
    explicit Pel4vadImpl(const Pel4vadOptions& options = {});
    // features: [crops, steps, featureSize], all crops of one video (or span).
    Pel4vadOutput forward(const torch::Tensor& features);
    const Pel4vadOptions& options() const { return options_; }

private:
    Pel4vadOptions options_;
    Pel4vadEncoder encoder_ { nullptr };
    torch::nn::Conv1d classifier_ { nullptr };
};
TORCH_MODULE(Pel4vad);

std::vector<float> smoothPel4vadScores(
    const std::vector<float>& scores, const Pel4vadSmoothing& smoothing);

} // namespace vigil::models
