#pragma once
// Reads back the files an analysis left (<stem>.vigil.json and <stem>.scores.csv, the output
// contract of docs/output-format.md) as the AnalysisResult they were written from, so a result can
// be shown again without analysing the video (the GUI opening a batch's results). Features are not
// in those files. Pure function of the files; any thread. Throws vigil::IoError naming the file.

#include "core/analysis/analysis_result.h"

#include <string>

namespace vigil::formats {

// The one reader of results, for every consumer (--resume, `vigil clips`, the GUI): both files
// are read only when they are regular files, within a size cap (the CSV's from the frame
// count), and refused, naming the file and the field, unless every number is finite and in
// range (scores in [0, 1], times within [-1 h, 1e8 s], frames within the video's), the CSV
// holds the JSON's scores row by row, and the format version is one this Vigil reads. The
// video's path is resolved relative to the result's folder first, then as stored (absolute).
constexpr int64_t kMaxResultFrames = int64_t { 1 } << 31;
constexpr uint64_t kMaxResultJsonBytes = uint64_t { 256 } << 20;

// csvPath gives each frame's time (framePtsUs); an empty csvPath, or a CSV of features scored
// without a frame rate (empty times), leaves framePtsUs empty.
analysis::AnalysisResult readResultFiles(const std::string& jsonPath, const std::string& csvPath);

} // namespace vigil::formats
