#pragma once
// S3R's detector (Wu et al., "Self-Supervised Sparse Representation for Video Anomaly
// Detection", ECCV 2022; GitHub louisYen/S3R), inference only. enNormal: each crop-step of the
// video attends (softmax) over a dictionary of normal-pattern atoms and is rebuilt from their
// value embeddings; two Aggregate blocks (RTFM's, normalised by GroupNorm(8) before the ReLU)
// embed the video and that rebuilt "macro" video; deNormal gates the video's channels by
// sigmoid(mlp(mean_t video - mean_t macro)); the classifier scores each step. Parameter names
// match S3R's state dicts ("en_normal.en_normal_module.query_embedding.weight", ...,
// "video_classifier.6.bias"). Left out: the training-only top-k selection, the macro classifier
// (a video-level score for a loss) and the projections its forward never uses; the loader drops
// their tensors. The dictionary is a separate file (its dataset's .npy), so it is a tensor given
// to the network, not one of its parameters. Architecture only, no file I/O. Immutable after
// loading; forward() in eval mode is thread-compatible.
// scripts/make_s3r_golden.py is the PyTorch definition it is checked against.

#include <torch/torch.h>

#include <string>
#include <vector>

namespace vigil::models {

// The published width; every inner width follows from it as in S3R (a quarter for the
// Aggregate branches and the attention embeddings, a sixteenth for the gate and the classifier).
// Tests reduce it (a multiple of 32, for GroupNorm's 8 groups) so that checkpoints are tiny.
struct S3rOptions {
    int64_t featureSize = 2048;
};

struct S3rOutput {
    torch::Tensor scores; // [steps]: sigmoid per step, mean over crops
    torch::Tensor magnitudes; // [steps]: L2 norm of each gated crop-step, mean over crops
    torch::Tensor attention; // [steps, steps]: the video Aggregate's non-local f / steps
};

// The state-dict prefixes of S3R's training-only modules (see above).
const std::vector<std::string>& s3rUnusedPrefixes();

// RTFM's non-local block under S3R's names (value, query, key, alter): attention over all
// steps divided by their number, a BatchNorm'd projection and a residual.
class S3rNonLocalImpl : public torch::nn::Module {
public:
    explicit S3rNonLocalImpl(int64_t channels);
    // x: [B, channels, T]; returns [B, channels, T] and the attention [B, T, T].
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    torch::nn::Conv1d value_ { nullptr };
    torch::nn::Conv1d query_ { nullptr };
    torch::nn::Conv1d key_ { nullptr };
    torch::nn::Sequential alter_ { nullptr };
};
TORCH_MODULE(S3rNonLocal);

class S3rAggregateImpl : public torch::nn::Module {
public:
    explicit S3rAggregateImpl(int64_t features);
    // x: [B, T, features]; returns [B, T, features] and the non-local attention.
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);

private:
    std::vector<torch::nn::Sequential> dilated_; // conv_1..conv_3: dilations 1, 2, 4
    torch::nn::Sequential conv4_ { nullptr };
    torch::nn::Sequential conv5_ { nullptr };
    S3rNonLocal nonLocal_ { nullptr };
};
TORCH_MODULE(S3rAggregate);

class S3rImpl : public torch::nn::Module {
public:
    // dictionary: [atoms, featureSize], the normal atoms S3R's dataset loads beside the video.
    S3rImpl(const S3rOptions& options, torch::Tensor dictionary);
    // features: [crops, steps, featureSize], all crops of one video.
    S3rOutput forward(const torch::Tensor& features);
    const S3rOptions& options() const { return options_; }

private:
    torch::Tensor enNormal(const torch::Tensor& video); // the video rebuilt from the atoms
    torch::Tensor deNormal(const torch::Tensor& video, const torch::Tensor& macro);

    S3rOptions options_;
    torch::Tensor dictionary_;
    torch::nn::Linear queryEmbedding_ { nullptr };
    torch::nn::Linear cacheEmbedding_ { nullptr };
    torch::nn::Linear valueEmbedding_ { nullptr };
    S3rAggregate videoAggregate_ { nullptr };
    S3rAggregate macroAggregate_ { nullptr };
    torch::nn::Sequential gate_ { nullptr };
    torch::nn::Sequential classifier_ { nullptr };
};
TORCH_MODULE(S3r);

} // namespace vigil::models
