#pragma once
// The integer formula that scripts/make_backbone_goldens.py uses for its weights and inputs,
// reproduced bit for bit, so the goldens in tests/data/backbones/ hold for any file that carries
// these weights: tests write them in each published format and compare the features.

#include "tests/support/test_paths.h"

#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <string>

namespace vigil::test {

inline uint32_t fnv1a(const std::string& text)
{
    uint32_t value = 0x811C9DC5u;
    for (unsigned char byte : text)
        value = (value ^ byte) * 0x01000193u;
    return value;
}

inline torch::Tensor formulaValues(int64_t count, uint32_t seed)
{
    torch::Tensor values = torch::empty({ count }, torch::kFloat32);
    float* data = values.data_ptr<float>();
    for (int64_t i = 0; i < count; ++i) {
        const uint64_t mixed = (static_cast<uint64_t>(i) * 2654435761ull + seed) % (1ull << 32);
        data[i] = static_cast<float>(static_cast<int64_t>(mixed % 2001) - 1000) / 1000.0f;
    }
    return values;
}

// Every floating-point parameter and buffer of `module`, set as the script sets it from its
// name: matrices uniform in +-sqrt(3 / fan_in), BatchNorm weights near 1, running variances in
// [1, 1.5], the rest small.
inline void fillLikeTheScript(torch::nn::Module& module)
{
    torch::NoGradGuard noGrad;
    auto fillOne = [](const std::string& name, torch::Tensor& tensor) {
        if (!tensor.is_floating_point())
            return;
        const torch::Tensor u = formulaValues(tensor.numel(), fnv1a(name)).view(tensor.sizes());
        const std::string leaf = name.substr(name.rfind('.') + 1);
        if (tensor.dim() > 1) {
            const auto scale = static_cast<float>(
                std::sqrt(3.0 / static_cast<double>(tensor.numel() / tensor.size(0))));
            tensor.copy_(u * scale);
        } else if (leaf == "weight") {
            tensor.copy_(1.0 + 0.1 * u);
        } else if (leaf == "running_var") {
            tensor.copy_(1.0 + 0.25 * (u + 1.0));
        } else {
            tensor.copy_(0.1 * u);
        }
    };
    for (auto& item : module.named_parameters())
        fillOne(item.key(), item.value());
    for (auto& item : module.named_buffers())
        fillOne(item.key(), item.value());
}

// The goldens' input tensors: I3D [1, 3, 16, 64, 64], ResNet-50 [2, 3, 64, 64].
inline torch::Tensor formulaInput(std::vector<int64_t> shape)
{
    int64_t count = 1;
    for (const auto size : shape)
        count *= size;
    return formulaValues(count, 12345).view(shape);
}

// A golden feature file of tests/data/backbones/, float32 in C order.
inline torch::Tensor readGolden(const std::string& path, std::vector<int64_t> shape)
{
    torch::Tensor golden = torch::full(shape, NAN, torch::kFloat32);
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(golden.data_ptr<float>()), golden.numel() * 4);
    return golden;
}

// tests/data/backbones/NAME, the golden of scripts/make_backbone_goldens.py.
inline torch::Tensor readBackboneGolden(const std::string& name, std::vector<int64_t> shape)
{
    return readGolden(sourcePath("tests/data/backbones/" + name), std::move(shape));
}

inline double relativeError(const torch::Tensor& actual, const torch::Tensor& expected)
{
    return (actual - expected).abs().max().item<double>() / expected.abs().max().item<double>();
}

} // namespace vigil::test
