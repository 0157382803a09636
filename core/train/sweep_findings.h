#pragma once
// A saved training sweep (`vigil train --sweep … --seeds … [--folds K]`, <stem>.report.json)
// read back, and what it says about the student's question 7 (docs/explain.md): how far apart
// the settings are against the spread of their own runs, and whether the kept weights came
// early (the validation AUC fell while training went on). readSweepReport throws
// vigil::IoError naming the file; the rest is pure. Any thread.

#include "core/train/training_report.h"

#include <string>
#include <vector>

namespace vigil::train {

struct SweepReport {
    std::vector<RunResult> runs;
    std::vector<SettingSummary> settings; // summarise(runs): recomputed, not trusted
};

// The file is untrusted: bounded (kMaxSweepReportBytes, kMaxSweepRuns), every field checked.
inline constexpr uint64_t kMaxSweepReportBytes = 16ull << 20;
inline constexpr size_t kMaxSweepRuns = 10000;
SweepReport readSweepReport(const std::string& path);

// Sentences for question 7, on the report's own numbers; `source` names it
// ("runs/model.report.json").
std::vector<std::string> sweepFindings(const SweepReport& report, const std::string& source);

} // namespace vigil::train
