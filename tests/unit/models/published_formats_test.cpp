// The published backbone weights in each of their real formats, written full size at test time
// (about 100 MB each, too big to commit) with the formula weights of the backbone goldens:
// Facebook's Caffe2 i3d_baseline_32x2_IN_pretrain_400k.pkl, RTFM's converted i3d_r50_kinetics.pth
// (a plain dict with fc.* and without num_batches_tracked, made by the RTFM tooling's
// utils/convert_weights.py) and torchvision's resnet50-*.pth (an OrderedDict with fc.*), the
// .pth files in torch.save's zip format and in the stream format of torch < 1.6. Each file
// goes through loadBackbone, as `vigil analyze --backbone-weights` does, and must give the
// features PyTorch computed for these weights (scripts/make_backbone_goldens.py).

#include "core/common/error.h"
#include "models/i3d_caffe2_names.h"
#include "models/i3d_resnet50.h"
#include "models/model_factory.h"
#include "models/resnet50.h"
#include "models/torch_adapters.h"
#include "tests/support/caffe2_pickle.h"
#include "tests/support/formula_weights.h"
#include "tests/support/test_paths.h"
#include "tests/support/torch_file_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace vigil::models {
namespace {

using StateDictEntries = std::vector<std::pair<std::string, torch::Tensor>>;

bool endsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size()
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Every parameter and buffer of a formula-filled network, in named_parameters() then
// named_buffers() order, as nn.Module.state_dict() lists them.
template <typename Network> StateDictEntries formulaStateDict(bool withBatchCounts)
{
    Network network;
    test::fillLikeTheScript(*network);
    StateDictEntries dict;
    for (const auto& item : network->named_parameters())
        dict.emplace_back(item.key(), item.value().detach().clone());
    for (const auto& item : network->named_buffers()) {
        if (withBatchCounts || !endsWith(item.key(), "num_batches_tracked"))
            dict.emplace_back(item.key(), item.value().clone());
    }
    return dict;
}

// The Caffe2 name of an I3D parameter, spelled out from the blob list of the issue
// (conv1_w, res_conv1_bn_{s,b,rm,riv}, resN_i_branch2{a,b,c}_w and _bn_*, branch1_*),
// independently of i3dCaffe2BlobName.
std::string caffe2Name(const std::string& parameter)
{
    const auto leaf = parameter.substr(parameter.rfind('.') + 1);
    const std::string bn = leaf == "weight" ? "s"
        : leaf == "bias"                    ? "b"
        : leaf == "running_mean"            ? "rm"
                                            : "riv";
    if (parameter == "conv1.weight")
        return "conv1_w";
    if (parameter.rfind("bn1.", 0) == 0)
        return "res_conv1_bn_" + bn;
    const auto stage = std::to_string(parameter[5] - '0' + 1); // "layerL.B...."
    const auto secondDot = parameter.find('.', 7);
    const auto block = parameter.substr(7, secondDot - 7);
    const auto module = parameter.substr(secondDot + 1, parameter.rfind('.') - secondDot - 1);
    std::string branch;
    if (module.rfind("downsample", 0) == 0)
        branch = "branch1";
    else
        branch = std::string("branch2") + static_cast<char>('a' + (module.back() - '1'));
    const bool isConvolution = module == "downsample.0" || module.rfind("conv", 0) == 0;
    return "res" + stage + "_" + block + "_" + branch + (isConvolution ? "_w" : "_bn_" + bn);
}

test::NumPyArray float32Array(const torch::Tensor& tensor)
{
    return { "f4", "<", tensor.sizes().vec(), test::bytesOf(tensor.to(torch::kFloat)) };
}

// The blobs of a trained video-nonlocal-net I3D: every weight, the momentum of a few (the real
// file has one per weight; a few keep this file at 110 MB), the learning rate, the iteration
// count and the Kinetics classifier, in an order unlike the network's.
test::NumPyBlobs caffe2I3dBlobs()
{
    test::NumPyBlobs blobs;
    for (const auto& [name, tensor] : formulaStateDict<I3dResNet50>(false)) {
        blobs.emplace_back(caffe2Name(name), float32Array(tensor));
        if (tensor.dim() == 1 || name == "conv1.weight")
            blobs.emplace_back(caffe2Name(name) + "_momentum", float32Array(tensor * 0.5));
    }
    std::reverse(blobs.begin(), blobs.end());
    blobs.emplace_back("lr", float32Array(torch::full({ 1 }, 0.01)));
    const int64_t iteration = 400000;
    blobs.emplace_back("model_iter",
        test::NumPyArray {
            "i8", "<", { 1 }, std::string(reinterpret_cast<const char*>(&iteration), 8) });
    blobs.emplace_back("pred_w", float32Array(torch::full({ 400, 2048 }, 0.25)));
    blobs.emplace_back("pred_b", float32Array(torch::zeros({ 400 })));
    return blobs;
}

enum class Published { Caffe2I3d, RtfmI3d, TorchvisionResNet50 };

struct FormatCase {
    const char* name;
    Published file;
    test::TorchFileFormat format;
};

void PrintTo(const FormatCase& value, std::ostream* out)
{
    *out << value.name;
}

class PublishedFormat : public testing::TestWithParam<FormatCase> {
protected:
    void TearDown() override
    {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }

