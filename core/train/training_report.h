#pragma once
// What a set of training runs (settings x seeds x folds) adds up to: the AUC of each run and,
// per setting (d_a, r), the mean and sample standard deviation over its runs, as a text table,
// CSV and JSON. Also parses `--sweep da=32,64 r=1,3`. Pure functions except the writers, which
// throw vigil::IoError naming the file.

#include "core/common/defaults.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::train {

struct ClassifierShape {
    int64_t hiddenSize = vigil::defaults::kHiddenSize; // d_a
    int64_t rows = vigil::defaults::kAttentionRows; // r
};

// Terms "da=32,64,128" and "r=1,3,7" (either may be absent: its default is used). Every
// combination, d_a outer. Throws std::invalid_argument with a message for the user.
std::vector<ClassifierShape> parseSweep(
    const std::vector<std::string>& terms, ClassifierShape defaults);

// A comma-separated list of non-negative integers ("1,2,3"). Throws std::invalid_argument.
std::vector<uint64_t> parseSeeds(const std::string& text);

struct RunResult {
    ClassifierShape shape;
    uint64_t seed = 0;
    int fold = -1; // -1: no cross-validation
    double auc = 0.0; // held-out fold AUC with folds, else the validation AUC; NaN if none
    double validationAuc = 0.0; // of the selected checkpoint; NaN without --val
    int64_t selectedStep = 0; // optimiser steps done when the kept weights were taken
    int64_t steps = 0;
    std::string modelPath;
};

struct SettingSummary {
    ClassifierShape shape;
    std::vector<double> aucs; // one per run that has an AUC
    double mean = 0.0; // NaN without runs
    double standardDeviation = 0.0; // sample (n - 1); NaN with fewer than two runs
};

std::vector<SettingSummary> summarise(const std::vector<RunResult>& runs);

std::string summaryTable(const std::vector<SettingSummary>& summaries, const std::string& aucName);

void writeReportCsv(const std::string& path, const std::vector<SettingSummary>& summaries);

// `header` holds the command's settings (a JSON object as text); runs and summaries are added.
void writeReportJson(const std::string& path, const std::string& headerJson,
    const std::vector<RunResult>& runs, const std::vector<SettingSummary>& summaries);

} // namespace vigil::train
