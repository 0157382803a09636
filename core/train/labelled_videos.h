#pragma once
// Which feature files a training run learns from, and their video-level labels (0 normal,
// 1 anomalous): a labels CSV ("path,label"), or RTFM's list convention, where the first N lines
// of the list are the anomalous videos. Relative paths are taken from the CSV's or list's own
// folder. Throw vigil::IoError naming the file and line.

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::train {

struct LabelledVideo {
    std::string featuresPath;
    uint8_t label = 0; // 1: anomalous
};

// One "path,label" per line; a first line whose label is not 0 or 1 is a header. The path is
// everything before the last comma, so it may itself hold commas; blank lines and lines starting
// with '#' are skipped.
std::vector<LabelledVideo> readLabelsCsv(const std::string& csvPath);

// RTFM's train list: one path per line, the first `anomalousCount` anomalous, the rest normal.
std::vector<LabelledVideo> readAnomalousFirstList(
    const std::string& listPath, int64_t anomalousCount);

int64_t countLabel(const std::vector<LabelledVideo>& videos, uint8_t label);

} // namespace vigil::train
