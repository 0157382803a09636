// The feature pipeline (decoder, preprocessing, bounded queue) on every file of the bad-input
// corpus, with a fake network: the same answers the CLI gives, checked without LibTorch, so that
// this suite can run under AddressSanitizer and UBSan in CI (scripts/run-engine-sanitizers.sh).

#include "core/analysis/feature_pipeline.h"
#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "tests/support/bad_inputs.h"
#include "tests/support/mean_extractor.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <numeric>

namespace vigil::test {
namespace {

using analysis::ExtractedFeatures;
using analysis::FeaturePipeline;

class BadInputPipeline : public ::testing::TestWithParam<BadInputCase> {
protected:
    void SetUp() override
    {
        if (::system("ffmpeg -version > /dev/null 2>&1") != 0)
            GTEST_SKIP() << "the ffmpeg tool is not installed; it makes the corpus";
        std::string error;
        const std::string corpus = badInputsDir(&error);
        ASSERT_TRUE(error.empty()) << "scripts/make_bad_inputs.sh failed:\n" << error;
        const auto skipped = skippedBadInputs(corpus);
        if (const auto found = skipped.find(GetParam().file); found != skipped.end())
            GTEST_SKIP() << found->second;
        input_ = corpus + "/" + GetParam().file;
        if (std::string(GetParam().file) == "unreadable.mp4" && canReadDespiteMode000(input_))
            GTEST_SKIP()
                << "running as root (or with CAP_DAC_OVERRIDE): a chmod 000 file is still readable";
    }

    std::string input_;
};

TEST_P(BadInputPipeline, AnswersLikeTheCommandLine)
{
    const BadInputCase& expected = GetParam();
    const FeaturePipeline pipeline(std::make_shared<MeanExtractor>(), {});
    const CancellationToken cancel;
    if (expected.outcome == BadInputOutcome::Fails) {
        try {
            pipeline.run(input_, cancel);
            FAIL() << "no error for " << input_;
        } catch (const MediaError& error) {
            const std::string message = error.what();
            EXPECT_EQ(message.rfind(input_ + ": ", 0), 0u) << message;
            EXPECT_NE(message.find(expected.message), std::string::npos) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
        }
        return;
    }
    const ExtractedFeatures extracted = pipeline.run(input_, cancel);
    EXPECT_GE(extracted.frames, expected.minFrames);
    EXPECT_LE(extracted.frames, expected.maxFrames);
    EXPECT_EQ(extracted.width, expected.width);
    EXPECT_EQ(extracted.height, expected.height);
    EXPECT_EQ(extracted.features.dim(0), (extracted.frames - 16) / 16 + 1);
    ASSERT_EQ(extracted.framePtsUs.size(), static_cast<size_t>(extracted.frames));
    EXPECT_TRUE(std::is_sorted(
        extracted.framePtsUs.begin(), extracted.framePtsUs.end(), std::less_equal<>()))
        << "timestamps must strictly increase";
    if (expected.outcome == BadInputOutcome::Analysed) {
        EXPECT_TRUE(extracted.warnings.empty()) << extracted.warnings.front();
    } else {
        const bool isWarned = std::any_of(
            extracted.warnings.begin(), extracted.warnings.end(), [&](const std::string& warning) {
                return warning.find(expected.message) != std::string::npos;
            });
        EXPECT_TRUE(isWarned) << (extracted.warnings.empty() ? "no warnings"
                                                             : extracted.warnings.front());
    }
}

// Issue 13, item 9: the preprocessors are sized from the first frames; a legal mid-stream size
// change (two MPEG-TS recordings joined) used to stop the run with an OpenCV message.
TEST(FeaturePipelineSizeChange, AnalysesAVideoWhoseFrameSizeChangesMidStream)
{
    const std::string dir = scratchDir("size_change_pipeline");
    const std::string args = "-c:v libx264 -preset ultrafast -f mpegts";
    if (!makeClip(dir + "/a.ts", "testsrc2=size=160x120:rate=25", 24, args)
        || !makeClip(dir + "/b.ts", "testsrc2=size=320x180:rate=25", 24, args))
        GTEST_SKIP() << "no ffmpeg tool with libx264 to make the clips";
    ASSERT_EQ(runCommand("cat " + shellQuoted(dir + "/a.ts") + " " + shellQuoted(dir + "/b.ts")
                  + " > " + shellQuoted(dir + "/joined.ts"))
                  .exitCode,
        0);
    const FeaturePipeline pipeline(std::make_shared<MeanExtractor>(), {});
    const ExtractedFeatures extracted = pipeline.run(dir + "/joined.ts", CancellationToken());
    EXPECT_EQ(extracted.frames, 48);
    EXPECT_EQ(extracted.width, 160);
    EXPECT_EQ(extracted.height, 120);
    EXPECT_EQ(extracted.features.dim(0), 3);
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadInputPipeline, ::testing::ValuesIn(kBadInputCases),
    [](const ::testing::TestParamInfo<BadInputCase>& info) { return testNameOf(info.param); });

} // namespace
} // namespace vigil::test
