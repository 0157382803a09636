// The paper's test protocol over feature files on disk, with a scorer whose window score is the
// mean of the first feature value over the window's steps (per crop), so every figure is known.

#include "core/common/error.h"
#include "core/eval/evaluation.h"
#include "core/eval/feature_list.h"
#include "core/files/npy_file.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>

namespace vigil::eval {
namespace {

using analysis::WindowScore;

class MeanOfFirstValue : public analysis::WindowScorer {
public:
    WindowScore score(const FloatArray& window) const override
    {
        ++calls;
        const int64_t crops = window.dim(0), steps = window.dim(1), size = window.dim(2);
        WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, 1 });
        for (int64_t c = 0; c < crops; ++c) {
            double sum = 0.0;
            for (int64_t t = 0; t < steps; ++t) {
                sum += window.values[static_cast<size_t>((c * steps + t) * size)];
                result.attention.values[static_cast<size_t>(c * steps + t)] = 1.0f / steps;
            }
            result.cropScores.push_back(static_cast<float>(sum / steps));
        }
        return result;
    }
    int64_t featureSize() const override { return 4; }
    int64_t attentionRows() const override { return 1; }
    mutable int calls = 0; // counted by the test; score() is const like every scorer's
};

// Features [steps, crops, 4] whose first value is stepValue(t) + crop offset (+c, -c cancel
// out in pairs, so the mean over two crops is stepValue(t)).
FloatArray features(const std::vector<float>& stepValues, int64_t crops)
{
    FloatArray array = FloatArray::zeros({ static_cast<int64_t>(stepValues.size()), crops, 4 });
    for (size_t t = 0; t < stepValues.size(); ++t) {
        for (int64_t c = 0; c < crops; ++c) {
            const float offset = crops == 2 ? (c == 0 ? 0.1f : -0.1f) : 0.0f;
            array.values[(t * crops + c) * 4] = stepValues[t] + offset;
        }
    }
    return array;
}

TEST(Evaluation, SplitsIntoWindowsAveragesCropsAndRepeatsStepsSixteenTimes)
{
    MeanOfFirstValue scorer;
    EvalSettings settings;
    settings.splitSteps = 2;
    const std::vector<float> frames
        = paperFrameScores(features({ 0.2f, 0.4f, 0.9f }, 2), scorer, settings);
    ASSERT_EQ(frames.size(), 48u);
    EXPECT_NEAR(frames[0], 0.3f, 1e-6); // window of steps 0-1, mean over crops
    EXPECT_NEAR(frames[31], 0.3f, 1e-6);
    EXPECT_NEAR(frames[32], 0.9f, 1e-6); // the last, shorter window
    EXPECT_EQ(scorer.calls, 2);
}

class EvaluationOnDisk : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = test::scratchDir("evaluation");
        // Video a: anomalous in its second step; video b (normal): low scores.
        files::writeNpy(dir_ + "/Arrest001_x264_i3d.npy", features({ 0.1f, 0.8f }, 2));
        files::writeNpy(
            dir_ + "/Normal_Videos_002_x264_i3d.npy", features({ 0.3f, 0.2f, 0.1f }, 2));
        std::ofstream(dir_ + "/test.list") << "Arrest001_x264_i3d.npy\n"
                                           << dir_ << "/Normal_Videos_002_x264_i3d.npy\n";
        settings_.splitSteps = 1;
    }
    std::string dir_;
    EvalSettings settings_;
    MeanOfFirstValue scorer_;
    CancellationToken cancel_;
};

TEST_F(EvaluationOnDisk, GivesThePerfectAucWhenTheAnomalousStepScoresHighest)
{
    GroundTruth truth;
    truth.annotations = TemporalAnnotations::parse(
        "Arrest001_x264.mp4 Arrest 16 40 -1 -1\nNormal_Videos_002_x264.mp4 Normal -1 -1 -1 -1\n",
        "ann");
    const EvalReport report
        = evaluate(readFeatureList(dir_ + "/test.list"), truth, scorer_, settings_, cancel_);
    EXPECT_EQ(report.videos, 2);
    EXPECT_EQ(report.frames, 80);
    EXPECT_EQ(report.anomalousFrames, 16); // 16..31: the annotation runs past the last snippet
    EXPECT_DOUBLE_EQ(report.rocAuc, 1.0);
    ASSERT_EQ(report.classRocAuc.count("Arrest"), 1u);
    EXPECT_DOUBLE_EQ(report.classRocAuc.at("Arrest"), 1.0);
}

