#include "models/i3d_inception.h"

#include "core/common/cancellation.h"
#include "models/detail/batch_norm_folding.h"
#include "models/state_dict_loader.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace vigil::models {
namespace {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

using Triple = std::array<int64_t, 3>;

struct MixedSpec {
    const char* name; // piergiaj's; UR-DMU's is the same with a lower-case 'm'
    int64_t inChannels;
    std::array<int64_t, 6> widths;
    int64_t poolBefore; // 0, or the cubic kernel of a stride-2 max pool in front of the block
};

// DeepMind's Inception-v1 I3D, Mixed_3b to Mixed_5c.
const std::array<MixedSpec, 9> kMixed { {
    { "Mixed_3b", 192, { 64, 96, 128, 16, 32, 32 }, 0 },
    { "Mixed_3c", 256, { 128, 128, 192, 32, 96, 64 }, 0 },
    { "Mixed_4b", 480, { 192, 96, 208, 16, 48, 64 }, 3 }, // MaxPool3d_4a_3x3
    { "Mixed_4c", 512, { 160, 112, 224, 24, 64, 64 }, 0 },
    { "Mixed_4d", 512, { 128, 128, 256, 24, 64, 64 }, 0 },
    { "Mixed_4e", 512, { 112, 144, 288, 32, 64, 64 }, 0 },
    { "Mixed_4f", 528, { 256, 160, 320, 32, 128, 128 }, 0 },
    { "Mixed_5b", 832, { 256, 160, 320, 32, 128, 128 }, 2 }, // MaxPool3d_5a_2x2
    { "Mixed_5c", 832, { 384, 192, 384, 48, 128, 128 }, 0 },
} };

// TF "SAME" as pytorch_i3d.py computes it from the input's size, per dimension: the output is
// ceil(size / stride) long, so the total padding is max(k - s, 0) where s divides the size and
// max(k - size % s, 0) otherwise; the front gets half, rounded down, the back the rest. Zeros
// for the max pools too: their inputs are ReLU outputs, so zero is as good as -infinity.
torch::Tensor padSame(const torch::Tensor& x, const Triple& kernel, const Triple& stride)
{
    std::vector<int64_t> pad(6, 0); // F::pad's order: last dimension first (w, h, t)
    bool isPadded = false;
    for (size_t d = 0; d < 3; ++d) {
        const int64_t size = x.size(static_cast<int64_t>(d) + 2);
        const int64_t rest = size % stride[d];
        const int64_t total = std::max<int64_t>(kernel[d] - (rest == 0 ? stride[d] : rest), 0);
        pad[2 * (2 - d)] = total / 2;
        pad[2 * (2 - d) + 1] = total - total / 2;
        isPadded = isPadded || total > 0;
    }
    return isPadded ? F::pad(x, F::PadFuncOptions(pad)) : x;
}

// LibTorch 1.13 has no bfloat16 max_pool3d on the CPU: pooled in float32 and rounded back,
// which gives the same values (a max picks one of its inputs).
torch::Tensor maxPoolSame(const torch::Tensor& x, const Triple& kernel, const Triple& stride)
{
    const torch::Tensor padded = padSame(x, kernel, stride);
    if (padded.scalar_type() != torch::kBFloat16)
        return torch::max_pool3d(padded, kernel, stride);
    return torch::max_pool3d(padded.to(torch::kFloat), kernel, stride).to(torch::kBFloat16);
}

constexpr Triple kOne { 1, 1, 1 };
constexpr Triple kCube { 3, 3, 3 };

} // namespace

double i3dInceptionBatchNormEps(I3dInceptionLayout layout)
{
    return layout == I3dInceptionLayout::Piergiaj ? 1e-3 : 1e-5;
}

double i3dInceptionBatchNormMomentum(I3dInceptionLayout layout)
{
    return layout == I3dInceptionLayout::Piergiaj ? 0.01 : 0.1;
}

I3dUnitImpl::I3dUnitImpl(int64_t in, int64_t out, Triple kernel, Triple stride,
    I3dInceptionLayout layout, InitialWeights initial)
    : kernel_(kernel)
    , stride_(stride)
{
    // Padding 0 here: padSame pads each input as its size needs.
    conv3d_ = register_module("conv3d",
        detail::makeConvolution<nn::Conv3d>(
            nn::Conv3dOptions(in, out, { kernel[0], kernel[1], kernel[2] })
                .stride({ stride[0], stride[1], stride[2] })
                .bias(false),
            initial));
    bn_ = register_module("bn",
        nn::BatchNorm3d(nn::BatchNorm3dOptions(out)
                            .eps(i3dInceptionBatchNormEps(layout))
                            .momentum(i3dInceptionBatchNormMomentum(layout))));
}

