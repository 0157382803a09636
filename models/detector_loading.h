#pragma once
// The loading every whole-video detector shares (RTFM, MGFN, S3R): a torch.save state dict (zip
// or legacy format, keys with or without nn.DataParallel's "module." prefix) checked tensor by
// tensor against the network, or the seeded demo weights of an empty path; and the one-line
// ModelError of a failed forward pass. Caller's thread, before the detector is shared.

#include "core/common/error.h"
#include "core/engine/network_loader.h"
#include "models/state_dict_reader.h"
#include "models/torch_adapters.h"

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::models {

// For an empty path, seeds LibTorch's generator so that the network built next has the same
// demo weights from run to run on one LibTorch build. Call it before building the network.
void seedIfDemo(const std::string& weightsPath, uint64_t demoSeed);

// Loads `network` from weightsPath (nothing for an empty path: demo weights), puts it in eval
// mode, and returns everything but the detector. Tensors under `unusedPrefixes` (training-only
// modules) are dropped before the check, so they are neither loaded nor reported as ignored.
// Throws vigil::ModelError naming the file and its first missing or misshapen tensor.
engine::LoadedDetector loadDetectorWeights(torch::nn::Module& network,
    const std::string& weightsPath, const std::vector<std::string>& unusedPrefixes = {});
// The same for a dict the caller has read from weightsPath already (PEL4VAD's loader reads its
// settings off it first), without "module." prefixes.
engine::LoadedDetector loadDetectorWeights(
    torch::nn::Module& network, const std::string& weightsPath, StateDict dict);

// Runs `forward` in inference mode and returns its output's scores, magnitudes and attention
// (RtfmOutput, MgfnOutput, S3rOutput), turning LibTorch's error into one line naming the
// network and the features' shape.
template <typename Forward>
analysis::VideoScores scoreGuarded(const char* network, const FloatArray& features, Forward forward)
{
    c10::InferenceMode inference;
    try {
        const auto output = forward();
        return { toFloatArray(output.scores).values, toFloatArray(output.magnitudes).values,
            toFloatArray(output.attention) };
    } catch (const c10::Error& error) {
        throw ModelError(std::string(network) + " failed on features " + features.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

} // namespace vigil::models
