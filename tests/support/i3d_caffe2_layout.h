#pragma once
// The blobs of Facebook's Caffe2 I3D-ResNet-50 (i3d_baseline_32x2_IN_pretrain_400k.pkl), names
// and shapes, spelled out from PROTOCOL.md section 1 without LibTorch, so integration tests can
// write a full-size file in the real format (tests/support/caffe2_pickle.h) for the real vigil.

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace vigil::test {

using BlobShapes = std::vector<std::pair<std::string, std::vector<int64_t>>>;

inline void addConvolutionAndBatchNorm(BlobShapes& blobs, const std::string& stem,
    const std::string& batchNormStem, std::vector<int64_t> kernel)
{
    const auto channels = kernel.front();
    blobs.emplace_back(stem + "_w", std::move(kernel));
    for (const char* suffix : { "_s", "_b", "_rm", "_riv" })
        blobs.emplace_back(batchNormStem + suffix, std::vector<int64_t> { channels });
}

// Every blob the network uses: conv1_w, res_conv1_bn_*, then resN_i_branch2{a,b,c} and the
// first block's branch1, each convolution followed by its _bn_{s,b,rm,riv}.
inline BlobShapes i3dCaffe2BlobShapes()
{
    BlobShapes blobs;
    addConvolutionAndBatchNorm(blobs, "conv1", "res_conv1_bn", { 64, 3, 5, 7, 7 });
    const std::array<std::vector<bool>, 4> temporal
        = { { { 1, 1, 1 }, { 1, 0, 1, 0 }, { 1, 0, 1, 0, 1, 0 }, { 0, 1, 0 } } };
    int64_t inPlanes = 64;
    for (size_t stage = 0; stage < temporal.size(); ++stage) {
        const int64_t planes = int64_t { 64 } << stage;
        for (size_t block = 0; block < temporal[stage].size(); ++block) {
            const auto name = "res" + std::to_string(stage + 2) + "_" + std::to_string(block) + "_";
            const int64_t kt = temporal[stage][block] ? 3 : 1;
            addConvolutionAndBatchNorm(
                blobs, name + "branch2a", name + "branch2a_bn", { planes, inPlanes, kt, 1, 1 });
            addConvolutionAndBatchNorm(
                blobs, name + "branch2b", name + "branch2b_bn", { planes, planes, 1, 3, 3 });
            addConvolutionAndBatchNorm(
                blobs, name + "branch2c", name + "branch2c_bn", { 4 * planes, planes, 1, 1, 1 });
            if (block == 0)
                addConvolutionAndBatchNorm(blobs, name + "branch1", name + "branch1_bn",
                    { 4 * planes, inPlanes, 1, 1, 1 });
            inPlanes = 4 * planes;
        }
    }
    return blobs;
}

} // namespace vigil::test
