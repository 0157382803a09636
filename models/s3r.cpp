#include "models/s3r.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

constexpr int64_t kGroups = 8; // S3R's GroupNorm(num_groups = 8)

// Conv1d, then GroupNorm (unless `norm` is false), then ReLU; "same" length output.
nn::Sequential convNormRelu(
    int64_t inputs, int64_t outputs, int64_t kernel, int64_t dilation, bool bias, bool norm)
{
    nn::Sequential block(nn::Conv1d(nn::Conv1dOptions(inputs, outputs, kernel)
                                        .dilation(dilation)
                                        .padding(dilation * (kernel / 2))
                                        .bias(bias)));
    if (norm)
        block->push_back(nn::GroupNorm(nn::GroupNormOptions(kGroups, outputs).eps(1e-5)));
    block->push_back(nn::ReLU());
    return block;
}

nn::Conv1d pointwise(int64_t inputs, int64_t outputs)
{
    return nn::Conv1d(nn::Conv1dOptions(inputs, outputs, 1));
}

// Linear, ReLU, Dropout, Linear, ReLU, Dropout, Linear: S3R's indices 0, 3 and 6. Dropout is
// the identity in eval mode; it keeps the indices of the state dict.
nn::Sequential classifier(int64_t features)
{
    return nn::Sequential(nn::Linear(features, features / 4), nn::ReLU(), nn::Dropout(0.7),
        nn::Linear(features / 4, features / 16), nn::ReLU(), nn::Dropout(0.7),
        nn::Linear(features / 16, 1), nn::Sigmoid());
}

// An empty module that only names the path to its child, as S3R's wrappers do.
template <typename Child>
Child registerUnder(nn::Module& parent, const std::vector<std::string>& path, Child child)
{
    nn::Module* at = &parent;
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        // Siblings share their wrappers (en_normal holds three embeddings).
        auto children = at->named_children();
        const auto* existing = children.find(path[i]);
        at = existing ? existing->get()
                      : at->register_module(path[i], std::make_shared<nn::Module>()).get();
    }
    return at->register_module(path.back(), child);
}

} // namespace

const std::vector<std::string>& s3rUnusedPrefixes()
{
    static const std::vector<std::string> prefixes { "video_projection.", "macro_projection.",
        "macro_classifier." };
    return prefixes;
}

S3rNonLocalImpl::S3rNonLocalImpl(int64_t channels)
{
    const int64_t inner = std::max<int64_t>(channels / 2, 1);
    value_ = register_module("value", pointwise(channels, inner));
    alter_ = register_module(
        "alter", nn::Sequential(pointwise(inner, channels), nn::BatchNorm1d(channels)));
    query_ = register_module("query", pointwise(channels, inner));
    key_ = register_module("key", pointwise(channels, inner));
}

std::pair<torch::Tensor, torch::Tensor> S3rNonLocalImpl::forward(const torch::Tensor& x)
{
    const torch::Tensor query = query_->forward(x).transpose(1, 2); // [B, T, inner]
    const torch::Tensor attention = torch::bmm(query, key_->forward(x)) / x.size(2);
    const torch::Tensor mixed = torch::bmm(attention, value_->forward(x).transpose(1, 2));
    return { alter_->forward(mixed.transpose(1, 2)) + x, attention };
}

S3rAggregateImpl::S3rAggregateImpl(int64_t features)
{
    const int64_t branch = features / 4;
    for (const int64_t dilation : { 1, 2, 4 })
        dilated_.push_back(register_module("conv_" + std::to_string(dilated_.size() + 1),
            convNormRelu(features, branch, 3, dilation, /*bias=*/true, /*norm=*/true)));
    conv4_ = register_module(
        "conv_4", convNormRelu(features, branch, 1, 1, /*bias=*/false, /*norm=*/false));
    conv5_ = register_module(
        "conv_5", convNormRelu(4 * branch, features, 3, 1, /*bias=*/false, /*norm=*/true));
    nonLocal_ = register_module("non_local", S3rNonLocal(branch));
}

