#pragma once
// What the command line asked for, as plain values (filled by CLI11 in cli.cpp).

#include "core/common/defaults.h"
#include "core/engine/model_request.h"

#include <string>
#include <vector>

namespace vigil::app {

struct WindowOptions {
    int64_t windowSteps = defaults::kWindowSteps;
    int64_t strideSteps = 0; // 0: same as the window
};

struct RunOptions {
    std::vector<std::string> inputs;
    std::string outputDir = ".";
    bool isQuiet = false;
    bool isProfiled = false; // analyze --profile: time per stage on stderr at the end
    engine::ModelRequest model;
    WindowOptions windows;
    int64_t snippetFrames = defaults::kSnippetFrames; // score: frames one feature step stands for
    double fps = 0.0; // score: frame rate of the features' video, when no sidecar says it
};

} // namespace vigil::app
