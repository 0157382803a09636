#include "models/mgfn.h"

#include <cmath>

namespace vigil::models {
namespace {

namespace nn = torch::nn;

// option.py's mag_ratio: how much of the magnitude channel's tokens is added to the features'.
constexpr double kMagRatio = 0.1;
// The focus block's local_aggr_kernel: five neighbouring steps.
constexpr int64_t kFocusKernel = 5;
// FeedForward's hidden width is this multiple of the stage's (ff_repe).
constexpr int64_t kFeedForwardMultiple = 4;

nn::Conv1d pointwise(int64_t inputs, int64_t outputs, bool bias = true)
{
    return nn::Conv1d(nn::Conv1dOptions(inputs, outputs, 1).bias(bias));
}

nn::Conv1d sameLength(int64_t inputs, int64_t outputs)
{
    return nn::Conv1d(nn::Conv1dOptions(inputs, outputs, 3).padding(1));
}

// The indices are the state dict's: "0" norm, "1" conv, "2" GELU, "3" dropout, "4" conv. The
// dropout is the identity at inference; it stays so that the numbering matches.
nn::Sequential feedForward(int64_t channels)
{
    const int64_t hidden = kFeedForwardMultiple * channels;
    return nn::Sequential(MgfnChannelNorm(channels), pointwise(channels, hidden), nn::GELU(),
        nn::Dropout(0.0), pointwise(hidden, channels));
}

void checkOptions(const MgfnOptions& options)
{
    const size_t stages = options.dims.size();
    TORCH_CHECK(stages > 0 && options.depths.size() == stages && options.blocks.size() == stages,
        "MGFN needs as many depths and blocks as stage widths");
    bool hasGlance = false;
    for (size_t i = 0; i < stages; ++i) {
        TORCH_CHECK(options.dims[i] > 0 && options.dims[i] % options.dimHead == 0,
            "MGFN stage widths must be multiples of the head width ", options.dimHead);
        hasGlance = hasGlance || (options.blocks[i] == MgfnBlock::Glance && options.depths[i] > 0);
    }
    // The explanation is the last glance layer's attention.
    TORCH_CHECK(hasGlance, "MGFN needs a glance layer");
}

} // namespace

MgfnChannelNormImpl::MgfnChannelNormImpl(int64_t channels)
{
    g_ = register_parameter("g", torch::ones({ 1, channels, 1 }));
    b_ = register_parameter("b", torch::zeros({ 1, channels, 1 }));
}

torch::Tensor MgfnChannelNormImpl::forward(const torch::Tensor& x)
{
    constexpr double kEpsilon = 1e-5;
    const torch::Tensor deviation = torch::var(x, 1, /*unbiased=*/false, /*keepdim=*/true).sqrt();
    const torch::Tensor mean = torch::mean(x, 1, /*keepdim=*/true);
    return (x - mean) / (deviation + kEpsilon) * g_ + b_;
}

MgfnGlanceImpl::MgfnGlanceImpl(int64_t channels, int64_t heads, int64_t dimHead)
    : heads_(heads)
    , scale_(1.0 / std::sqrt(static_cast<double>(dimHead)))
{
    norm_ = register_module("norm", MgfnChannelNorm(channels));
    toQkv_ = register_module("to_qkv", pointwise(channels, 3 * heads * dimHead, /*bias=*/false));
    toOut_ = register_module("to_out", pointwise(heads * dimHead, channels));
}

std::pair<torch::Tensor, torch::Tensor> MgfnGlanceImpl::forward(const torch::Tensor& x)
{
    const int64_t batch = x.size(0);
    const int64_t steps = x.size(2);
    const std::vector<torch::Tensor> qkv = toQkv_->forward(norm_->forward(x)).chunk(3, 1);
    // Channels are (head, d), head slowest: [B, heads, T, d].
    const auto perHead = [&](const torch::Tensor& part) {
        return part.reshape({ batch, heads_, -1, steps }).transpose(2, 3);
    };
    const torch::Tensor query = perHead(qkv[0]) * scale_;
    torch::Tensor attention
        = torch::softmax(torch::matmul(query, perHead(qkv[1]).transpose(2, 3)), -1);
    const torch::Tensor mixed = torch::matmul(attention, perHead(qkv[2]));
    const torch::Tensor out = toOut_->forward(mixed.transpose(2, 3).reshape({ batch, -1, steps }));
    return { out, attention.mean(std::vector<int64_t> { 0, 1 }) };
}

MgfnFocusImpl::MgfnFocusImpl(int64_t channels, int64_t heads, int64_t dimHead)
    : heads_(heads)
{
    norm_ = register_module("norm", nn::BatchNorm1d(channels));
    toV_ = register_module("to_v", pointwise(channels, heads * dimHead, /*bias=*/false));
    relPos_ = register_module("rel_pos",
        nn::Conv1d(
            nn::Conv1dOptions(heads, heads, kFocusKernel).padding(kFocusKernel / 2).groups(heads)));
    toOut_ = register_module("to_out", pointwise(heads * dimHead, channels));
}

torch::Tensor MgfnFocusImpl::forward(const torch::Tensor& x)
{
    const int64_t batch = x.size(0);
    const int64_t steps = x.size(2);
    // Channels are (c, head), head fastest: each head's kernel slides over its channels alone.
    const torch::Tensor values = toV_->forward(norm_->forward(x)).reshape({ -1, heads_, steps });
    return toOut_->forward(relPos_->forward(values).reshape({ batch, -1, steps }));
}

MgfnLayerImpl::MgfnLayerImpl(int64_t channels, MgfnBlock block, int64_t heads, int64_t dimHead)
{
    shortConv_ = register_module("0", sameLength(channels, channels));
    if (block == MgfnBlock::Glance)
        glance_ = register_module("1", MgfnGlance(channels, heads, dimHead));
    else
        focus_ = register_module("1", MgfnFocus(channels, heads, dimHead));
    feedForward_ = register_module("2", feedForward(channels));
}

std::pair<torch::Tensor, torch::Tensor> MgfnLayerImpl::forward(torch::Tensor x)
{
    x = shortConv_->forward(x) + x;
    torch::Tensor attention;
    if (glance_) {
        auto [mixed, attended] = glance_->forward(x);
        x = mixed + x;
        attention = attended;
    } else {
        x = focus_->forward(x) + x;
    }
    return { feedForward_->forward(x) + x, attention };
}

MgfnImpl::MgfnImpl(const MgfnOptions& options)
    : options_(options)
{
    checkOptions(options);
    const std::vector<int64_t>& dims = options.dims;
    toTokens_ = register_module("to_tokens", sameLength(options.featureSize, dims.front()));
    toMag_ = register_module("to_mag", sameLength(1, dims.front()));
    // "stages.i.0.layers.j" and "stages.i.1": nested lists as in MGFN, typed copies kept here.
    nn::ModuleList stages;
    for (size_t i = 0; i < dims.size(); ++i) {
        nn::ModuleList layers;
        stages_.emplace_back();
        for (int64_t j = 0; j < options.depths[i]; ++j) {
            stages_.back().emplace_back(
                dims[i], options.blocks[i], dims[i] / options.dimHead, options.dimHead);
            layers->push_back(stages_.back().back());
        }
        auto backbone = std::make_shared<nn::Module>();
        backbone->register_module("layers", layers);
        nn::ModuleList stage;
        stage->push_back(backbone);
        if (i + 1 < dims.size()) {
            between_.emplace_back(MgfnChannelNorm(dims[i]), pointwise(dims[i], dims[i + 1]));
            stage->push_back(between_.back());
        }
        stages->push_back(stage);
    }
    register_module("stages", stages);
    // MGFN wraps its LayerNorm in a Sequential: "to_logits.0.weight".
    toLogits_ = nn::LayerNorm(nn::LayerNormOptions({ dims.back() }));
    register_module("to_logits", nn::Sequential(toLogits_));
    fc_ = register_module("fc", nn::Linear(dims.back(), 1));
}

MgfnOutput MgfnImpl::forward(const torch::Tensor& features)
{
    TORCH_CHECK(features.dim() == 3 && features.size(0) > 0 && features.size(1) > 0
            && features.size(2) == options_.featureSize,
        "MGFN expects [crops, steps, ", options_.featureSize, "], got ", features.sizes());
    // The magnitude channel MGFN's dataset appends at test time: each crop-step's L2 norm.
    const torch::Tensor magnitude
        = torch::linalg::vector_norm(features, 2, { 2 }, /*keepdim=*/true, {}).transpose(1, 2);
    torch::Tensor x
        = toTokens_->forward(features.transpose(1, 2)) + kMagRatio * toMag_->forward(magnitude);
    torch::Tensor attention;
    for (size_t i = 0; i < stages_.size(); ++i) {
        for (auto& layer : stages_[i]) {
            auto [out, attended] = layer->forward(x);
            x = out;
            if (attended.defined())
                attention = attended;
        }
        if (i < between_.size())
            x = between_[i]->forward(x);
    }
    const torch::Tensor tokens = toLogits_->forward(x.transpose(1, 2)); // [crops, T, C]
    const torch::Tensor scores = torch::sigmoid(fc_->forward(tokens)).squeeze(2);
    // MSNSD's feature magnitude, the quantity MGFN's magnitude-contrastive loss separates.
    const torch::Tensor magnitudes = torch::linalg::vector_norm(tokens, 2, { 2 }, false, {});
    return { scores.mean(0), magnitudes.mean(0), attention };
}

} // namespace vigil::models
