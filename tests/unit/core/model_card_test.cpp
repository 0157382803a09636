// The card beside each trained classifier: every setting named, AUCs that were not measured null
// (never 0), the fold object only under cross-validation.

#include "core/train/model_card.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <limits>

namespace {

using nlohmann::json;
using vigil::train::ModelCard;
using vigil::train::modelCardJson;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

ModelCard trainedCard()
{
    ModelCard card;
    card.modelFile = "model.pth";
    card.hiddenSize = 128;
    card.rows = 7;
    card.featureSize = 2048;
    card.backbone = "i3d-resnet50";
    card.source = "labels.csv";
    card.videos = 4;
    card.anomalous = 2;
    card.files = { "a.npy", "b.npy" };
    card.seed = 9111;
    card.epochs = 3;
    card.batchPerClass = 2;
    card.learningRate = 1e-3;
    card.attentionDropout = 0.3;
    card.steps = 6;
    card.selectedStep = 4;
    card.validationAuc = 0.75;
    card.heldOutAuc = kNan;
    card.epochLosses = { 0.7, 0.6, 0.5 };
    return card;
}

TEST(ModelCard, NamesEverySettingOfTheRun)
{
    const json card = json::parse(modelCardJson(trainedCard()));
    EXPECT_EQ(card["model"], "model.pth");
    EXPECT_EQ(card["da"], 128);
    EXPECT_EQ(card["r"], 7);
    EXPECT_EQ(card["feature_size"], 2048);
    EXPECT_EQ(card["train"]["files"], json({ "a.npy", "b.npy" }));
    EXPECT_EQ(card["train"]["anomalous"], 2);
    EXPECT_EQ(card["optimizer"]["name"], "RAdam");
    EXPECT_DOUBLE_EQ(card["optimizer"]["lr"].get<double>(), 1e-3);
    EXPECT_EQ(card["seed"], 9111);
    EXPECT_EQ(card["selected_step"], 4);
    EXPECT_DOUBLE_EQ(card["validation_auc"].get<double>(), 0.75);
    EXPECT_EQ(card["epoch_losses"].size(), 3u);
}

TEST(ModelCard, WritesNullForWhatWasNotMeasured)
{
    ModelCard card = trainedCard();
    card.validationAuc = kNan;
    const json written = json::parse(modelCardJson(card));
    EXPECT_TRUE(written["validation_auc"].is_null());
    EXPECT_TRUE(written["validation"].is_null());
    EXPECT_TRUE(written["fold"].is_null());
    EXPECT_TRUE(written["held_out_auc"].is_null()) << "no folds: no held-out AUC, not 0";
}

TEST(ModelCard, NamesTheFoldAndItsHeldOutAucUnderCrossValidation)
{
    ModelCard card = trainedCard();
    card.fold = 1;
    card.folds = 3;
    card.heldOutAuc = 0.8;
    const json written = json::parse(modelCardJson(card));
    EXPECT_EQ(written["fold"], json({ { "index", 1 }, { "of", 3 }, { "split_seed", 0 } }));
    EXPECT_DOUBLE_EQ(written["held_out_auc"].get<double>(), 0.8);
}

} // namespace
