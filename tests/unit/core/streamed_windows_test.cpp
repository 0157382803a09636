// The pipeline hands its features over pass by pass, so windows are scored while the video is
// still being extracted (what the desktop app draws window by window), and its progress counts
// the steps a video will give, so a front end can say how much of the work is done.

#include "core/analysis/feature_pipeline.h"
#include "core/analysis/window_stream.h"
#include "core/common/cancellation.h"
#include "tests/support/mean_extractor.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>

namespace vigil::test {
namespace {

using analysis::FeaturePipeline;

// Uniform attention; the score is the mean feature.
class MeanScorer : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t crops = window.dim(0), steps = window.dim(1);
        analysis::WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, 1 });
        for (float& weight : result.attention.values)
            weight = 1.0f / static_cast<float>(steps);
        for (int64_t c = 0; c < crops; ++c)
            result.cropScores.push_back(std::accumulate(window.values.begin() + c * steps,
                                            window.values.begin() + (c + 1) * steps, 0.0f)
                / static_cast<float>(steps));
        return result;
    }
    int64_t featureSize() const override { return 1; }
    int64_t attentionRows() const override { return 1; }
};

TEST(StreamedWindows, ArriveAsTheirLastSnippetIsExtractedOnARealClip)
{
    // 330 frames: 20 snippets (the extractor tool's preset drops the last 10 frames), 5 windows.
    const std::string clip = scratchDir("streamed_windows") + "/walk.mp4";
    ASSERT_TRUE(makeClip(clip, "testsrc2=size=160x120:rate=25", 330));
    const FeaturePipeline pipeline(std::make_shared<MeanExtractor>(), {});
    const MeanScorer scorer;
    analysis::WindowStream stream(scorer, { 4, 4 }, pipeline.framesPerStep());
    std::vector<int64_t> windowsAtStep; // windows scored once each pass was in
    int64_t steps = 0;
    std::vector<analysis::ExtractionProgress> reports;
    const analysis::ExtractedFeatures extracted = pipeline.run(
        clip, CancellationToken(),
        [&](const analysis::ExtractionProgress& p) { reports.push_back(p); },
        [&](const FloatArray& pass) {
            stream.append(pass);
            steps += pass.dim(0);
            windowsAtStep.push_back(stream.windowCount());
        });
    ASSERT_EQ(extracted.features.dim(0), 20);
    ASSERT_EQ(windowsAtStep.size(), 20u); // one snippet per pass
    for (int64_t step = 0; step < 20; ++step) {
        SCOPED_TRACE(step);
        // Window w (steps 4w .. 4w+3) is scored in the pass that brings step 4w+3.
        EXPECT_EQ(windowsAtStep[static_cast<size_t>(step)], (step + 1) / 4);
    }
    ASSERT_EQ(reports.size(), 20u);
    for (const analysis::ExtractionProgress& report : reports) {
        SCOPED_TRACE(report.stepsExtracted);
        EXPECT_EQ(report.stepsEstimate, 20); // from the container's frame count
        EXPECT_GE(report.framesDecoded, report.stepsExtracted * 16);
    }
    EXPECT_EQ(reports.back().stepsExtracted, 20);
}

TEST(StreamedWindows, TheStepsOfAVideoFollowThePreset)
{
    const auto extractor = std::make_shared<MeanExtractor>();
    analysis::ExtractionOptions options;
    EXPECT_EQ(FeaturePipeline(extractor, options).stepsOfFrames(50), 3); // last 2 frames dropped
    options.preset = PreprocessPreset::Rtfm;
    EXPECT_EQ(FeaturePipeline(extractor, options).stepsOfFrames(50), 4); // last one loop-padded
    options.backbone = BackboneKind::ResNet50;
    options.frameStep = 4;
    EXPECT_EQ(FeaturePipeline(extractor, options).stepsOfFrames(50), 13); // frames 0, 4 .. 48
    EXPECT_EQ(FeaturePipeline(extractor, options).stepsOfFrames(0), 0);
}

} // namespace
} // namespace vigil::test
