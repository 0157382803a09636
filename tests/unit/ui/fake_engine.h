#pragma once
// Fake networks for the UI tests: real decoding and preprocessing, tiny arithmetic instead of
// LibTorch. Scores and attention vary with the window's position so the views have shape.

#include "core/analysis/feature_pipeline.h"
#include "core/analysis/window_explanation.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"
#include "ui/tasks/analysis_engine.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>

namespace vigil::test {

// Feature 0 of each step is its index, so the scorer knows where a window is.
class FakeExtractor : public analysis::FeatureExtractor {
public:
    explicit FakeExtractor(std::chrono::milliseconds delay = {})
        : delay_(delay)
    {
    }
    FloatArray extract(const FloatArray& input) const override
    {
        std::this_thread::sleep_for(delay_);
        const int64_t rows = input.dim(0);
        FloatArray out = FloatArray::zeros({ rows, kFeatureSize });
        for (int64_t r = 0; r < rows; ++r)
            out.values[static_cast<size_t>(r * kFeatureSize)] = static_cast<float>(step_);
        ++step_;
        return out;
    }
    int64_t featureSize() const override { return kFeatureSize; }
    static constexpr int64_t kFeatureSize = 4;

private:
    std::chrono::milliseconds delay_;
    mutable std::atomic<int64_t> step_ { 0 }; // the fake's only state: which snippet comes next
};

class FakeScorer : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t crops = window.dim(0);
        const int64_t steps = window.dim(1);
        const float firstStep = window.values[0];
        analysis::WindowScore result;
        const float score = 0.5f + 0.45f * std::sin(firstStep * 0.7f + 0.3f);
        result.cropScores.assign(static_cast<size_t>(crops), score);
        result.attention = FloatArray::zeros({ crops, steps, kRows });
        for (int64_t k = 0; k < kRows; ++k) {
            double sum = 0.0;
            std::vector<double> logits;
            for (int64_t t = 0; t < steps; ++t) {
                logits.push_back(std::exp(2.0 * std::cos(0.9 * t - 1.7 * k)));
                sum += logits.back();
            }
            for (int64_t c = 0; c < crops; ++c)
                for (int64_t t = 0; t < steps; ++t)
                    result.attention.values[static_cast<size_t>((c * steps + t) * kRows + k)]
                        = static_cast<float>(logits[static_cast<size_t>(t)] / sum);
        }
        return result;
    }
    int64_t featureSize() const override { return FakeExtractor::kFeatureSize; }
    int64_t attentionRows() const override { return kRows; }
    static constexpr int64_t kRows = 2;
};

