// Training the attention classifier on synthetic features whose anomalous videos differ from
// normal ones in a few feature dimensions for a stretch of steps: it must learn to tell them
// apart on held-out videos, reproducibly, and save a file that Vigil and PyTorch both read.

#include "core/files/npy_file.h"
#include "core/train/segment_samples.h"
#include "core/train/training_set.h"
#include "models/classifier_trainer.h"
#include "models/model_factory.h"
#include "models/state_dict_reader.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <filesystem>
#include <random>

namespace vigil::models {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kCrops = 2;

// |N(0, 1)| features; anomalous videos add `shift` to dimensions 0..7 during an event covering
// a quarter to a half of the steps.
train::VideoSamples syntheticVideo(
    std::mt19937_64& random, uint8_t label, int64_t size, float shift)
{
    std::normal_distribution<float> normal(0.0f, 1.0f);
    const int64_t steps = 24 + static_cast<int64_t>(random() % 40);
    FloatArray features = FloatArray::zeros({ steps, kCrops, size });
    for (float& value : features.values)
        value = std::abs(normal(random));
    if (label == 1) {
        const int64_t length = steps / 4 + static_cast<int64_t>(random() % (steps / 4));
        const int64_t first = static_cast<int64_t>(random() % (steps - length + 1));
        for (int64_t t = first; t < first + length; ++t)
            for (int64_t c = 0; c < kCrops; ++c)
                for (int64_t f = 0; f < 8; ++f)
                    features.values[(t * kCrops + c) * size + f] += shift;
    }
    return { "synthetic", label, train::segmentSamples(features, "synthetic"), {} };
}

std::vector<train::VideoSamples> syntheticSet(uint64_t seed, int perLabel, int64_t size)
{
    std::mt19937_64 random(seed);
    std::vector<train::VideoSamples> videos;
    for (int i = 0; i < 2 * perLabel; ++i)
        videos.push_back(syntheticVideo(random, static_cast<uint8_t>(i % 2), size, 1.0f));
    return videos;
}

std::vector<const train::VideoSamples*> pointers(const std::vector<train::VideoSamples>& videos)
{
    std::vector<const train::VideoSamples*> result;
    for (const train::VideoSamples& video : videos)
        result.push_back(&video);
    return result;
}

TrainSettings smallSettings(uint64_t seed)
{
    TrainSettings settings;
    settings.hiddenSize = 16;
    settings.rows = 2;
    settings.epochs = 6;
    settings.batchPerClass = 8;
    settings.learningRate = 1e-3;
    settings.seed = seed;
    return settings;
}

class ClassifierTraining : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        setThreadCount(1);
        train_ = syntheticSet(1, 24, 256);
        heldOut_ = syntheticSet(2, 16, 256);
        validation_ = syntheticSet(3, 8, 256);
        dir_ = test::scratchDir("classifier_training");
    }
    static std::vector<train::VideoSamples> train_;
    static std::vector<train::VideoSamples> heldOut_;
    static std::vector<train::VideoSamples> validation_;
    static std::string dir_;
};
std::vector<train::VideoSamples> ClassifierTraining::train_;
std::vector<train::VideoSamples> ClassifierTraining::heldOut_;
std::vector<train::VideoSamples> ClassifierTraining::validation_;
std::string ClassifierTraining::dir_;

TEST_F(ClassifierTraining, SeparatesHeldOutVideosAfterTraining)
{
    const CancellationToken cancel;
    const TrainingOutcome outcome = trainClassifier(pointers(train_), smallSettings(1), {}, cancel);
    EXPECT_EQ(outcome.steps, 6 * ((24 * kCrops - 1) / 8));
    EXPECT_EQ(outcome.selectedStep, outcome.steps);
    EXPECT_TRUE(std::isnan(outcome.validationAuc));
    const double auc = train::videoLevelAuc(pointers(heldOut_), outcome.classifier->scorer());
    EXPECT_GT(auc, 0.95);
    EXPECT_LT(outcome.epochLosses.back(), outcome.epochLosses.front());
}

TEST_F(ClassifierTraining, GivesBitIdenticalWeightsForTheSameSeed)
{
    const CancellationToken cancel;
    std::vector<StateDict> dicts;
    for (uint64_t seed : { 5, 5, 6 }) {
        const std::string path
            = dir_ + "/seed" + std::to_string(seed) + "-" + std::to_string(dicts.size()) + ".pth";
        trainClassifier(pointers(train_), smallSettings(seed), {}, cancel).classifier->save(path);
        dicts.push_back(readStateDict(path));
    }
    ASSERT_EQ(dicts[0].size(), 8u);
    ASSERT_EQ(dicts[1].size(), 8u);
    bool isAnyDifferent = false;
    for (size_t i = 0; i < dicts[0].size(); ++i) {
        SCOPED_TRACE(dicts[0][i].first);
        EXPECT_EQ(dicts[0][i].first, dicts[1][i].first);
        EXPECT_TRUE(torch::equal(dicts[0][i].second, dicts[1][i].second));
        isAnyDifferent = isAnyDifferent || !torch::equal(dicts[0][i].second, dicts[2][i].second);
    }
    EXPECT_TRUE(isAnyDifferent) << "seed 6 gave the weights of seed 5";
}

