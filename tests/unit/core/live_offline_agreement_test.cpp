// Live and offline take one path (issue 20): a WatchSession on a clip and Engine::analyze of the
// same clip, on one engine, give the same score and attention to every step where the causal
// window ending at it is one of the file's windows (stride 1), for centre and ten crops. The
// fakes make every crop's features, scores and attention differ, so a live path that read crop
// 0's attention, or cut its snippets elsewhere, would disagree.

#include "core/analysis/window_scoring.h"
#include "core/engine/engine.h"
#include "core/live/causal_window.h"
#include "core/live/watch_session.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

namespace {

using namespace vigil;

constexpr int64_t kFeatureSize = 3;
constexpr int64_t kRows = 2;
constexpr int64_t kWindowSteps = 3;
constexpr int kFrames = 16 * 6 + 5; // six snippets and a partial one, which both drop

// Per crop: the mean of its values, of its first half and of its second half.
class CropMeans : public analysis::FeatureExtractor {
public:
    FloatArray extract(const FloatArray& input) const override
    {
        const int64_t items = input.dim(0);
        const int64_t perItem = input.size() / items;
        FloatArray out = FloatArray::zeros({ items, kFeatureSize });
        for (int64_t item = 0; item < items; ++item) {
            const float* values = input.data() + item * perItem;
            double first = 0.0;
            double second = 0.0;
            for (int64_t i = 0; i < perItem / 2; ++i)
                first += values[i];
            for (int64_t i = perItem / 2; i < perItem; ++i)
                second += values[i];
            const double half = static_cast<double>(perItem / 2);
            float* row = out.data() + item * kFeatureSize;
            row[0] = static_cast<float>((first + second) / (2.0 * half));
            row[1] = static_cast<float>(first / half);
            row[2] = static_cast<float>(second / half);
        }
        return out;
    }
    int64_t featureSize() const override { return kFeatureSize; }
};

// Attention: a softmax over steps of each row's feature; score: the attended features, squashed.
class AttendingScorer : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t crops = window.dim(0);
        const int64_t steps = window.dim(1);
        analysis::WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, kRows });
        for (int64_t c = 0; c < crops; ++c) {
            double pooled = 0.0;
            for (int64_t k = 0; k < kRows; ++k) {
                std::vector<double> weights;
                double sum = 0.0;
                for (int64_t t = 0; t < steps; ++t) {
                    const float* x = window.data() + (c * steps + t) * kFeatureSize;
                    weights.push_back(std::exp(8.0 * x[1 + k] + 3.0 * static_cast<double>(t)));
                    sum += weights.back();
                }
                for (int64_t t = 0; t < steps; ++t) {
                    const double weight = weights[static_cast<size_t>(t)] / sum;
                    result.attention.values[static_cast<size_t>((c * steps + t) * kRows + k)]
                        = static_cast<float>(weight);
                    pooled += weight * window.data()[(c * steps + t) * kFeatureSize];
                }
            }
            result.cropScores.push_back(static_cast<float>(1.0 / (1.0 + std::exp(-4.0 * pooled))));
        }
        return result;
    }
    int64_t featureSize() const override { return kFeatureSize; }
    int64_t attentionRows() const override { return kRows; }
};

engine::Engine engineWith(CropMode crops)
{
    engine::Networks networks;
    networks.backbone = std::make_shared<const CropMeans>();
    networks.classifier = std::make_shared<const AttendingScorer>();
    networks.description.crops = crops;
    analysis::ExtractionOptions extraction;
    extraction.crops = crops;
    return engine::Engine(std::move(networks), extraction, ComputeDevice::Cpu);
}

// A moving test pattern: every crop and every step sees something else.
std::string clipPath()
{
    static const std::string path = [] {
        const std::string file = test::scratchDir("live-offline") + "/pattern.mp4";
        test::makeClip(file, "testsrc2=size=320x240:rate=25", kFrames);
        return file;
    }();
    return path;
}

