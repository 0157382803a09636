#pragma once
// Computes the attention classifier's forward pass step by step on one window, keeping every
// intermediate tensor (core/analysis/window_explanation.h). It runs the module's own layers, so
// the score it gives equals AttentionClassifier::forward's. Shares the immutable classifier;
// explain() changes nothing, so any thread may call it.

#include "core/analysis/window_explanation.h"
#include "models/attention_classifier.h"

namespace vigil::models {

class TorchWindowExplainer : public analysis::WindowExplainer {
public:
    explicit TorchWindowExplainer(AttentionClassifier classifier);
    analysis::WindowExplanation explain(const FloatArray& sequence) const override;
    analysis::ClassifierInternals internals() const override;
    analysis::DropoutTrials dropoutTrials(
        const FloatArray& sequence, uint64_t seed, int64_t trials) const override;

private:
    AttentionClassifier classifier_;
};

} // namespace vigil::models
