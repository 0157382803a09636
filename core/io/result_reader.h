#pragma once
// Reads back the files an analysis left (<stem>.vigil.json and <stem>.scores.csv, the output
// contract of docs/output-format.md) as the AnalysisResult they were written from, so a result can
// be shown again without analysing the video (the GUI opening a batch's results). Features are not
// in those files. Pure function of the files; any thread. Throws vigil::IoError naming the file.

#include "core/analysis/analysis_result.h"

#include <string>

namespace vigil::io {

// csvPath gives each frame's time (framePtsUs); an empty csvPath leaves framePtsUs empty.
analysis::AnalysisResult readResultFiles(const std::string& jsonPath, const std::string& csvPath);

} // namespace vigil::io