// What a live session saw of each scored step.
std::vector<live::LiveStep> watchedSteps(const engine::Engine& engine, const std::string& path)
{
    live::WatchSettings settings;
    settings.reader.source = media::MediaSource::localFile(path);
    settings.reader.displayName = path;
    settings.reader.ringDurationUs = 10000000;
    settings.reader.ringBytes = 16 << 20;
    settings.reader.giveUpAfterMs = 1; // the end of the clip ends the watch
    settings.outputs = { test::scratchDir("live-offline-watch"), path, "", 0, 0, "" };
    settings.alerts = { 2.0f, 2.0f, 0 }; // never opens
    settings.windowSteps = kWindowSteps;
    settings.queueCapacity = 16; // the clip decodes faster than real time: keep every snippet
    live::WatchSession session(settings, engine, [](const std::string&) {}, {});
    std::vector<live::LiveStep> steps;
    live::LiveObserver observer;
    observer.onStep = [&steps](const live::LiveStep& step) {
        if (step.kind == live::LiveStep::Kind::Scored)
            steps.push_back(step);
    };
    session.setObserver(observer);
    const CancellationToken cancel;
    const live::WatchOutcome outcome = session.run(cancel);
    EXPECT_EQ(outcome.snippetsSkipped, 0);
    return steps;
}

class LiveAndOffline : public testing::TestWithParam<CropMode> { };

TEST_P(LiveAndOffline, ScoreTheSameStepsAlikeWhereTheirWindowsCoincide)
{
    const std::string path = clipPath();
    ASSERT_TRUE(std::filesystem::exists(path)) << "ffmpeg could not make the clip";
    const engine::Engine engine = engineWith(GetParam());
    const analysis::AnalysisResult offline
        = engine.analyze(path, { kWindowSteps, 1 }, CancellationToken());
    const std::vector<live::LiveStep> live = watchedSteps(engine, path);
    ASSERT_EQ(static_cast<int64_t>(live.size()), offline.steps);
    ASSERT_EQ(offline.windows.size(), live.size() - kWindowSteps + 1);
    for (const analysis::WindowResult& window : offline.windows) {
        SCOPED_TRACE("window ending at step " + std::to_string(window.lastStep));
        const live::LiveStep& step = live[static_cast<size_t>(window.lastStep)];
        ASSERT_EQ(step.windowSteps, kWindowSteps);
        ASSERT_TRUE(step.score);
        EXPECT_FLOAT_EQ(*step.score, window.score);
        // The newest step's weights: the last column of the window's [rows, steps].
        ASSERT_EQ(step.attention.size(), static_cast<size_t>(kRows));
        for (int64_t k = 0; k < kRows; ++k)
            EXPECT_FLOAT_EQ(step.attention[static_cast<size_t>(k)],
                window.attention.values[static_cast<size_t>(k * kWindowSteps + kWindowSteps - 1)]);
    }
}

TEST_P(LiveAndOffline, GiveTheWholeWindowTheSameAttention)
{
    const std::string path = clipPath();
    ASSERT_TRUE(std::filesystem::exists(path)) << "ffmpeg could not make the clip";
    const engine::Engine engine = engineWith(GetParam());
    const analysis::ExtractedFeatures extracted = engine.extract(path, CancellationToken());
    const FloatArray& features = extracted.features; // [steps, crops, F]
    const std::vector<analysis::WindowResult> windows
        = analysis::scoreWindows(features, engine.classifier(), { kWindowSteps, 1 });
    live::CausalWindow causal(engine.classifier(), kWindowSteps);
    const int64_t crops = features.dim(1);
    for (int64_t t = 0; t < features.dim(0); ++t) {
        FloatArray step = FloatArray::zeros({ crops, kFeatureSize });
        std::copy_n(features.data() + t * crops * kFeatureSize, crops * kFeatureSize, step.data());
        const std::optional<live::CausalScore> pushed = causal.push(step);
        ASSERT_TRUE(pushed) << "every step was extracted";
        const live::CausalScore& scored = *pushed;
        if (t < kWindowSteps - 1)
            continue;
        SCOPED_TRACE("step " + std::to_string(t));
        const analysis::WindowResult& window = windows[static_cast<size_t>(t - kWindowSteps + 1)];
        EXPECT_FLOAT_EQ(scored.score, window.score);
        ASSERT_EQ(scored.attention.size(), static_cast<size_t>(kWindowSteps));
        for (int64_t s = 0; s < kWindowSteps; ++s)
            for (int64_t k = 0; k < kRows; ++k)
                EXPECT_FLOAT_EQ(scored.attention[static_cast<size_t>(s)][static_cast<size_t>(k)],
                    window.attention.values[static_cast<size_t>(k * kWindowSteps + s)]);
    }
}

INSTANTIATE_TEST_SUITE_P(Crops, LiveAndOffline, testing::Values(CropMode::Center, CropMode::Ten),
    [](const testing::TestParamInfo<CropMode>& info) {
        return info.param == CropMode::Ten ? std::string("TenCrops") : std::string("CentreCrop");
    });

} // namespace
