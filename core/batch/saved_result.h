#pragma once
// Reads back what an earlier run left for one video (<base>.vigil.json and <base>.scores.csv) to
// decide whether --resume may skip it: both files must parse, follow the output contract of
// docs/output-format.md, agree with each other frame by frame, and have been made with the settings
// of this run. Anything else (missing, half-written, edited, other settings) means "analyse again".
// Pure function of the files; any thread; never throws for a bad file.

#include "core/analysis/analysis_result.h"
#include "core/analysis/event_rule.h"
#include "core/batch/video_figures.h"
#include "core/common/defaults.h"

#include <string>

#include <string>
#include <utility>
#include <vector>

namespace vigil::engine {
class Engine;
}

namespace vigil::batch {

// The settings a saved result must have been made with: the same networks (backbone, crops,
// preprocessing preset and both weights, by provenance and SHA-256, so a demo result never
// passes for a published one) and the same windows.
struct ExpectedSettings {
    analysis::ModelDescription model;
    analysis::WindowSettings windows;
    // --detectors: the same detectors, each with the same weights (provenance and SHA-256).
    std::vector<std::pair<DetectorKind, analysis::WeightsInfo>> detectors;
};

// Why a result was not made with these settings ("made with other detectors (--detectors)");
// empty when it was.
std::string settingsProblem(
    const analysis::AnalysisResult& saved, const ExpectedSettings& expected);

// What a run of this engine with these windows writes into its results.
ExpectedSettings expectedSettingsOf(
    const engine::Engine& engine, const analysis::WindowSettings& windows);

struct SavedResult {
    bool isComplete = false;
    std::string problem; // why not, when not complete ("scores.csv has 12 rows, expected 40")
    VideoFigures figures; // when complete
};

SavedResult checkSavedResult(const std::string& jsonPath, const std::string& csvPath,
    const ExpectedSettings& expected, const analysis::EventRule& events);

} // namespace vigil::batch
