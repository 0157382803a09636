#pragma once
// LibTorch implementations of core's network interfaces, shared by every thread at once as
// core/engine/engine.h says. Each call opens its own c10::InferenceMode, which is thread-local,
// on whichever thread runs it.

#include "core/analysis/network_interfaces.h"
#include "models/attention_classifier.h"

#include <functional>
#include <torch/torch.h>

namespace vigil::models {

torch::Tensor toTensor(const FloatArray& array); // a view: array must outlive the tensor
FloatArray toFloatArray(const torch::Tensor& tensor);

// Runs a backbone on `device` (where its weights already are), inputsPerPass inputs per forward
// pass (0: the whole batch at once). On CUDA each pass is copied into a pinned host buffer and
// sent asynchronously; the features come back to the CPU. Immutable once made: extract() may run
// on several threads at once (batch jobs share one backbone); a call's buffers are its own.
class TorchFeatureExtractor : public analysis::FeatureExtractor {
public:
    using Forward = std::function<torch::Tensor(const torch::Tensor&)>;
    TorchFeatureExtractor(std::shared_ptr<torch::nn::Module> network, Forward forward,
        int64_t featureSize, int64_t inputsPerPass = 0, torch::Device device = torch::kCPU);
    FloatArray extract(const FloatArray& input) const override;
    int64_t featureSize() const override { return featureSize_; }

private:
    torch::Tensor forwardPass(const torch::Tensor& input) const;

    std::shared_ptr<torch::nn::Module> network_; // keeps the module that forward_ calls alive
    Forward forward_;
    int64_t featureSize_;
    int64_t inputsPerPass_;
    torch::Device device_;
};

class TorchWindowScorer : public analysis::WindowScorer {
public:
    explicit TorchWindowScorer(AttentionClassifier classifier);
    analysis::WindowScore score(const FloatArray& window) const override;
    int64_t featureSize() const override;
    int64_t attentionRows() const override;

private:
    // The module, not its holder: forward() is not const in LibTorch, but scoring in inference
    // mode changes nothing, so several threads may score with one classifier.
    std::shared_ptr<AttentionClassifierImpl> classifier_;
};

} // namespace vigil::models