// FakeScorer step by step: the same attention and score, with every intermediate filled from
// the window's own features, so a panel that explains the wrong window shows the wrong score.
class FakeExplainer : public analysis::WindowExplainer {
public:
    analysis::WindowExplanation explain(const FloatArray& x) const override
    {
        ++calls;
        const int64_t steps = x.dim(0), size = x.dim(1), rows = FakeScorer::kRows, hidden = 8;
        FloatArray window = x;
        window.shape = { 1, steps, size };
        const analysis::WindowScore scored = FakeScorer().score(window);
        analysis::WindowExplanation e;
        e.steps = steps;
        e.featureSize = size;
        e.hiddenSize = hidden;
        e.rows = rows;
        e.hiddenLinear = FloatArray::zeros({ steps, hidden });
        e.hiddenTanh = FloatArray::zeros({ steps, hidden });
        for (int64_t t = 0; t < steps; ++t)
            for (int64_t j = 0; j < hidden; ++j) {
                const float value
                    = 0.05f * x.values[static_cast<size_t>(t * size)] * static_cast<float>(j + 1)
                    - 1.0f;
                e.hiddenLinear.values[static_cast<size_t>(t * hidden + j)] = value;
                e.hiddenTanh.values[static_cast<size_t>(t * hidden + j)] = std::tanh(value);
            }
        e.attention = scored.attention;
        e.attention.shape = { steps, rows };
        e.logits = e.attention;
        for (float& value : e.logits.values)
            value = std::log(value);
        e.pooled = FloatArray::zeros({ size, rows });
        for (int64_t f = 0; f < size; ++f)
            for (int64_t k = 0; k < rows; ++k)
                for (int64_t t = 0; t < steps; ++t)
                    e.pooled.values[static_cast<size_t>(f * rows + k)]
                        += x.values[static_cast<size_t>(t * size + f)]
                        * e.attention.values[static_cast<size_t>(t * rows + k)];
        e.fc1 = FloatArray::zeros({ 32 });
        for (int64_t i = 0; i < 32; ++i)
            e.fc1.values[static_cast<size_t>(i)]
                = std::sin(0.3f * static_cast<float>(i) + e.pooled.values[0]);
        e.score = scored.cropScores[0];
        e.fc2 = std::log(e.score / (1.0f - e.score));
        e.rowSimilarity = FloatArray::zeros({ rows, rows });
        double squares = 0.0;
        for (int64_t i = 0; i < rows; ++i)
            for (int64_t j = 0; j < rows; ++j) {
                double dot = 0.0;
                for (int64_t t = 0; t < steps; ++t)
                    dot += e.attention.values[static_cast<size_t>(t * rows + i)]
                        * e.attention.values[static_cast<size_t>(t * rows + j)];
                e.rowSimilarity.values[static_cast<size_t>(i * rows + j)] = static_cast<float>(dot);
                squares += (dot - (i == j ? 1.0 : 0.0)) * (dot - (i == j ? 1.0 : 0.0));
            }
        e.redundancy = std::sqrt(squares);
        return e;
    }
    // Hidden unit 0 above is 0.05 x[t, 0] − 1: W1[0, :] = (0.05, 0, …), b1[0] = −1.
    analysis::ClassifierInternals internals() const override
    {
        analysis::ClassifierInternals internals;
        internals.hiddenWeightRow.assign(static_cast<size_t>(FakeExtractor::kFeatureSize), 0.0f);
        internals.hiddenWeightRow[0] = 0.05f;
        internals.hiddenBias = -1.0f;
        internals.queries = FloatArray::zeros({ FakeScorer::kRows, 8 });
        internals.queryBias.assign(static_cast<size_t>(FakeScorer::kRows), 0.0f);
        internals.dropoutProbability = 0.3;
        return internals;
    }
    // Every mask keeps everything: the inference attention scaled by 1 / (1 − p).
    analysis::DropoutTrials dropoutTrials(
        const FloatArray& x, uint64_t seed, int64_t trials) const override
    {
        const analysis::WindowExplanation e = explain(x);
        analysis::DropoutTrials result;
        result.seed = seed;
        result.firstAttention = e.attention;
        for (float& value : result.firstAttention.values)
            value /= 0.7f;
        result.firstScore = e.score;
        result.scores.assign(static_cast<size_t>(trials), e.score);
        result.heaviestDropped.assign(static_cast<size_t>(FakeScorer::kRows), 0);
        return result;
    }
    mutable std::atomic<int> calls { 0 };
};

// threads: the cores the engine says it was given (0: all), which a batch shares out.
inline ui::AnalysisEngine fakeEngine(int64_t windowSteps = 4,
    std::chrono::milliseconds extractDelay = std::chrono::milliseconds(0), int threads = 0)
{
    // One snippet per forward pass, so FakeExtractor's feature 0 is the snippet's index.
    analysis::ExtractionOptions extraction;
    extraction.snippetsPerBatch = 1;
    engine::Networks networks;
    networks.backbone = std::make_shared<FakeExtractor>(extractDelay);
    networks.classifier = std::make_shared<FakeScorer>();
    networks.explainer = std::make_shared<FakeExplainer>();
    networks.description.hiddenSize = 8;
    networks.description.attentionRows = FakeScorer::kRows;
    networks.threads = threads;
    ui::AnalysisEngine engine;
    engine.engine = std::make_shared<const engine::Engine>(
        std::move(networks), extraction, ComputeDevice::Cpu);
    engine.windows = { windowSteps, windowSteps };
    return engine;
}

// A testsrc2 clip of frames at 25 fps, made once per name and test process (ctest runs tests
// in parallel processes, which must not read each other's half-written clips).
inline std::string uiClip(const std::string& name, int frames)
{
    static const std::string dir = scratchDir("ui");
    const std::string path = dir + "/" + name;
    if (!std::filesystem::exists(path))
        makeClip(path, "testsrc2=size=160x120:rate=25", frames, "-c:v mpeg4 -q:v 2 -g 12");
    return path;
}

} // namespace vigil::test