TEST_F(ClassifierTraining, KeepsTheCheckpointWithTheBestValidationAuc)
{
    const CancellationToken cancel;
    std::vector<double> aucs;
    const Validator validate = [&](const analysis::WindowScorer& scorer) {
        return train::videoLevelAuc(pointers(validation_), scorer);
    };
    TrainSettings settings = smallSettings(7);
    settings.validateEverySteps = 2;
    const TrainingOutcome outcome = trainClassifier(
        pointers(train_), settings, validate, cancel, [&](const TrainingProgress& progress) {
            if (!std::isnan(progress.validationAuc))
                aucs.push_back(progress.validationAuc);
        });
    ASSERT_EQ(static_cast<int64_t>(aucs.size()), outcome.steps / 2);
    const auto best = std::max_element(aucs.begin(), aucs.end());
    EXPECT_EQ(outcome.validationAuc, *best);
    EXPECT_EQ(outcome.selectedStep, 2 * (best - aucs.begin() + 1));
    // The kept weights are those that scored it, not the last ones.
    EXPECT_EQ(train::videoLevelAuc(pointers(validation_), outcome.classifier->scorer()), *best);
}

TEST_F(ClassifierTraining, SavesAStateDictThatVigilLoadsWithTheSameScores)
{
    const CancellationToken cancel;
    const TrainingOutcome outcome = trainClassifier(pointers(train_), smallSettings(1), {}, cancel);
    const std::string path = dir_ + "/model.pth";
    outcome.classifier->save(path);
    const StateDict dict = readStateDict(path);
    const std::vector<std::pair<std::string, std::vector<int64_t>>> expected
        = { { "self_anttention.0.weight", { 16, 256 } }, { "self_anttention.0.bias", { 16 } },
              { "self_anttention.2.weight", { 2, 16 } }, { "self_anttention.2.bias", { 2 } },
              { "fc1.weight", { 32, 512 } }, { "fc1.bias", { 32 } }, { "fc2.weight", { 1, 32 } },
              { "fc2.bias", { 1 } } };
    ASSERT_EQ(dict.size(), expected.size());
    for (size_t i = 0; i < dict.size(); ++i) {
        EXPECT_EQ(dict[i].first, expected[i].first);
        EXPECT_EQ(dict[i].second.sizes().vec(), expected[i].second) << dict[i].first;
    }
    const LoadedClassifier loaded = loadClassifier(path);
    EXPECT_EQ(loaded.hiddenSize, 16);
    EXPECT_EQ(loaded.rows, 2);
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    for (const train::VideoSamples& video : heldOut_) {
        const analysis::WindowScore ours = outcome.classifier->scorer().score(video.samples);
        const analysis::WindowScore theirs = loaded.scorer->score(video.samples);
        EXPECT_EQ(ours.cropScores, theirs.cropScores);
    }
    EXPECT_FALSE(fs::exists(dir_ + "/.vigil-" + std::to_string(::getpid()) + "-0"))
        << "temporary folder left";
}

TEST_F(ClassifierTraining, RefusesTooFewSamplesForOneBatch)
{
    const CancellationToken cancel;
    TrainSettings settings = smallSettings(1);
    settings.batchPerClass = 48; // 24 videos x 2 crops = 48 samples: the paper's sampler needs more
    try {
        trainClassifier(pointers(train_), settings, {}, cancel);
        FAIL() << "no error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("48 normal and 48 anomalous"), std::string::npos)
            << error.what();
    }
}

// Python's torch.load + load_state_dict into the paper's VideoClassifier, scoring the same
// samples: scripts/pytorch_classifier_scores.py, run with Debian's python3-torch when installed.
TEST(ClassifierTrainingRoundTrip, PyTorchLoadsTheTrainedModelAndGivesTheSameScores)
{
    if (test::runCommand("/usr/bin/python3 -c 'import torch, numpy'").exitCode != 0)
        GTEST_SKIP()
            << "/usr/bin/python3 with torch and numpy is not available (Debian: python3-torch)";
    setThreadCount(1);
    const std::vector<train::VideoSamples> videos = syntheticSet(11, 10, 2048);
    const CancellationToken cancel;
    TrainSettings settings = smallSettings(3);
    settings.hiddenSize = 64;
    settings.rows = 3;
    settings.epochs = 2;
    settings.batchPerClass = 4;
    const TrainingOutcome outcome = trainClassifier(pointers(videos), settings, {}, cancel);
    const std::string dir = test::scratchDir("classifier_round_trip");
    outcome.classifier->save(dir + "/trained.pth");
    FloatArray input
        = FloatArray::zeros({ static_cast<int64_t>(videos.size()) * kCrops, 32, 2048 });
    std::vector<float> ours;
    for (size_t i = 0; i < videos.size(); ++i) {
        std::copy(videos[i].samples.values.begin(), videos[i].samples.values.end(),
            input.values.begin() + static_cast<int64_t>(i) * videos[i].samples.size());
        const analysis::WindowScore score = outcome.classifier->scorer().score(videos[i].samples);
        ours.insert(ours.end(), score.cropScores.begin(), score.cropScores.end());
    }
    files::writeNpy(dir + "/input.npy", input);
    const test::CommandResult run = test::runCommand("/usr/bin/python3 "
        + test::shellQuoted(test::sourcePath("scripts/pytorch_classifier_scores.py")) + " "
        + test::shellQuoted(dir + "/trained.pth") + " " + test::shellQuoted(dir + "/input.npy")
        + " " + test::shellQuoted(dir + "/scores.npy"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const FloatArray theirs = files::readNpy(dir + "/scores.npy");
    ASSERT_EQ(theirs.values.size(), ours.size());
    for (size_t i = 0; i < ours.size(); ++i)
        EXPECT_NEAR(theirs.values[i], ours[i], 1e-5) << "sample " << i;
    // Not a constant: the trained classifier gives its samples different scores.
    EXPECT_GT(
        *std::max_element(ours.begin(), ours.end()) - *std::min_element(ours.begin(), ours.end()),
        1e-3);
}

} // namespace
} // namespace vigil::models
