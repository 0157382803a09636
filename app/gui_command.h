#pragma once
// `vigil gui [VIDEO]` (and `vigil` alone): builds the networks from the command-line options,
// asking in a dialog when weights are missing, then runs the Qt main window. With a screenshot
// path it analyses VIDEO, saves the window as PNG and exits (offscreen unless a platform is set).
// Runs on the main thread; returns an exit code from exit_codes.h and throws nothing. Without a
// display it says so in one line (exit 2); a cancel of `cancel` (the first SIGINT/SIGTERM, see
// app/main.cpp) closes the app (exit 130).

#include "app/command_options.h"
#include "core/common/cancellation.h"

#include <string>

namespace vigil::app {

struct GuiOptions {
    std::string video; // opened at start when not empty
    std::string screenshotPath; // analyse, save the window there, exit
    bool isDemo = false; // start the demo, as the empty window's Try the demo button does
    std::string camerasFile; // a camera wall at start (File > Open Cameras…)
    std::string camerasOutput; // its folder; empty: Open Cameras' default
};

int runGui(const RunOptions& options, const GuiOptions& gui, char* programName,
    const CancellationToken& cancel);

} // namespace vigil::app
