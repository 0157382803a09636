#pragma once
// The networks a command runs with, loaded once from the command line's choice of weights
// (app/commands.cpp implements these for analyze, features, score and batch). Main thread only.

#include "app/command_options.h"
#include "core/analysis/feature_pipeline.h"
#include "core/analysis/video_analysis.h"
#include "models/model_factory.h"

#include <optional>
#include <string>
#include <vector>

namespace vigil::app {

struct Models {
    models::LoadedBackbone backbone;
    models::LoadedClassifier classifier;
    analysis::ModelDescription description;
    std::vector<std::string> warnings; // about the choice of weights, for every result
    ModelOptions resolved; // the options with the weights' files filled in
};

// "vigil: <message>" on stderr.
void printError(const std::string& message);

// Sets the networks' thread count from requested.threads. Throws ModelError on unreadable
// weights; returns nullopt (after printing why) when weights are missing and demo weights were
// not asked for.
std::optional<Models> loadModels(const ModelOptions& requested, bool needsBackbone);

// What the pipeline is asked for: backbone, crops, frame step, and batch sizes for the device.
analysis::ExtractionOptions extractionOptions(const ModelOptions& options);
analysis::FeaturePipeline makePipeline(const ModelOptions& options, const Models& models);

analysis::WindowSettings windowSettings(const WindowOptions& options);

} // namespace vigil::app
