#pragma once
// The files an analysis leaves behind: <stem>.vigil.json (the output contract of
// docs/output-format.md) and <stem>.scores.csv (frame, time, score). Both are written atomically.
// Throws vigil::IoError.

#include "core/analysis/analysis_result.h"

#include <string>

namespace vigil::io {

std::string resultToJson(const analysis::AnalysisResult& result);
std::string scoresToCsv(const analysis::AnalysisResult& result);

struct WrittenFiles {
    std::string jsonPath;
    std::string csvPath;
};

// Writes both files into outputDir (created if needed), named after stem.
WrittenFiles writeResultFiles(
    const analysis::AnalysisResult& result, const std::string& outputDir, const std::string& stem);

} // namespace vigil::io
