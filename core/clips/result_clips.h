#pragma once
// The clips of finished analyses: each event of a result (runs of frames scoring at or above a
// threshold, analysis::findEvents) cut from the result's video by stream copy
// (media::cutClip), with seconds of context before and after, as planEventClips plans them (the
// desktop app's Export clip plans the same). Serves `vigil clips`; the results
// may be files or folders of them (the output of `vigil batch`, whose structure the clips
// mirror). Stateless functions; any thread; the CancellationToken, if given, must outlive the
// call. Throws IoError or MediaError naming the result or its video, or Cancelled.

#include "core/analysis/score_events.h"
#include "core/clips/event_clips.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "core/media/clip_cutter.h"

#include <functional>
#include <string>
#include <vector>

namespace vigil::clips {

struct ResultToClip {
    std::string jsonPath; // <base>.vigil.json
    std::string outputFolder; // where its clips go: the output folder, or a subfolder of it
    std::string clipBase; // clips are outputFolder/clipBase.event-NN<ext> (ClipNaming)
    std::string problem; // set when it cannot be cut (its clips would overwrite another's)
};

// inputs are result files (*.vigil.json) or folders searched recursively for them. Sorted by
// path within each folder; a result found twice is listed once. A folder's results put their
// clips in outputDir mirroring the folder's structure; each clipBase follows files::outputNames
// among the results sharing an output folder. Throws IoError for an input that is neither.
std::vector<ResultToClip> findResultsToClip(
    const std::vector<std::string>& inputs, const std::string& outputDir);

struct EventClip {
    analysis::ScoreEvent event;
    double peakTimeS = 0.0;
    media::ClipCut cut;
};

// Cuts every event of one result, in order, calling onClip after each. A result of features
// (no video), a video that is gone or differs from the one analysed (frame rate, size, length)
// throws before any clip is written. The container follows what the video is
// (clipExtensionOfVideo), so nothing is written outside outputFolder. Returns how many events
// there were.
size_t cutResultClips(const ResultToClip& result, const ClipSettings& settings,
    const std::function<void(const EventClip&)>& onClip, const CancellationToken* cancel);

} // namespace vigil::clips