torch::Tensor I3dUnitImpl::forward(const torch::Tensor& x)
{
    torch::Tensor out = conv3d_->forward(padSame(x, kernel_, stride_));
    // Without BatchNorm (folded) the convolution's output is fresh, so ReLU runs in place.
    return (bn_ ? bn_->forward(out) : out).relu_();
}

void I3dUnitImpl::foldBatchNorm()
{
    if (!bn_)
        return;
    conv3d_ = replace_module("conv3d", detail::foldedConvolution(conv3d_, bn_));
    unregister_module("bn");
    bn_ = nullptr;
}

I3dMixedImpl::I3dMixedImpl(int64_t in, const std::array<int64_t, 6>& widths,
    I3dInceptionLayout layout, InitialWeights initial)
{
    const auto unit = [&](const char* name, int64_t from, int64_t to, const Triple& kernel) {
        return register_module(name, I3dUnit(from, to, kernel, kOne, layout, initial));
    };
    b0_ = unit("b0", in, widths[0], kOne);
    b1a_ = unit("b1a", in, widths[1], kOne);
    b1b_ = unit("b1b", widths[1], widths[2], kCube);
    b2a_ = unit("b2a", in, widths[3], kOne);
    b2b_ = unit("b2b", widths[3], widths[4], kCube);
    b3b_ = unit("b3b", in, widths[5], kOne); // b3a, the max pool, has no weights
}

torch::Tensor I3dMixedImpl::forward(const torch::Tensor& x)
{
    return torch::cat(
        { b0_->forward(x), b1b_->forward(b1a_->forward(x)), b2b_->forward(b2a_->forward(x)),
            b3b_->forward(maxPoolSame(x, kCube, kOne)) },
        1);
}

void I3dMixedImpl::foldBatchNorm()
{
    for (auto* unit : { &b0_, &b1a_, &b1b_, &b2a_, &b2b_, &b3b_ })
        (*unit)->foldBatchNorm();
}

I3dInceptionImpl::I3dInceptionImpl(I3dInceptionLayout layout, InitialWeights initial)
    : layout_(layout)
{
    // Triple spelled out: ModuleHolder forwards its arguments, and a braced list has no type.
    conv1a_ = register_module(
        "Conv3d_1a_7x7", I3dUnit(3, 64, Triple { 7, 7, 7 }, Triple { 2, 2, 2 }, layout, initial));
    conv2b_ = register_module("Conv3d_2b_1x1", I3dUnit(64, 64, kOne, kOne, layout, initial));
    conv2c_ = register_module("Conv3d_2c_3x3", I3dUnit(64, 192, kCube, kOne, layout, initial));
    for (const MixedSpec& spec : kMixed)
        mixed_.push_back(
            register_module(spec.name, I3dMixed(spec.inChannels, spec.widths, layout, initial)));
}

torch::Tensor I3dInceptionImpl::forward(const torch::Tensor& clips)
{
    TORCH_CHECK(clips.dim() == 5 && clips.size(1) == 3,
        "I3dInception expects [batch, 3, frames, height, width], got ", clips.sizes());
    constexpr Triple kStemPool { 1, 3, 3 }, kStemStride { 1, 2, 2 }; // MaxPool3d_2a, _3a
    torch::Tensor x = maxPoolSame(conv1a_->forward(clips), kStemPool, kStemStride);
    x = maxPoolSame(conv2c_->forward(conv2b_->forward(x)), kStemPool, kStemStride);
    for (size_t i = 0; i < mixed_.size(); ++i) {
        // One block is a tenth of a forward pass: Cancel stops within a fraction of a second.
        throwIfCurrentRunCancelled();
        const int64_t pool = kMixed[i].poolBefore;
        if (pool != 0)
            x = maxPoolSame(x, { pool, pool, pool }, { 2, 2, 2 });
        x = mixed_[i]->forward(x);
    }
    // In float32: a bfloat16 sum of 98 values would round.
    x = torch::avg_pool3d(x.to(torch::kFloat), { 2, 7, 7 }, { 1, 1, 1 });
    // i3d_extract.py reads [:, :, 0, 0, 0]; a larger pool would be features of no snippet the
    // detectors saw, so it is refused rather than cut.
    TORCH_CHECK(x.size(2) == 1 && x.size(3) == 1 && x.size(4) == 1, "I3dInception: ", clips.sizes(),
        " pools to ", x.sizes(), "; it takes 9..16 frames of 193..224 pixels");
    return x.flatten(1);
}