    // Writes the file; returns its path and the tensors the network must not use.
    std::pair<std::string, std::vector<std::string>> write(const FormatCase& which)
    {
        const auto path = dir_ + "/" + which.name;
        if (which.file == Published::Caffe2I3d) {
            const auto blobs = caffe2I3dBlobs();
            std::ofstream(path, std::ios::binary) << test::caffe2Pickle(blobs);
            std::vector<std::string> unused;
            for (const auto& [name, array] : blobs) {
                if (endsWith(name, "_momentum") || name == "lr" || name == "model_iter"
                    || name.rfind("pred_", 0) == 0)
                    unused.push_back(name);
            }
            return { path, unused };
        }
        if (which.file == Published::RtfmI3d) { // utils/convert_weights.py keeps pred_* as fc.*
            auto dict = formulaStateDict<I3dResNet50>(false);
            dict.emplace_back("fc.weight", torch::full({ 400, 2048 }, 0.25));
            dict.emplace_back("fc.bias", torch::zeros({ 400 }));
            test::writeTorchFile(path, dict, test::TopLevel::PlainDict, which.format);
            return { path, { "fc.weight", "fc.bias" } };
        }
        auto dict = formulaStateDict<ResNet50>(true);
        dict.emplace_back("fc.weight", torch::full({ 1000, 2048 }, 0.5));
        dict.emplace_back("fc.bias", torch::zeros({ 1000 }));
        test::writeTorchFile(path, dict, test::TopLevel::OrderedDict, which.format);
        return { path, { "fc.weight", "fc.bias" } };
    }

    const std::string dir_ = test::scratchDir("published_formats");
};

TEST_P(PublishedFormat, LoadsWithTheFeaturesOfPyTorch)
{
    const auto& which = GetParam();
    const auto [path, unused] = write(which);
    const bool isI3d = which.file != Published::TorchvisionResNet50;
    const auto loaded = loadBackbone(
        isI3d ? analysis::BackboneKind::I3dResNet50 : analysis::BackboneKind::ResNet50, path);

    auto ignored = loaded.ignoredKeys;
    auto expectedIgnored = unused;
    std::sort(ignored.begin(), ignored.end());
    std::sort(expectedIgnored.begin(), expectedIgnored.end());
    EXPECT_EQ(ignored, expectedIgnored);
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    EXPECT_EQ(loaded.weights.sha256.size(), 64u);

    const auto input = test::formulaInput(
        isI3d ? std::vector<int64_t> { 1, 3, 16, 64, 64 } : std::vector<int64_t> { 2, 3, 64, 64 });
    const auto features = toTensor(loaded.extractor->extract(toFloatArray(input))).clone();
    const auto golden
        = test::readGolden(test::sourcePath(isI3d ? "tests/data/backbones/i3d_r50.f32"
                                                  : "tests/data/backbones/resnet50.f32"),
            { input.size(0), 2048 });
    EXPECT_LE(test::relativeError(features, golden), 1e-4);
}

INSTANTIATE_TEST_SUITE_P(Backbones, PublishedFormat,
    testing::Values(FormatCase { "i3d_baseline_32x2_IN_pretrain_400k.pkl", Published::Caffe2I3d,
                        test::TorchFileFormat::Zip },
        FormatCase { "i3d_r50_kinetics.pth", Published::RtfmI3d, test::TorchFileFormat::Zip },
        FormatCase {
            "i3d_r50_kinetics_legacy.pth", Published::RtfmI3d, test::TorchFileFormat::Legacy },
        FormatCase {
            "resnet50-0676ba61.pth", Published::TorchvisionResNet50, test::TorchFileFormat::Zip },
        FormatCase { "resnet50-19c8e357.pth", Published::TorchvisionResNet50,
            test::TorchFileFormat::Legacy }),
    [](const testing::TestParamInfo<FormatCase>& info) {
        std::string name = info.param.name;
        std::replace_if(
            name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
        return name;
    });

TEST(I3dCaffe2Names, FollowTheBlobNamesOfVideoNonlocalNet)
{
    const std::pair<const char*, const char*> cases[] = {
        { "conv1.weight", "conv1_w" },
        { "bn1.weight", "res_conv1_bn_s" },
        { "bn1.running_var", "res_conv1_bn_riv" },
        { "layer1.0.conv1.weight", "res2_0_branch2a_w" },
        { "layer1.0.downsample.0.weight", "res2_0_branch1_w" },
        { "layer2.3.bn2.running_mean", "res3_3_branch2b_bn_rm" },
        { "layer3.2.bn3.bias", "res4_2_branch2c_bn_b" },
        { "layer4.0.downsample.1.running_var", "res5_0_branch1_bn_riv" },
    };
    for (const auto& [parameter, blob] : cases) {
        EXPECT_EQ(i3dCaffe2BlobName(parameter).value_or("(none)"), blob) << parameter;
        EXPECT_EQ(caffe2Name(parameter), blob) << parameter; // the test's own spelling agrees
    }
    EXPECT_FALSE(i3dCaffe2BlobName("bn1.num_batches_tracked"));
    EXPECT_FALSE(i3dCaffe2BlobName("fc.weight"));
    EXPECT_FALSE(i3dCaffe2BlobName("layer1.0.downsample.2.weight"));
}

} // namespace
} // namespace vigil::models
