#pragma once
// The files an analysis leaves behind: <stem>.vigil.json (the output contract of
// docs/output-format.md) and <stem>.scores.csv (frame, time, score, then a column per detector).
// Both are written atomically. Throws vigil::IoError.

#include "core/analysis/analysis_result.h"

#include <string>

namespace vigil::formats {

// The result file's format word and version (README.md, "Output format"); readers refuse a
// higher version. Version 2 added "detectors" (each whole-video detector's step scores and
// weights) and a CSV column per detector; a version 1 file is read as one without detectors.
constexpr const char* kResultFormat = "vigil-result";
constexpr int kResultVersion = 3;

// resultFolder: where the JSON goes, for the video's path relative to it (none when empty).
std::string resultToJson(
    const analysis::AnalysisResult& result, const std::string& resultFolder = {});
std::string scoresToCsv(const analysis::AnalysisResult& result);

// A result file's name ends in ".vigil.json" (with something before it).
bool isResultFileName(const std::string& path);
// The scores beside a result: "dir/x.vigil.json" -> "dir/x.scores.csv"; empty for another name.
std::string scoresPathOfResult(const std::string& jsonPath);

struct WrittenFiles {
    std::string jsonPath;
    std::string csvPath;
};

// Writes both files into outputDir (created if needed), named after stem, with the video's
// fingerprint (files::fingerprintOf) when the result has none. When either write fails, neither
// new file is left.
WrittenFiles writeResultFiles(
    const analysis::AnalysisResult& result, const std::string& outputDir, const std::string& stem);

} // namespace vigil::formats
