#pragma once
// The clips of one result's events, planned the one way both `vigil clips` and the desktop
// app's Export clip cut them: each event's stretch from its frames' own timestamps
// (AnalysisResult::framePtsUs, so a variable-frame-rate video is cut where its frames are, not
// at frame / fps), the name <base>.event-NN<ext>, and a single-file container chosen from what
// the video really is. media::cutClip then starts each clip at the keyframe at or before its
// stretch. Pure functions on values; any thread; nothing here opens a file but
// clipExtensionOfVideo.

#include "core/analysis/analysis_result.h"
#include "core/analysis/event_rule.h"
#include "core/analysis/score_events.h"
#include "core/common/defaults.h"
#include "core/media/clip_cutter.h"

#include <string>
#include <vector>

namespace vigil::clips {

struct ClipSettings {
    analysis::EventRule events; // the one event rule; its threshold is the GUI's default
    double preS = defaults::kClipPreS;
    double postS = defaults::kClipPostS;
};

// Where a result's clips go and what they are called: outputFolder/clipBase.event-NN<extension>.
struct ClipNaming {
    std::string outputFolder;
    std::string clipBase;
    std::string extension; // with its dot: clipExtensionFor
};

// ".mp4", ".mov", ".mkv", ".avi" or ".ts": the single-file container a clip of a video is
// written in, from the demuxer FFmpeg detected in it (media::VideoProbe::containerName), never
// from the name alone: a video named x.m3u8 or x.mpd would pick FFmpeg's HLS or DASH muxer,
// which writes segments beside the working folder. Within the QuickTime family the video's own
// extension picks .mov or .mp4. Any other demuxer gives ".mkv" (Matroska holds nearly every
// codec).
std::string clipExtensionFor(const std::string& containerName, const std::string& videoPath);
// clipExtensionFor of the video at videoPath, probed to see what it is. Throws MediaError when
// it is no video.
std::string clipExtensionOfVideo(const std::string& videoPath);

// Seconds of frame `frame`: its timestamp, else frame / fps for a result that has none (0 when
// the frame rate is unknown too).
double timeOfFrameS(const analysis::AnalysisResult& result, int64_t frame);

// "01".."09", "10": an event's number among `count`, two digits at least, more when needed.
std::string eventNumber(size_t number, size_t count);

struct PlannedClip {
    analysis::ScoreEvent event;
    double peakTimeS = 0.0;
    media::ClipRequest request; // the stretch [first frame, end of the last frame] of the video
};

// One clip per event of settings.events (analysis::findEvents(result, rule)), in order. The
// stretch ends where the frame after the event starts (the last frame's end), with
// settings.preS and postS of context either side.
std::vector<PlannedClip> planEventClips(
    const analysis::AnalysisResult& result, const ClipSettings& settings, const ClipNaming& naming);
// The same for events found otherwise (the desktop app's events of a detector, or of k of n):
// numbered among them; settings.events is not used.
std::vector<PlannedClip> planEventClips(const analysis::AnalysisResult& result,
    const std::vector<analysis::ScoreEvent>& events, const ClipSettings& settings,
    const ClipNaming& naming);

} // namespace vigil::clips
