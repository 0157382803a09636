// The training input of the paper (32-segment averaging, checked against hand-computed
// values), labels files, folds, and the report's statistics.

#include "core/common/error.h"
#include "core/train/labelled_videos.h"
#include "core/train/segment_samples.h"
#include "core/train/training_report.h"
#include "core/train/training_set.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>

namespace vigil::train {
namespace {

// features[t, c, f] = 1000 c + t + f / 4: every value exact in float32.
FloatArray rampFeatures(int64_t steps, int64_t crops, int64_t size)
{
    FloatArray features = FloatArray::zeros({ steps, crops, size });
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t c = 0; c < crops; ++c)
            for (int64_t f = 0; f < size; ++f)
                features.values[(t * crops + c) * size + f] = 1000.0f * c + t + f / 4.0f;
    return features;
}

float sampleValue(const FloatArray& samples, int64_t crop, int64_t segment, int64_t f)
{
    return samples.values[(crop * samples.dim(1) + segment) * samples.dim(2) + f];
}

TEST(SegmentSamples, TakesTheStepAtTheStartOfEachEmptySegmentOfAShortVideo)
{
    // T = 5: linspace(0, 5, 33).astype(int) puts 7, 6, 7, 6, 6 segments on steps 0..4; every
    // segment is empty or one step long, so each is step floor(5 i / 32) itself.
    const std::vector<int64_t> expectedStep = { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2,
        2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4 };
    const FloatArray samples = segmentSamples(rampFeatures(5, 2, 3), "short.npy");
    ASSERT_EQ(samples.shape, (std::vector<int64_t> { 2, 32, 3 }));
    for (int64_t i = 0; i < 32; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(sampleValue(samples, 0, i, 0), static_cast<float>(expectedStep[i]));
        EXPECT_EQ(sampleValue(samples, 1, i, 2), 1000.0f + expectedStep[i] + 0.5f);
    }
}

TEST(SegmentSamples, AveragesTheStepsOfEachSegmentOfALongVideo)
{
    // T = 70: boundaries floor(70 i / 32) = 0, 2, 4, 6, 8, 10, 13, ... 67, 70.
    const FloatArray samples = segmentSamples(rampFeatures(70, 3, 2), "long.npy");
    ASSERT_EQ(samples.shape, (std::vector<int64_t> { 3, 32, 2 }));
    EXPECT_EQ(sampleValue(samples, 0, 0, 0), 0.5f); // steps 0, 1
    EXPECT_EQ(sampleValue(samples, 0, 5, 0), 11.0f); // steps 10, 11, 12
    EXPECT_EQ(sampleValue(samples, 2, 5, 1), 2011.25f); // crop 2, feature 1
    EXPECT_EQ(sampleValue(samples, 1, 31, 0), 1068.0f); // steps 67, 68, 69
    EXPECT_EQ(segmentBoundary(6, 70, 32), 13);
}

TEST(SegmentSamples, TreatsATwoDimensionalArrayAsOneCrop)
{
    FloatArray features = FloatArray::zeros({ 40, 4 });
    for (int64_t t = 0; t < 40; ++t)
        for (int64_t f = 0; f < 4; ++f)
            features.values[t * 4 + f] = static_cast<float>(t);
    const FloatArray samples = segmentSamples(features, "plain.npy");
    ASSERT_EQ(samples.shape, (std::vector<int64_t> { 1, 32, 4 }));
    EXPECT_EQ(sampleValue(samples, 0, 3, 0), 3.5f); // boundaries 3 and 5
}

TEST(SegmentSamples, RejectsAnEmptyArrayNamingTheFile)
{
    try {
        segmentSamples(FloatArray::zeros({ 0, 10, 2048 }), "empty_i3d.npy");
        FAIL() << "no error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("empty_i3d.npy"), std::string::npos);
    }
}

TEST(LabelledVideos, ReadsACsvWithAHeaderAndPathsRelativeToItsFolder)
{
    const std::string dir = test::scratchDir("labels_csv");
    std::ofstream(dir + "/train.csv")
        << "path,label\nfeatures/a_i3d.npy,1\n\n/abs/b.npy , 0\n\"c,d.npy\",1\n";
    const std::vector<LabelledVideo> videos = readLabelsCsv(dir + "/train.csv");
    ASSERT_EQ(videos.size(), 3u);
    EXPECT_EQ(videos[0].featuresPath, dir + "/features/a_i3d.npy");
    EXPECT_EQ(videos[0].label, 1);
    EXPECT_EQ(videos[1].featuresPath, "/abs/b.npy");
    EXPECT_EQ(videos[1].label, 0);
    EXPECT_EQ(videos[2].featuresPath, dir + "/c,d.npy");
    EXPECT_EQ(countLabel(videos, 1), 2);
}

TEST(LabelledVideos, NamesTheFileAndLineOfABadLabel)
{
    const std::string dir = test::scratchDir("labels_bad");
    std::ofstream(dir + "/train.csv") << "a.npy,0\nb.npy,2\n";
    try {
        readLabelsCsv(dir + "/train.csv");
        FAIL() << "no error";
    } catch (const IoError& error) {
        EXPECT_EQ(std::string(error.what()),
            dir
                + "/train.csv: line 2: expected \"path,label\" with label 0 "
                  "(normal) or 1 (anomalous)");
    }
}

TEST(LabelledVideos, TakesTheFirstLinesOfAnRtfmListAsAnomalous)
{
    const std::string dir = test::scratchDir("labels_list");
    std::ofstream(dir + "/train.list")
        << "x/Abuse001_i3d.npy\nx/Arrest002_i3d.npy\nx/Normal_Videos001_i3d.npy\n";
    const std::vector<LabelledVideo> videos = readAnomalousFirstList(dir + "/train.list", 2);
    ASSERT_EQ(videos.size(), 3u);
    EXPECT_EQ(videos[1].label, 1);
    EXPECT_EQ(videos[2].label, 0);
    EXPECT_THROW(readAnomalousFirstList(dir + "/train.list", 4), IoError);
}

TEST(Folds, PutEveryVideoInOneFoldWithBalancedLabels)
{
    std::vector<uint8_t> labels(23, 0);
    for (size_t i = 0; i < 10; ++i)
        labels[i * 2] = 1;
    const std::vector<int> folds = assignFolds(labels, 5, 0);
    ASSERT_EQ(folds.size(), labels.size());
    for (int fold = 0; fold < 5; ++fold) {
        SCOPED_TRACE(fold);
        int anomalous = 0;
        int all = 0;
        for (size_t i = 0; i < folds.size(); ++i) {
            all += folds[i] == fold;
            anomalous += folds[i] == fold && labels[i] == 1;
        }
        EXPECT_EQ(anomalous, 2);
        EXPECT_GE(all, 4);
        EXPECT_LE(all, 5);
    }
    EXPECT_EQ(assignFolds(labels, 5, 0), folds);
    EXPECT_NE(assignFolds(labels, 5, 1), folds);
}

TEST(TrainingReport, ParsesASweepIntoEveryCombination)
{
    const std::vector<ClassifierShape> shapes = parseSweep({ "da=32,64", "r=1,3,7" }, { 64, 3 });
    ASSERT_EQ(shapes.size(), 6u);
    EXPECT_EQ(shapes[0].hiddenSize, 32);
    EXPECT_EQ(shapes[0].rows, 1);
    EXPECT_EQ(shapes[5].hiddenSize, 64);
    EXPECT_EQ(shapes[5].rows, 7);
    EXPECT_EQ(parseSweep({ "r=5" }, { 128, 3 }).front().hiddenSize, 128);
    EXPECT_THROW(parseSweep({ "dk=3" }, { 64, 3 }), std::invalid_argument);
    EXPECT_THROW(parseSweep({ "da=3,x" }, { 64, 3 }), std::invalid_argument);
    EXPECT_THROW(parseSweep({ "r=0" }, { 64, 3 }), std::invalid_argument);
    EXPECT_EQ(parseSeeds("1,2,30"), (std::vector<uint64_t> { 1, 2, 30 }));
    EXPECT_THROW(parseSeeds("1,,2"), std::invalid_argument);
}

TEST(TrainingReport, GivesTheMeanAndSampleStandardDeviationPerSetting)
{
    std::vector<RunResult> runs;
    for (double auc : { 0.8, 0.9, 1.0 })
        runs.push_back({ { 64, 3 }, 1, -1, auc, auc, 0, 0, "" });
    runs.push_back({ { 32, 1 }, 1, -1, 0.75, 0.75, 0, 0, "" });
    const std::vector<SettingSummary> summaries = summarise(runs);
    ASSERT_EQ(summaries.size(), 2u);
    EXPECT_NEAR(summaries[0].mean, 0.9, 1e-12);
    EXPECT_NEAR(summaries[0].standardDeviation, 0.1, 1e-12);
    EXPECT_EQ(summaries[1].aucs.size(), 1u);
    EXPECT_TRUE(std::isnan(summaries[1].standardDeviation));
    const std::string table = summaryTable(summaries, "AUC");
    EXPECT_NE(table.find("90.00"), std::string::npos) << table;
    EXPECT_NE(table.find("10.00"), std::string::npos) << table;
}

} // namespace
} // namespace vigil::train
