#include "models/urdmu.h"

#include <cmath>

namespace vigil::models {
namespace {

namespace nn = torch::nn;

// A holder with named children only, for the levels of UR-DMU's nesting that have no code of
// their own (PreNorm's "norm" and "fn", Temporal's "conv_1", ADCLS_head's "mlp").
std::shared_ptr<nn::Module> holder()
{
    return std::make_shared<nn::Module>();
}

void checkOptions(const UrdmuOptions& options)
{
    TORCH_CHECK(options.featureSize > 0 && options.dim > 0 && options.heads > 0
            && options.dimHead > 0 && options.mlpDim > 0 && options.headHidden > 0,
        "UR-DMU widths must be positive");
    // The explanation is the last layer's attention; the scores need both memories.
    TORCH_CHECK(options.depth > 0, "UR-DMU needs a transformer layer");
    TORCH_CHECK(
        options.anomalySlots > 0 && options.normalSlots > 0, "UR-DMU needs slots in both memories");
}

// translayer.py's attn2, the same for every video: exp(-|i - j| / e), divided by the row sums
// broadcast over the last axis as torch does there, so entry [i, j] is over the sum of row j
// (the columns sum to one, the rows do not). Division by e, not multiplication by 1/e: the
// latter differs from PyTorch by an ulp.
torch::Tensor positionalKernel(int64_t steps, const torch::TensorOptions& options)
{
    const torch::Tensor index = torch::arange(1, steps + 1, options);
    const torch::Tensor distance = (index.view({ 1, -1 }) - index.view({ -1, 1 })).abs();
    const torch::Tensor kernel = torch::exp(-distance / std::exp(1.0));
    return kernel / kernel.sum(-1);
}

} // namespace

UrdmuMemoryImpl::UrdmuMemoryImpl(int64_t slots, int64_t dim)
{
    // memory.py's initialisation; a checkpoint replaces it.
    const double bound = 1.0 / std::sqrt(static_cast<double>(dim));
    memory_
        = register_parameter("memory_block", torch::empty({ slots, dim }).uniform_(-bound, bound));
}

std::pair<torch::Tensor, torch::Tensor> UrdmuMemoryImpl::forward(const torch::Tensor& x)
{
    const double scale = std::sqrt(static_cast<double>(x.size(-1)));
    const torch::Tensor weights = torch::sigmoid(torch::matmul(x, memory_.t()) / scale);
    return { weights, torch::matmul(weights, memory_) };
}

UrdmuAttentionImpl::UrdmuAttentionImpl(int64_t dim, int64_t heads, int64_t dimHead)
    : heads_(heads)
    , scale_(1.0 / std::sqrt(static_cast<double>(dimHead)))
{
    const int64_t inner = heads * dimHead;
    // q, k, v and the positional branch's values t, in that order.
    toQkv_ = register_module("to_qkv", nn::Linear(nn::LinearOptions(dim, 4 * inner).bias(false)));
    // The dropout (0.5 in training) is the identity at inference; it keeps the index "0".
    toOut_
        = register_module("to_out", nn::Sequential(nn::Linear(2 * inner, dim), nn::Dropout(0.0)));
}

std::pair<torch::Tensor, torch::Tensor> UrdmuAttentionImpl::forward(const torch::Tensor& x)
{
    const int64_t batch = x.size(0);
    const int64_t steps = x.size(1);
    const std::vector<torch::Tensor> parts = toQkv_->forward(x).chunk(4, -1);
    // Channels are (head, d), head slowest ('b n (h d) -> b h n d'): [B, heads, T, d].
    const auto perHead = [&](const torch::Tensor& part) {
        return part.reshape({ batch, steps, heads_, -1 }).transpose(1, 2);
    };
    // Scaled after the product, as translayer.py does (scaling q first rounds differently).
    const torch::Tensor attention = torch::softmax(
        torch::matmul(perHead(parts[0]), perHead(parts[1]).transpose(-1, -2)) * scale_, -1);
    const torch::Tensor kernel = positionalKernel(steps, x.options());
    // Per head [content d, positional d], then heads: 'b h n d -> b n (h d)'.
    const torch::Tensor mixed = torch::cat(
        { torch::matmul(attention, perHead(parts[2])), torch::matmul(kernel, perHead(parts[3])) },
        -1);
    const torch::Tensor out = toOut_->forward(mixed.transpose(1, 2).reshape({ batch, steps, -1 }));
    return { out, attention.mean(std::vector<int64_t> { 0, 1 }) };
}

UrdmuLayerImpl::UrdmuLayerImpl(int64_t dim, int64_t heads, int64_t dimHead, int64_t mlpDim)
{
    attentionNorm_ = nn::LayerNorm(nn::LayerNormOptions({ dim })); // eps 1e-5, as torch's
    attention_ = UrdmuAttention(dim, heads, dimHead);
    auto attend = holder();
    attend->register_module("norm", attentionNorm_);
    attend->register_module("fn", attention_);
    register_module("0", attend);
    // FeedForward.net: "0" Linear, "1" GELU (erf), "2" Dropout, "3" Linear, "4" Dropout.
    feedForwardNorm_ = nn::LayerNorm(nn::LayerNormOptions({ dim }));
    feedForward_ = nn::Sequential(nn::Linear(dim, mlpDim), nn::GELU(), nn::Dropout(0.0),
        nn::Linear(mlpDim, dim), nn::Dropout(0.0));
    auto net = holder();
    net->register_module("net", feedForward_);
    auto feed = holder();
    feed->register_module("norm", feedForwardNorm_);
    feed->register_module("fn", net);
    register_module("1", feed);
}

std::pair<torch::Tensor, torch::Tensor> UrdmuLayerImpl::forward(torch::Tensor x)
{
    auto [mixed, attention] = attention_->forward(attentionNorm_->forward(x));
    x = mixed + x;
    return { feedForward_->forward(feedForwardNorm_->forward(x)) + x, attention };
}

UrdmuImpl::UrdmuImpl(const UrdmuOptions& options)
    : options_(options)
{
    checkOptions(options);
    const int64_t dim = options.dim;
    // Registered in model.py's order, so that parameters come in the state dict's order.
    embedding_ = nn::Sequential(
        nn::Conv1d(nn::Conv1dOptions(options.featureSize, dim, 3).padding(1)), nn::ReLU());
    auto temporal = holder();
    temporal->register_module("conv_1", embedding_);
    register_module("embedding", temporal);
    clsHead_ = nn::Sequential(nn::Linear(2 * dim, options.headHidden), nn::ReLU(),
        nn::Linear(options.headHidden, 1), nn::Sigmoid());
    auto head = holder();
    head->register_module("mlp", clsHead_);
    register_module("cls_head", head);
    anomalyMemory_ = register_module("Amemory", UrdmuMemory(options.anomalySlots, dim));
    normalMemory_ = register_module("Nmemory", UrdmuMemory(options.normalSlots, dim));
    nn::ModuleList layers;
    for (int64_t i = 0; i < options.depth; ++i) {
        layers_.emplace_back(dim, options.heads, options.dimHead, options.mlpDim);
        layers->push_back(layers_.back());
    }
    auto selfatt = holder();
    selfatt->register_module("layers", layers);
    register_module("selfatt", selfatt);
    encoderMu_ = register_module("encoder_mu", nn::Sequential(nn::Linear(dim, dim)));
    encoderVar_ = register_module("encoder_var", nn::Sequential(nn::Linear(dim, dim)));
}

UrdmuOutput UrdmuImpl::forward(const torch::Tensor& features)
{
    TORCH_CHECK(features.dim() == 3 && features.size(0) > 0 && features.size(1) > 0
            && features.size(2) == options_.featureSize,
        "UR-DMU expects [crops, steps, ", options_.featureSize, "], got ", features.sizes());
    // Each crop is its own sequence: nothing below mixes crops until the means at the end, so
    // one batch equals ucf_test.py's crop-by-crop runs.
    torch::Tensor x = embedding_->forward(features.transpose(1, 2)).transpose(1, 2);
    torch::Tensor attention;
    for (auto& layer : layers_)
        std::tie(x, attention) = layer->forward(x);
    auto [anomalyWeights, anomalyRead] = anomalyMemory_->forward(x);
    const torch::Tensor normalRead = normalMemory_->forward(x).second;
    // encoder_mu applies to each read apart: its bias counts twice in the sum.
    const torch::Tensor anomaly = encoderMu_->forward(anomalyRead);
    const torch::Tensor augmented
        = torch::cat({ x, anomaly + encoderMu_->forward(normalRead) }, -1);
    const torch::Tensor scores = clsHead_->forward(augmented).squeeze(2);
    // The magnitude UR-DMU's distance loss pushes up on anomalous steps.
    const torch::Tensor magnitudes = torch::linalg::vector_norm(anomaly, 2, { 2 }, false, {});
    // memory.py's temporal_att, which training fits to the labels: mean of the top k slots.
    const int64_t k = options_.anomalySlots / 16 + 1;
    const torch::Tensor memory = std::get<0>(torch::topk(anomalyWeights, k, -1)).mean(-1);
    return { scores.mean(0), magnitudes.mean(0), attention, memory.mean(0) };
}

} // namespace vigil::models
