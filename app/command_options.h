#pragma once
// What the command line asked for, as plain values (filled by CLI11 in cli.cpp).

#include "core/analysis/windows.h"
#include "core/common/defaults.h"
#include "core/engine/model_request.h"

#include <string>
#include <vector>

namespace vigil::app {

// --window and --stride as given: a stride of 0 (no --stride) follows the window.
inline constexpr analysis::WindowSettings kAskedWindows { defaults::kWindowSteps, 0 };

// The windows asked for, a stride of 0 replaced by the window.
inline analysis::WindowSettings resolvedWindows(analysis::WindowSettings asked)
{
    if (asked.strideSteps == 0)
        asked.strideSteps = asked.windowSteps;
    return asked;
}

struct RunOptions {
    std::vector<std::string> inputs;
    std::string outputDir = ".";
    bool isQuiet = false;
    bool isProfiled = false; // analyze --profile: time per stage on stderr at the end
    engine::ModelRequest model;
    // --preprocess was given; else the backbone's own default applies (defaultPresetOf).
    bool isPresetGiven = false;
    analysis::WindowSettings windows = kAskedWindows;
    int64_t snippetFrames = defaults::kSnippetFrames; // score: frames one feature step stands for
    double fps = 0.0; // score: frame rate of the features' video, when no sidecar says it
};

} // namespace vigil::app
