#pragma once
// ScoresCsv: DIR/scores.csv of one watch, one row per feature step or gap, in stream-time order.
// A row at or before the last one written (as printed, to the millisecond) is refused, so a row
// that comes late or twice (around a reconnection, with a source faster than real time) can
// never put the file out of order. Rows go through LineAppender (whole lines, Buffered). The
// order is kept within a run: a restarted watch starts its stream time at 0 again. With
// --detectors, one more column per detector (named by it) holds its rolling score
// (RollingDetectors); a file of other columns is refused, never appended to. One thread;
// throws IoError naming the path.

#include "core/live/line_appender.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vigil::live {

class ScoresCsv {
public:
    // detectorNames: the extra columns, in order (none with the classifier alone).
    explicit ScoresCsv(const std::string& dir, const std::vector<std::string>& detectorNames = {});

    // False when refused (not after the last row); the score is empty for "not scored", and so
    // are the detectors' columns when detectorScores has fewer values than there are columns, and
    // a detector's whose score is NaN (it stopped).
    bool append(int64_t streamUs, int64_t wallMs, std::optional<float> score,
        const std::vector<float>& detectorScores = {});
    int64_t rowsRefused() const { return rowsRefused_; }

private:
    size_t columns_ = 0; // of the detectors
    LineAppender file_;
    int64_t lastMs_ = -1;
    int64_t rowsRefused_ = 0;
};

} // namespace vigil::live
