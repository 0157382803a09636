#pragma once
// The JSON card `vigil train` writes beside each classifier it trains (<model>.json): what it was
// trained on, with which settings, and how it scored, so a .pth never travels without its
// provenance. Plain values; any thread.

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::train {

struct ModelCard {
    std::string modelFile; // the .pth's file name
    int64_t hiddenSize = 0; // d_a
    int64_t rows = 0; // r
    int64_t featureSize = 0;
    std::string backbone; // of the training features' sidecars
    std::string source; // the labels CSV or list file
    int64_t videos = 0;
    int64_t anomalous = 0;
    std::vector<std::string> files; // the feature files this run trained on
    std::string validationPath; // empty: none
    int fold = -1; // -1: no cross-validation
    int folds = 0;
    uint64_t splitSeed = 0;
    uint64_t seed = 0;
    int64_t epochs = 0;
    int64_t batchPerClass = 0;
    double learningRate = 0.0;
    double attentionDropout = 0.0;
    int threads = 1;
    int64_t steps = 0;
    int64_t selectedStep = 0;
    double validationAuc = 0.0; // NaN: none (written as null)
    double heldOutAuc = 0.0; // with folds only; NaN: none
    std::vector<double> epochLosses;
};

// The card as indented JSON text ending in a newline.
std::string modelCardJson(const ModelCard& card);

} // namespace vigil::train
