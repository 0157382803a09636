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

torch::Tensor parameterOf(const torch::nn::Module& module, const std::string& name)
{
    return module.named_parameters(/*recurse=*/true)[name];
}

std::vector<float> valuesOf(const torch::Tensor& tensor)
{
    const torch::Tensor flat = tensor.detach().contiguous().to(torch::kFloat32).flatten();
    return { flat.data_ptr<float>(), flat.data_ptr<float>() + flat.numel() };
}

void requireWindow(const FloatArray& sequence, int64_t featureSize)
{
    if (sequence.rank() != 2 || sequence.dim(1) != featureSize || sequence.dim(0) == 0)
        throw ModelError("explain needs one window [steps, " + std::to_string(featureSize)
            + "], got " + sequence.shapeText());
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
    requireWindow(sequence, options.featureSize);
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

analysis::ClassifierInternals TorchWindowExplainer::internals() const
{
    c10::InferenceMode inference;
    analysis::ClassifierInternals internals;
    internals.hiddenWeightRow = valuesOf(parameterOf(*classifier_, "self_anttention.0.weight")[0]);
    internals.hiddenBias = parameterOf(*classifier_, "self_anttention.0.bias")[0].item<float>();
    internals.queries = toFloatArray(parameterOf(*classifier_, "self_anttention.2.weight"));
    internals.queryBias = valuesOf(parameterOf(*classifier_, "self_anttention.2.bias"));
    internals.dropoutProbability = classifier_->options().attentionDropout;
    return internals;
}

analysis::DropoutTrials TorchWindowExplainer::dropoutTrials(
    const FloatArray& sequence, uint64_t seed, int64_t trials) const
{
    c10::InferenceMode inference;
    const AttentionClassifierOptions& options = classifier_->options();
    requireWindow(sequence, options.featureSize);
    try {
        const torch::Tensor x = toTensor(sequence); // [T, F]
        const torch::Tensor logits = applyLinear(*classifier_, "self_anttention.2",
            torch::tanh(applyLinear(*classifier_, "self_anttention.0", x)));
        const torch::Tensor attention = torch::softmax(logits, 0);
        const torch::Tensor heaviest = attention.argmax(0); // [r]
        const double keep = 1.0 - options.attentionDropout;
        // A generator of its own: the global one belongs to whatever else runs (training).
        auto generator = at::make_generator<at::CPUGeneratorImpl>(seed);
        const int64_t count = std::max<int64_t>(trials, 1);
        // Every mask at once, [N, T, r]: one batched pass instead of N small ones.
        const torch::Tensor masks = torch::bernoulli(
            torch::full({ count, attention.size(0), attention.size(1) }, keep), generator);
        const torch::Tensor dropped = attention.unsqueeze(0) * masks / keep; // nn.Dropout's scale
        const torch::Tensor pooled = torch::matmul(x.transpose(0, 1), dropped); // [N, F, r]
        const torch::Tensor scores = torch::sigmoid(
            applyLinear(*classifier_, "fc2", applyLinear(*classifier_, "fc1", pooled.flatten(1))))
                                         .flatten();
        // masks[:, heaviest[k], k] for each row k: 0 where the row's heaviest step was dropped.
        const torch::Tensor rows = torch::arange(options.rows, torch::kLong);
        const torch::Tensor heaviestKept
            = masks.index({ torch::indexing::Slice(), heaviest, rows });
        analysis::DropoutTrials result;
        result.seed = seed;
        result.scores = valuesOf(scores);
        for (const float kept : valuesOf((heaviestKept == 0).sum(0)))
            result.heaviestDropped.push_back(static_cast<int64_t>(kept));
        result.firstAttention = toFloatArray(dropped[0]);
        result.firstScore = result.scores.front();
        return result;
    } catch (const c10::Error& error) {
        throw ModelError("dropout trials failed on window " + sequence.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

} // namespace vigil::models