std::pair<torch::Tensor, torch::Tensor> S3rAggregateImpl::forward(const torch::Tensor& x)
{
    const torch::Tensor channels = x.transpose(1, 2); // [B, F, T]
    std::vector<torch::Tensor> branches;
    for (auto& block : dilated_)
        branches.push_back(block->forward(channels));
    auto [local, attention] = nonLocal_->forward(conv4_->forward(channels));
    branches.push_back(local);
    const torch::Tensor fused = conv5_->forward(torch::cat(branches, 1)) + channels;
    return { fused.transpose(1, 2), attention };
}

S3rImpl::S3rImpl(const S3rOptions& options, torch::Tensor dictionary)
    : options_(options)
    , dictionary_(std::move(dictionary))
{
    const int64_t features = options.featureSize;
    TORCH_CHECK(
        dictionary_.dim() == 2 && dictionary_.size(0) > 0 && dictionary_.size(1) == features,
        "S3R's dictionary must be [atoms, ", features, "], got ", dictionary_.sizes());
    const std::vector<std::string> memory { "en_normal", "en_normal_module" };
    auto embedding = [&](const std::string& name, int64_t outputs) {
        std::vector<std::string> path = memory;
        path.push_back(name);
        return registerUnder(*this, path, nn::Linear(features, outputs));
    };
    queryEmbedding_ = embedding("query_embedding", features / 4);
    cacheEmbedding_ = embedding("cache_embedding", features / 4);
    valueEmbedding_ = embedding("value_embedding", features);
    // S3R's Sequential(Aggregate, Dropout): index 0 names the block.
    videoAggregate_ = registerUnder(*this, { "video_embedding", "0" }, S3rAggregate(features));
    macroAggregate_ = registerUnder(*this, { "macro_embedding", "0" }, S3rAggregate(features));
    gate_ = registerUnder(*this, { "de_normal", "channel_attention", "channel_gate", "mlp" },
        nn::Sequential(nn::Flatten(), nn::Linear(features, features / 16), nn::ReLU(),
            nn::Linear(features / 16, features)));
    classifier_ = register_module("video_classifier", classifier(features));
}

torch::Tensor S3rImpl::enNormal(const torch::Tensor& video)
{
    // Each crop-step on its own: a softmax over the atoms (S3R's shrinkage threshold is 0).
    const torch::Tensor keys = cacheEmbedding_->forward(dictionary_); // [S, D]
    const torch::Tensor affinity
        = torch::matmul(queryEmbedding_->forward(video), keys.t()).softmax(-1); // [N, T, S]
    return torch::matmul(affinity, valueEmbedding_->forward(dictionary_)); // [N, T, C]
}

torch::Tensor S3rImpl::deNormal(const torch::Tensor& video, const torch::Tensor& macro)
{
    // Average pooling over all steps, the video's minus the macro's, gates each channel.
    const torch::Tensor residual = video.mean(1) - macro.mean(1); // [N, C]
    return video * torch::sigmoid(gate_->forward(residual)).unsqueeze(1);
}

S3rOutput S3rImpl::forward(const torch::Tensor& features)
{
    TORCH_CHECK(features.dim() == 3 && features.size(0) > 0 && features.size(1) > 0
            && features.size(2) == options_.featureSize,
        "S3R expects [crops, steps, ", options_.featureSize, "], got ", features.sizes());
    const torch::Tensor macro = enNormal(features);
    auto [video, attention] = videoAggregate_->forward(features);
    const torch::Tensor embeddedMacro = macroAggregate_->forward(macro).first;
    const torch::Tensor gated = deNormal(video, embeddedMacro);
    const torch::Tensor scores = classifier_->forward(gated).squeeze(2);
    const torch::Tensor magnitudes = torch::linalg::vector_norm(gated, 2, { 2 }, false, {});
    return { scores.mean(0), magnitudes.mean(0), attention.mean(0) };
}

} // namespace vigil::models