TEST_F(EvaluationOnDisk, ReadsConcatenatedLabelsAndNamesAMismatch)
{
    GroundTruth truth;
    std::vector<uint8_t> labels(80, 0);
    std::fill(labels.begin(), labels.begin() + 16, 1); // the low-scoring first step: AUC 0.25
    truth.concatenatedLabels = labels;
    const auto files = featureFilesIn(dir_);
    const EvalReport report = evaluate(files, truth, scorer_, settings_, cancel_);
    // 16 positives at 0.1 (tied with 16 negatives), 64 negatives: 0.8, 0.3, 0.2, 0.1.
    EXPECT_NEAR(report.rocAuc, (0.0 * 48 + 0.5 * 16) / 64.0, 1e-12);

    truth.concatenatedLabels = std::vector<uint8_t>(79, 0);
    try {
        evaluate(files, truth, scorer_, settings_, cancel_);
        FAIL() << "a ground truth one frame short was accepted";
    } catch (const IoError& error) {
        EXPECT_NE(
            std::string(error.what()).find("Normal_Videos_002_x264_i3d.npy"), std::string::npos)
            << error.what();
    }
    truth.concatenatedLabels = std::vector<uint8_t>(81, 0);
    EXPECT_THROW(evaluate(files, truth, scorer_, settings_, cancel_), IoError);
}

TEST_F(EvaluationOnDisk, NamesAVideoWithoutAnnotation)
{
    GroundTruth truth;
    truth.annotations
        = TemporalAnnotations::parse("Arrest001_x264.mp4 Arrest 16 40 -1 -1\n", "ann");
    try {
        evaluate(featureFilesIn(dir_), truth, scorer_, settings_, cancel_);
        FAIL() << "a video without annotation was accepted";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("Normal_Videos_002_x264"), std::string::npos)
            << error.what();
    }
}

TEST_F(EvaluationOnDisk, StopsWhenCancelled)
{
    GroundTruth truth;
    truth.concatenatedLabels = std::vector<uint8_t>(80, 0);
    cancel_.cancel();
    EXPECT_THROW(evaluate(featureFilesIn(dir_), truth, scorer_, settings_, cancel_), Cancelled);
}

TEST(FeatureList, ResolvesRelativePathsFromTheListFolderAndRejectsAnEmptyList)
{
    const std::string dir = test::scratchDir("feature_list");
    std::ofstream(dir + "/a.list") << "# comment\n  x_i3d.npy \r\n/abs/y_i3d.npy\n\n";
    EXPECT_EQ(readFeatureList(dir + "/a.list"),
        (std::vector<std::string> { dir + "/x_i3d.npy", "/abs/y_i3d.npy" }));
    std::ofstream(dir + "/empty.list") << "\n";
    EXPECT_THROW(readFeatureList(dir + "/empty.list"), IoError);
    EXPECT_THROW(readFeatureList(dir + "/missing.list"), IoError);
    EXPECT_THROW(featureFilesIn(dir + "/no_such_folder"), IoError);
    // Issue 40 item 8: a binary file given as the list; its NUL once cut the message short.
    std::ofstream(dir + "/binary.list", std::ios::binary)
        << std::string("a.npy\nfeat\0ures.npy\n\x01\x02", 21);
    try {
        readFeatureList(dir + "/binary.list");
        FAIL() << "a binary list was read";
    } catch (const IoError& error) {
        EXPECT_EQ(std::string(error.what()),
            dir
                + "/binary.list: line 2 holds a NUL or control byte: not a list of feature "
                  "files, one per line");
    }
}

} // namespace
} // namespace vigil::eval
