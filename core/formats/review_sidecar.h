#pragma once
// Which events of a result a person has marked reviewed, kept in a small JSON file next to the
// result so that a team sharing the results folder shares the marks:
//   <base>.vigil.json -> <base>.reviewed.json
//   { "format": "vigil-reviewed", "version": 1, "result": "<base>.vigil.json",
//     "reviewed": [ { "peak_frame": 160, "first_frame": 120, "last_frame": 200 }, ... ] }
// An event is named by its peak frame: moving the threshold changes an event's first and last
// frames but rarely its peak, so a mark survives it; the range is kept for people reading the
// file. Written atomically (files::writeFileAtomically); a missing file means nothing reviewed.
// Value type and free functions; any thread. Throws vigil::IoError naming the file.

#include "core/analysis/score_events.h"

#include <cstdint>
#include <map>
#include <string>

namespace vigil::formats {

struct ReviewedEvents {
    // peak frame -> the event as it was when marked
    std::map<int64_t, analysis::ScoreEvent> byPeakFrame;

    bool isReviewed(const analysis::ScoreEvent& event) const
    {
        return byPeakFrame.count(event.peakFrame) != 0;
    }
    void mark(const analysis::ScoreEvent& event, bool isReviewed);
};

// "<dir>/clip.vigil.json" -> "<dir>/clip.reviewed.json"; another name gets ".reviewed.json"
// appended to its stem.
std::string reviewSidecarPath(const std::string& resultJsonPath);

// Nothing reviewed when the file does not exist; IoError when it exists and is not a sidecar.
ReviewedEvents readReviewSidecar(const std::string& sidecarPath);
void writeReviewSidecar(const std::string& sidecarPath, const std::string& resultFileName,
    const ReviewedEvents& reviewed);

} // namespace vigil::formats
