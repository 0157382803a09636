#pragma once
// What the command line asked for, as plain values (filled by CLI11 in cli.cpp).

#include "core/analysis/network_interfaces.h"
#include "core/preprocess/snippet_preprocessor.h"
#include "models/model_factory.h"

#include <string>
#include <vector>

namespace vigil::app {

struct ModelOptions {
    analysis::BackboneKind backbone = analysis::BackboneKind::I3dResNet50;
    preprocess::CropMode crops = preprocess::CropMode::Center;
    std::string backboneWeights;
    std::string classifierWeights;
    bool useDemoWeights = false;
    int threads = 0; // 0: all cores
    models::ComputeDevice device = models::ComputeDevice::Cpu; // where the backbone runs
    int64_t frameStep = 1;
};

struct WindowOptions {
    int64_t windowSteps = 32;
    int64_t strideSteps = 0; // 0: same as the window
};

struct RunOptions {
    std::vector<std::string> inputs;
    std::string outputDir = ".";
    bool isQuiet = false;
    bool isProfiled = false; // analyze --profile: time per stage on stderr at the end
    ModelOptions model;
    WindowOptions windows;
    int64_t snippetFrames = 16; // score: frames one feature step stands for
};

} // namespace vigil::app
