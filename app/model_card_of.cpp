#include "app/model_card_of.h"

namespace vigil::app {

train::ModelCard modelCardOf(const models::TrainSettings& settings,
    const models::TrainedClassifier& classifier, const models::TrainingOutcome& outcome)
{
    train::ModelCard card;
    card.hiddenSize = settings.hiddenSize;
    card.rows = settings.rows;
    card.featureSize = classifier.featureSize();
    card.seed = settings.seed;
    card.epochs = settings.epochs;
    card.batchPerClass = settings.batchPerClass;
    card.learningRate = settings.learningRate;
    card.attentionDropout = settings.attentionDropout;
    card.steps = outcome.steps;
    card.selectedStep = outcome.selectedStep;
    card.validationAuc = outcome.validationAuc;
    card.epochLosses = outcome.epochLosses;
    return card;
}

} // namespace vigil::app