void I3dInceptionImpl::foldBatchNorm()
{
    for (auto* unit : { &conv1a_, &conv2b_, &conv2c_ })
        (*unit)->foldBatchNorm();
    for (auto& block : mixed_)
        block->foldBatchNorm();
}

namespace {

// UR-DMU's unit names -> piergiaj's: the stem, and the six units of a block (i3dpt.py keeps a
// branch's units in a Sequential, so branch_1.0 is the 1x1 and branch_1.1 the 3x3x3;
// branch_3.0 is the pool).
const std::array<std::pair<const char*, const char*>, 3> kStems { {
    { "conv3d_1a_7x7", "Conv3d_1a_7x7" },
    { "conv3d_2b_1x1", "Conv3d_2b_1x1" },
    { "conv3d_2c_3x3", "Conv3d_2c_3x3" },
} };
const std::array<std::pair<const char*, const char*>, 6> kBranches { {
    { "branch_0", "b0" },
    { "branch_1.0", "b1a" },
    { "branch_1.1", "b1b" },
    { "branch_2.0", "b2a" },
    { "branch_2.1", "b2b" },
    { "branch_3.1", "b3b" },
} };
const std::array<const char*, 5> kNormFields { "weight", "bias", "running_mean", "running_var",
    "num_batches_tracked" };

// Every key of i3dpt.py's I3D (344 with num_batches_tracked) and its piergiaj name.
std::unordered_map<std::string, std::string> buildUrdmuNames()
{
    std::unordered_map<std::string, std::string> names;
    const auto addUnit = [&](const std::string& urdmu, const std::string& piergiaj) {
        names.emplace(urdmu + ".conv3d.weight", piergiaj + ".conv3d.weight");
        for (const char* field : kNormFields) // batch3d is i3dpt.py's name for the BatchNorm
            names.emplace(urdmu + ".batch3d." + field, piergiaj + ".bn." + field);
    };
    for (const auto& [urdmu, piergiaj] : kStems)
        addUnit(urdmu, piergiaj);
    for (const MixedSpec& spec : kMixed) {
        const std::string block = spec.name;
        const std::string urdmuBlock = "m" + block.substr(1); // Mixed_4c -> mixed_4c
        for (const auto& [urdmu, piergiaj] : kBranches)
            addUnit(urdmuBlock + "." + urdmu, block + "." + piergiaj);
    }
    // The Kinetics classifier: a biased 1x1x1 convolution without BatchNorm.
    names.emplace("conv3d_0c_1x1.conv3d.weight", "logits.conv3d.weight");
    names.emplace("conv3d_0c_1x1.conv3d.bias", "logits.conv3d.bias");
    return names;
}

} // namespace

std::optional<std::string> i3dInceptionNameFromUrdmu(const std::string& urdmuName)
{
    static const std::unordered_map<std::string, std::string> names = buildUrdmuNames();
    const auto found = names.find(urdmuName);
    return found == names.end() ? std::nullopt : std::optional(found->second);
}

std::optional<I3dInceptionLayout> i3dInceptionLayoutOf(const StateDict& dict)
{
    for (const auto& entry : dict) {
        if (entry.first == "Conv3d_1a_7x7.conv3d.weight")
            return I3dInceptionLayout::Piergiaj;
        if (entry.first == "conv3d_1a_7x7.conv3d.weight")
            return I3dInceptionLayout::Urdmu;
    }
    return std::nullopt;
}

StateDict i3dInceptionStateDict(
    const torch::nn::Module& network, StateDict dict, I3dInceptionLayout layout)
{
    if (layout == I3dInceptionLayout::Urdmu)
        for (auto& entry : dict)
            if (auto renamed = i3dInceptionNameFromUrdmu(entry.first))
                entry.first = std::move(*renamed);
    return withBatchCounts(network, std::move(dict));
}

} // namespace vigil::models
