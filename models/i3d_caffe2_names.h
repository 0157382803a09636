#pragma once
// How Facebook's Caffe2 I3D-ResNet-50 (video-nonlocal-net's i3d_baseline_32x2_IN_pretrain_400k.pkl)
// names its blobs, and the I3dResNet50 state dict made from them. Caffe2 stores convolutions
// as [out, in, t, h, w], the layout of LibTorch's Conv3d, so blobs are used as they are.
// Pure functions: any thread may call them. Throws vigil::ModelError.

#include "models/state_dict_reader.h"

#include <torch/nn/module.h>

#include <optional>
#include <string>

namespace vigil::models {

// The blob that holds an I3dResNet50 parameter or buffer: "conv1.weight" -> "conv1_w",
// "bn1.running_var" -> "res_conv1_bn_riv" (riv is the running variance),
// "layer1.0.conv1.weight" -> "res2_0_branch2a_w", "layer3.2.bn3.bias" -> "res4_2_branch2c_bn_b",
// "layer2.0.downsample.1.running_mean" -> "res3_0_branch1_bn_rm". nullopt for a name without a
// blob: num_batches_tracked, which Caffe2 does not keep, and names outside the network.
std::optional<std::string> i3dCaffe2BlobName(const std::string& parameterName);

// The state dict of `network` (an I3dResNet50) held in Caffe2 blobs: every parameter and buffer
// from its blob, shape checked, and every num_batches_tracked (unused in inference) as zero.
// The blobs the network does not use ("..._momentum", "lr", "model_iter", "pred_*") follow
// under their own names, so loadStateDict lists them as ignored keys. A missing blob or a wrong
// shape is a ModelError naming the blob and the parameter, `source` first.
StateDict i3dStateDictFromCaffe2(
    const torch::nn::Module& network, StateDict blobs, const std::string& source);

} // namespace vigil::models
