#include "core/live/scores_csv.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/live/live_records.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace vigil::live {
namespace {

std::string headerWith(const std::vector<std::string>& detectorNames)
{
    std::string header = kScoresHeader;
    for (const std::string& name : detectorNames)
        header += "," + name;
    return header;
}

// Rows of other columns under an old header would be misread: refuse before writing any.
std::string checkedHeader(const std::string& path, const std::string& header)
{
    // Read through the one regular-file open: a FIFO named scores.csv is refused, never
    // waited on, and only the header's line is read from a file of any size.
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        return header;
    const std::string start = files::RegularFile(path).readPrefix(64 * 1024);
    const std::string first = start.substr(0, start.find('\n'));
    if (!first.empty() && first != header)
        throw IoError(path + ": its columns are " + first + ", this watch writes " + header
            + " (other --detectors); use another output folder");
    return header;
}

} // namespace

ScoresCsv::ScoresCsv(const std::string& dir, const std::vector<std::string>& detectorNames)
    : columns_(detectorNames.size())
    , file_(dir + "/scores.csv", checkedHeader(dir + "/scores.csv", headerWith(detectorNames)),
          Durability::Buffered)
{
}

bool ScoresCsv::append(int64_t streamUs, int64_t wallMs, std::optional<float> score,
    const std::vector<float>& detectorScores)
{
    // The time as scoresCsvRow prints it ("%.3f" s): two steps within one millisecond would
    // read as a duplicate.
    const int64_t ms = std::llround(static_cast<double>(streamUs) / 1000.0);
    if (ms <= lastMs_) {
        ++rowsRefused_;
        return false;
    }
    std::string row = scoresCsvRow(streamUs, wallMs, score);
    char value[32];
    for (size_t i = 0; i < columns_; ++i) {
        if (score && i < detectorScores.size() && std::isfinite(detectorScores[i]))
            std::snprintf(value, sizeof value, ",%.6f", static_cast<double>(detectorScores[i]));
        else
            std::snprintf(value, sizeof value, ",");
        row += value;
    }
    file_.append(row);
    lastMs_ = ms;
    return true;
}

} // namespace vigil::live
