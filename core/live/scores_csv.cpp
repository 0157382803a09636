#include "core/live/scores_csv.h"

#include "core/live/live_records.h"

#include <cmath>

namespace vigil::live {

ScoresCsv::ScoresCsv(const std::string& dir)
    : file_(dir + "/scores.csv", kScoresHeader, Durability::Buffered)
{
}

bool ScoresCsv::append(int64_t streamUs, int64_t wallMs, std::optional<float> score)
{
    // The time as scoresCsvRow prints it ("%.3f" s): two steps within one millisecond would
    // read as a duplicate.
    const int64_t ms = std::llround(static_cast<double>(streamUs) / 1000.0);
    if (ms <= lastMs_) {
        ++rowsRefused_;
        return false;
    }
    file_.append(scoresCsvRow(streamUs, wallMs, score));
    lastMs_ = ms;
    return true;
}

} // namespace vigil::live
