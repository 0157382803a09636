#include "models/classifier_explainer.h"

#include "core/common/error.h"
#include "models/torch_adapters.h"

namespace vigil::models {
namespace {

// A Linear layer of the classifier by its state-dict name ("self_anttention.0", "fc1").
torch::Tensor applyLinear(
    const torch::nn::Module& module, const std::string& name, const torch::Tensor& input)
{
    const auto parameters = module.named_parameters(/*recurse=*/true);
    return torch::nn::functional::linear(
        input, parameters[name + ".weight"], parameters[name + ".bias"]);
}

} // namespace

TorchWindowExplainer::TorchWindowExplainer(AttentionClassifier classifier)
    : classifier_(std::move(classifier))
{
}

analysis::WindowExplanation TorchWindowExplainer::explain(const FloatArray& sequence) const
{
    c10::InferenceMode inference;
    const AttentionClassifierOptions& options = classifier_->options();
    if (sequence.rank() != 2 || sequence.dim(1) != options.featureSize || sequence.dim(0) == 0)
        throw ModelError("explain needs one window [steps, " + std::to_string(options.featureSize)
            + "], got " + sequence.shapeText());
    try {
        const torch::Tensor x = toTensor(sequence); // [T, F]
        const torch::Tensor hiddenLinear = applyLinear(*classifier_, "self_anttention.0", x);
        const torch::Tensor hiddenTanh = torch::tanh(hiddenLinear); // [T, da]
        const torch::Tensor logits = applyLinear(*classifier_, "self_anttention.2", hiddenTanh);
        const torch::Tensor attention = torch::softmax(logits, 0); // over T
        const torch::Tensor pooled = torch::mm(x.transpose(0, 1), attention); // [F, r]
        const torch::Tensor fc1 = applyLinear(*classifier_, "fc1", pooled.flatten()); // row-major
        const torch::Tensor fc2 = applyLinear(*classifier_, "fc2", fc1);
        const torch::Tensor similarity = torch::mm(attention.transpose(0, 1), attention);
        const torch::Tensor identity = torch::eye(options.rows, torch::kFloat32);

        analysis::WindowExplanation explanation;
        explanation.steps = sequence.dim(0);
        explanation.featureSize = options.featureSize;
        explanation.hiddenSize = options.hiddenSize;
        explanation.rows = options.rows;
        explanation.hiddenLinear = toFloatArray(hiddenLinear);
        explanation.hiddenTanh = toFloatArray(hiddenTanh);
        explanation.logits = toFloatArray(logits);
        explanation.attention = toFloatArray(attention);
        explanation.pooled = toFloatArray(pooled);
        explanation.fc1 = toFloatArray(fc1);
        explanation.fc2 = fc2.item<float>();
        explanation.score = torch::sigmoid(fc2).item<float>();
        explanation.rowSimilarity = toFloatArray(similarity);
        explanation.redundancy = torch::frobenius_norm(similarity - identity).item<double>();
        return explanation;
    } catch (const c10::Error& error) {
        throw ModelError("explain failed on window " + sequence.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

} // namespace vigil::models
