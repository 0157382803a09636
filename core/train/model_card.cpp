#include "core/train/model_card.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace vigil::train {
namespace {

using nlohmann::json;

json number(double value)
{
    return std::isnan(value) ? json(nullptr) : json(value);
}

json foldOf(const ModelCard& card)
{
    if (card.fold < 0)
        return nullptr;
    return { { "index", card.fold }, { "of", card.folds }, { "split_seed", card.splitSeed } };
}

} // namespace

std::string modelCardJson(const ModelCard& card)
{
    const json train { { "source", card.source }, { "videos", card.videos },
        { "anomalous", card.anomalous }, { "files", card.files } };
    // Adam's betas and eps are those of torch.optim.RAdam's defaults, which the trainer uses.
    const json optimizer { { "name", "RAdam" }, { "lr", card.learningRate },
        { "betas", { 0.9, 0.999 } }, { "eps", 1e-8 } };
    const json document { { "model", card.modelFile },
        { "architecture", "VideoClassifier (yaegasikk/attention_anomaly_detector)" },
        { "da", card.hiddenSize }, { "r", card.rows }, { "feature_size", card.featureSize },
        { "backbone", card.backbone }, { "train", train },
        { "validation", card.validationPath.empty() ? json(nullptr) : json(card.validationPath) },
        { "fold", foldOf(card) }, { "seed", card.seed }, { "epochs", card.epochs },
        { "batch_per_class", card.batchPerClass }, { "optimizer", optimizer },
        { "attention_dropout", card.attentionDropout }, { "threads", card.threads },
        { "steps", card.steps }, { "selected_step", card.selectedStep },
        { "validation_auc", number(card.validationAuc) },
        { "held_out_auc", card.fold < 0 ? json(nullptr) : number(card.heldOutAuc) },
        { "epoch_losses", card.epochLosses } };
    return document.dump(2) + "\n";
}

} // namespace vigil::train
