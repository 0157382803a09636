#include "models/model_factory.h"

#include "core/analysis/detector_table.h"
#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/models_store/checksum_cache.h"
#include "models/backbone_calibration.h"
#include "models/caffe2_blob_reader.h"
#include "models/classifier_explainer.h"
#include "models/detector_loaders.h"
#include "models/i3d_caffe2_names.h"
#include "models/i3d_inception_backbone.h"
#include "models/i3d_resnet50.h"
#include "models/resnet50.h"
#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"
#include "models/torch_adapters.h"

#include <algorithm>
#include <array>
#include <string>
#include <type_traits>
#include <unordered_set>

namespace vigil::models {
namespace {

// Fixed seeds make demo results reproducible from run to run on one LibTorch build.
constexpr uint64_t kDemoBackboneSeed = 20240301;
constexpr uint64_t kDemoClassifierSeed = 9111;

analysis::WeightsInfo describeFile(const std::string& path)
{
    // Checked before and unchanged since (size, time, inode): not read again.
    return { path, models_store::cachedSha256OfFile(path), Provenance::File };
}

analysis::WeightsInfo describeDemo()
{
    return { "", "", Provenance::Demo };
}

// Demo networks are seeded before construction, so their default initialisation is the same
// from run to run on one LibTorch build; a network whose weights come from a file draws none.
template <typename Network> Network construct(const std::string& path, uint64_t seed)
{
    if (!path.empty())
        return Network(InitialWeights::Empty);
    torch::manual_seed(seed);
    return Network(InitialWeights::Random);
}

// Whether the file opens like a pickle, e.g. Facebook's Caffe2
// i3d_baseline_32x2_IN_pretrain_400k.pkl (PROTO 2, then EMPTY_DICT), rather than torch.save's zip
// archive ("PK\3\4"). The content decides, not the file name. torch < 1.6 wrote a pickle too, with
// its magic number (LONG1, 0x8a) right after PROTO; readStateDict reads that format.
// A FIFO or a device would block here; it is left to readStateDict, which refuses it in words.
bool opensLikeAPickle(const std::string& path)
{
    std::array<char, 3> head {};
    size_t count = 0;
    try {
        const files::RegularFile file(path);
        count = std::min<size_t>(head.size(), file.sizeBytes());
        file.readAt(0, head.data(), count);
    } catch (const IoError&) {
        return false;
    }
    const auto byte = [&](size_t i) { return static_cast<uint8_t>(head[i]); };
    if (count == 3 && byte(0) == 0x80)
        return byte(2) != 0x8a;
    return count > 0 && (head[0] == '}' || head[0] == '(');
}

// A torch.save state dict, or for the I3D backbone also a Caffe2 blob pickle.
template <typename Network>
StateDict readBackboneWeights(const torch::nn::Module& network, const std::string& path)
{
    if (std::is_same_v<Network, I3dResNet50> && opensLikeAPickle(path))
        return i3dStateDictFromCaffe2(network, readCaffe2Blobs(path), path);
    return withBatchCounts(network, readStateDict(path));
}

template <typename Network>
LoadedBackbone makeBackbone(
    const std::string& path, uint64_t seed, BackboneTuning tuning, ComputeDevice device)
{
    if (device == ComputeDevice::Cuda) {
        if (const std::string reason = cudaUnavailableReason(); !reason.empty())
            throw ModelError("cannot run the backbone on CUDA: " + reason);
    }
    // oneDNN's layout exists on the CPU only, and only where LibTorch was built with oneDNN.
    const bool isBf16 = tuning.precision == Precision::Bf16;
    if (isBf16 && device != ComputeDevice::Cpu)
        throw ModelError("bf16 runs on the CPU only");
    if (tuning.layout == BackboneLayout::Blocked
        && (device == ComputeDevice::Cuda || !torch::hasMKLDNN()))
        tuning.layout = BackboneLayout::ChannelsLast;
    tuning.foldBatchNorm = tuning.foldBatchNorm || isBf16; // folded in float32, then rounded
    std::shared_ptr<typename Network::Impl> network = construct<Network>(path, seed).ptr();
    LoadedBackbone loaded;
    if (!path.empty())
        loaded.ignoredKeys
            = loadStateDict(*network, readBackboneWeights<Network>(*network, path), path)
                  .ignoredKeys;
    network->eval();
    // The blocked layout runs convolutions only, so it needs BatchNorm folded into them.
    if (tuning.foldBatchNorm || tuning.layout == BackboneLayout::Blocked)
        network->foldBatchNorm();
    if (tuning.layout == BackboneLayout::ChannelsLast)
        network->useChannelsLast();
    else if (tuning.layout == BackboneLayout::Blocked)
        network->useBlockedLayout(isBf16 ? torch::kBFloat16 : torch::kFloat);
    const torch::Device torchDevice(device == ComputeDevice::Cuda ? torch::kCUDA : torch::kCPU);
    network->to(torchDevice);
    // Blocked, the convolutions hold their own bf16 weights and take the float32 input; the
    // others run the module itself in bf16 (~1.7x channels-last float32 here, slower than blocked).
    const bool isBf16Module = isBf16 && tuning.layout != BackboneLayout::Blocked;
    if (isBf16Module)
        network->to(torch::kBFloat16);
    loaded.weights = path.empty() ? describeDemo() : describeFile(path);
    TorchFeatureExtractor::Forward forward
        = [raw = network.get()](const torch::Tensor& input) { return raw->forward(input); };
    if (isBf16Module)
        forward = [raw = network.get()](const torch::Tensor& input) {
            return raw->forward(input.to(torch::kBFloat16)).to(torch::kFloat);
        };
    // vigil_bench: I3D in the blocked layout is fastest one input per pass (about 190-210
    // GFLOP/s against 160 at batch 4 on 2 cores); ResNet-50 at batches of 4-8.
    const bool isSinglePass
        = std::is_same_v<Network, I3dResNet50> && tuning.layout == BackboneLayout::Blocked
        && device == ComputeDevice::Cpu;
    const int64_t inputsPerPass
        = tuning.inputsPerPass > 0 ? tuning.inputsPerPass : (isSinglePass ? 1 : 0);
    loaded.inputsPerPass = inputsPerPass;
    loaded.setup = tuning::describe({ tuning.layout, inputsPerPass, threadCount() })
        + (isBf16 ? ", bf16" : "");
    loaded.extractor = std::make_shared<TorchFeatureExtractor>(
        network, forward, Network::Impl::kFeatureSize, inputsPerPass, torchDevice);
    return loaded;
}

int64_t requireDim(
    const StateDict& dict, const std::string& key, int64_t axis, const std::string& path)
{
    for (const auto& [name, tensor] : dict)
        if (name == key) {
            if (tensor.dim() != 2)
                throw ModelError(path + ": tensor '" + key + "' should be a matrix");
            return tensor.size(axis);
        }
    throw ModelError(path + ": missing tensor '" + key + "' (not an attention classifier?)");
}

} // namespace

std::string cudaUnavailableReason()
{
    if (!torch::hasCUDA())
        return "this LibTorch was built without CUDA (Debian's libtorch is CPU-only; build Vigil "
               "against the official LibTorch CUDA package)";
    if (!torch::cuda::is_available())
        return "no CUDA GPU was found";
    return {};
}

namespace {

// The network of each row of core's backbone table (core/common/backbone_table.h), and whether
// the calibration (models/backbone_calibration.h) times it: a lookup, not a switch on the kind.
struct BackboneMaker {
    BackboneKind kind;
    LoadedBackbone (*make)(const std::string&, uint64_t, BackboneTuning, ComputeDevice);
    bool isCalibrated; // its passes are snippets whose count per pass the calibration picks
};

const BackboneMaker& backboneMaker(BackboneKind kind)
{
    static const BackboneMaker makers[] {
        { BackboneKind::I3dResNet50, &makeBackbone<I3dResNet50>, true },
        { BackboneKind::ResNet50, &makeBackbone<ResNet50>, false },
        { BackboneKind::I3dInception, &loadI3dInceptionBackbone, false },
    };
    for (const BackboneMaker& maker : makers)
        if (maker.kind == kind)
            return maker;
    throw ModelError(toString(kind) + ": no network in models/model_factory.cpp");
}

} // namespace

bool isCalibrated(BackboneKind kind)
{
    return backboneMaker(kind).isCalibrated;
}

LoadedBackbone loadBackbone(analysis::BackboneKind kind, const std::string& weightsPath,
    const BackboneTuning& tuning, ComputeDevice device)
{
    // Preparing the layout can fail inside LibTorch too (oneDNN refuses bf16 on a CPU without
    // its instructions, whatever VIGIL_CPUINFO claimed): one line, never an abort.
    try {
        return backboneMaker(kind).make(weightsPath, kDemoBackboneSeed, tuning, device);
    } catch (const c10::Error& error) {
        throw ModelError("cannot prepare the backbone"
            + std::string(tuning.precision == Precision::Bf16 ? " in bf16: " : ": ")
            + error.what_without_backtrace());
    }
}

LoadedClassifier loadClassifier(const std::string& weightsPath)
{
    AttentionClassifierOptions options;
    LoadedClassifier loaded;
    StateDict dict;
    if (!weightsPath.empty()) {
        dict = readStateDict(weightsPath);
        options.featureSize = requireDim(dict, "self_anttention.0.weight", 1, weightsPath);
        options.hiddenSize = requireDim(dict, "self_anttention.0.weight", 0, weightsPath);
        options.rows = requireDim(dict, "self_anttention.2.weight", 0, weightsPath);
        options.fcSize = requireDim(dict, "fc1.weight", 0, weightsPath);
        const int64_t fcInput = requireDim(dict, "fc1.weight", 1, weightsPath);
        if (fcInput != options.featureSize * options.rows)
            throw ModelError(weightsPath + ": fc1 takes " + std::to_string(fcInput) + " inputs but "
                + std::to_string(options.featureSize)
                + "·r = " + std::to_string(options.featureSize * options.rows)
                + " (r = " + std::to_string(options.rows) + ")");
    }
    if (weightsPath.empty())
        torch::manual_seed(kDemoClassifierSeed);
    AttentionClassifier classifier(options);
    if (weightsPath.empty()) {
        loaded.weights = describeDemo();
    } else {
        loaded.ignoredKeys = loadStateDict(*classifier, dict, weightsPath).ignoredKeys;
        loaded.weights = describeFile(weightsPath);
    }
    classifier->eval();
    loaded.hiddenSize = options.hiddenSize;
    loaded.rows = options.rows;
    loaded.scorer = std::make_shared<TorchWindowScorer>(classifier);
    loaded.explainer = std::make_shared<TorchWindowExplainer>(classifier);
    return loaded;
}

LoadedDetector loadDetector(
    DetectorKind kind, const std::string& weightsPath, const std::string& dictionaryPath)
{
    const analysis::DetectorRow& row = analysis::detectorRow(kind);
    if (!row.hasDictionary && !dictionaryPath.empty())
        throw ModelError(dictionaryPath + ": " + std::string(row.name) + " takes no dictionary");
    for (const DetectorLoader& loader : detectorLoaders())
        if (loader.kind == kind)
            return loader.load(weightsPath, dictionaryPath);
    throw ModelError(std::string(row.name) + ": no loader in models/detector_loaders.cpp");
}

void setUpThreads(int requested, BackboneKind backbone, ComputeDevice device, ThreadChoice choice,
    Precision precision)
{
    setThreadCount(requested);
    if (device == ComputeDevice::Cpu && choice == ThreadChoice::Calibrated)
        setThreadCount(calibratedSetup(backbone, ThreadSearch::Searched, precision).setup.threads);
}

LoadedBackbone TorchNetworkLoader::loadBackbone(
    BackboneKind kind, const std::string& path, ComputeDevice device, Precision precision) const
{
    if (device != ComputeDevice::Cpu)
        return models::loadBackbone(kind, path, {}, device);
    const tuning::ResolvedSetup resolved = calibratedSetup(kind, ThreadSearch::Fixed, precision);
    BackboneTuning tuning;
    tuning.precision = precision;
    tuning.layout = resolved.setup.layout;
    tuning.inputsPerPass = isCalibrated(kind) ? resolved.setup.snippetsPerPass : 0;
    LoadedBackbone loaded = models::loadBackbone(kind, path, tuning, device);
    loaded.setup = (precision == Precision::Bf16 ? "bf16, " : "") + resolved.text();
    return loaded;
}

LoadedClassifier TorchNetworkLoader::loadClassifier(const std::string& path) const
{
    return models::loadClassifier(path);
}

LoadedDetector TorchNetworkLoader::loadDetector(
    DetectorKind kind, const std::string& path, const std::string& dictionaryPath) const
{
    return models::loadDetector(kind, path, dictionaryPath);
}

std::string TorchNetworkLoader::deviceProblem(ComputeDevice device) const
{
    return device == ComputeDevice::Cuda ? cudaUnavailableReason() : std::string();
}

} // namespace vigil::models
