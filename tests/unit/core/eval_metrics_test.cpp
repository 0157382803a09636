// ROC and PR AUC against scikit-learn's own figures (tests/data/eval/metrics.json, made by
// scripts/make_eval_goldens.py), and the ground truth built from UCF-Crime annotations.

#include "core/common/error.h"
#include "core/eval/roc_metrics.h"
#include "core/eval/temporal_annotations.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

namespace vigil::eval {
namespace {

nlohmann::json goldenCases()
{
    std::ifstream in(test::sourcePath("tests/data/eval/metrics.json"));
    return nlohmann::json::parse(in)["cases"];
}

TEST(RocMetrics, EqualScikitLearnOnScoresWithTies)
{
    const nlohmann::json cases = goldenCases();
    ASSERT_EQ(cases.size(), 4u);
    for (const auto& golden : cases) {
        SCOPED_TRACE(golden["name"].get<std::string>());
        const auto scores = golden["scores"].get<std::vector<float>>();
        const auto labels = golden["labels"].get<std::vector<uint8_t>>();
        EXPECT_NEAR(rocAuc(scores, labels), golden["roc_auc"].get<double>(), 1e-9);
        EXPECT_NEAR(prAuc(scores, labels), golden["pr_auc"].get<double>(), 1e-9);
        const std::vector<CurvePoint> roc = rocCurve(scores, labels);
        const auto fpr = golden["roc_fpr"].get<std::vector<double>>();
        const auto tpr = golden["roc_tpr"].get<std::vector<double>>();
        const auto thresholds = golden["roc_thresholds"].get<std::vector<double>>();
        ASSERT_EQ(roc.size(), fpr.size());
        for (size_t i = 0; i < roc.size(); ++i) {
            EXPECT_NEAR(roc[i].x, fpr[i], 1e-12) << "point " << i;
            EXPECT_NEAR(roc[i].y, tpr[i], 1e-12) << "point " << i;
            if (i > 0)
                EXPECT_NEAR(roc[i].threshold, thresholds[i - 1], 1e-7) << "point " << i;
        }
    }
}

TEST(RocMetrics, CountsTiesAsHalfRight)
{
    EXPECT_DOUBLE_EQ(rocAuc({ 0.5f, 0.5f, 0.5f, 0.5f }, { 0, 1, 0, 1 }), 0.5);
    EXPECT_DOUBLE_EQ(rocAuc({ 0.9f, 0.1f }, { 1, 0 }), 1.0);
    EXPECT_DOUBLE_EQ(rocAuc({ 0.9f, 0.1f }, { 0, 1 }), 0.0);
    EXPECT_DOUBLE_EQ(rocAuc({ 0.2f, 0.8f, 0.8f }, { 0, 1, 0 }), 0.75);
}

TEST(RocMetrics, IsUndefinedWithOneClassAndRejectsLengthMismatch)
{
    EXPECT_TRUE(std::isnan(rocAuc({ 0.1f, 0.2f }, { 1, 1 })));
    EXPECT_TRUE(std::isnan(prAuc({ 0.1f, 0.2f }, { 0, 0 })));
    EXPECT_THROW(rocAuc({ 0.1f }, { 1, 0 }), std::invalid_argument);
}

TEST(TemporalAnnotations, BuildsInclusiveFrameRangesAndCutsAtTheLastFrame)
{
    const TemporalAnnotations annotations
        = TemporalAnnotations::parse("Arrest001_x264.mp4  Arrest  3  5  -1  -1\n"
                                     "\n"
                                     "Explosion002_x264.mp4 Explosion 0 1 30 99\n"
                                     "Normal_Videos_003_x264.mp4 Normal -1 -1 -1 -1\n",
            "test annotations");
    EXPECT_EQ(annotations.size(), 3u);
    const VideoAnnotation* arrest = annotations.find("/features/Arrest001_x264_i3d.npy");
    ASSERT_NE(arrest, nullptr);
    EXPECT_EQ(arrest->className, "Arrest");
    EXPECT_EQ(frameLabels(*arrest, 8), (std::vector<uint8_t> { 0, 0, 0, 1, 1, 1, 0, 0 }));
    // The second segment runs past the video's 32 frames (2 snippets): cut at frame 31.
    const VideoAnnotation* explosion = annotations.find("Explosion002_x264.npy");
    ASSERT_NE(explosion, nullptr);
    std::vector<uint8_t> expected(32, 0);
    expected[0] = expected[1] = expected[30] = expected[31] = 1;
    EXPECT_EQ(frameLabels(*explosion, 32), expected);
    const VideoAnnotation* normal = annotations.find("Normal_Videos_003_x264");
    ASSERT_NE(normal, nullptr);
    EXPECT_EQ(frameLabels(*normal, 4), (std::vector<uint8_t>(4, 0)));
    EXPECT_EQ(annotations.find("Missing001_x264.npy"), nullptr);
}

TEST(TemporalAnnotations, NamesTheLineOfABadEntry)
{
    try {
        TemporalAnnotations::parse("A001.mp4 Arrest 3 5 -1 -1\nB002.mp4 Arrest 9 4\n", "ann.txt");
        FAIL() << "a segment whose end precedes its start was accepted";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("ann.txt line 2"), std::string::npos)
            << error.what();
    }
    EXPECT_THROW(TemporalAnnotations::parse("A001.mp4 Arrest 3\n", "x"), IoError);
    EXPECT_THROW(TemporalAnnotations::parse("A001.mp4 Arrest x y\n", "x"), IoError);
    EXPECT_THROW(
        TemporalAnnotations::parse("A001.mp4 Arrest 1 2\nA001.avi Arrest 1 2\n", "x"), IoError);
}

TEST(TemporalAnnotations, MatchesVideosByStemWithoutTheRtfmSuffix)
{
    EXPECT_EQ(videoKey("/a/b/Arrest001_x264_i3d.npy"), "Arrest001_x264");
    EXPECT_EQ(videoKey("Arrest001_x264.mp4"), "Arrest001_x264");
    EXPECT_EQ(videoKey("_i3d.npy"), "_i3d");
}

} // namespace
} // namespace vigil::eval
