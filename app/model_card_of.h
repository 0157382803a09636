#pragma once
// The model card's figures that every training run has (the settings and the outcome), for
// `vigil train` and the demo's classifier alike; each adds what only it knows (data, source).

#include "core/train/model_card.h"
#include "models/classifier_trainer.h"

namespace vigil::app {

train::ModelCard modelCardOf(const models::TrainSettings& settings,
    const models::TrainedClassifier& classifier, const models::TrainingOutcome& outcome);

} // namespace vigil::app
