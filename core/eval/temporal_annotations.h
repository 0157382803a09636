#pragma once
// UCF-Crime's temporal annotation file (Temporal_Anomaly_Annotation_for_Testing_Videos.txt):
// one line per test video, "name class start1 end1 start2 end2", -1 for an absent segment.
// Start and end are taken as an INCLUSIVE range of 0-based frame indices. Immutable after
// parsing; any thread may read it. parse throws vigil::IoError naming the file and the line.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace vigil::eval {

struct VideoAnnotation {
    std::string videoName; // as written, e.g. "Arrest001_x264.mp4"
    std::string className; // e.g. "Arrest", "Normal"
    std::vector<std::pair<int64_t, int64_t>> segments; // inclusive [first, last] frames
};

// The key that matches a video to its features: the file name without folders, without its
// extension and without RTFM's "_i3d" suffix ("a/Arrest001_x264_i3d.npy" -> "Arrest001_x264").
std::string videoKey(const std::string& path);

class TemporalAnnotations {
public:
    static TemporalAnnotations read(const std::string& path);
    static TemporalAnnotations parse(const std::string& text, const std::string& source);

    // nullptr when the video has no line.
    const VideoAnnotation* find(const std::string& videoPathOrName) const;
    size_t size() const { return byKey_.size(); }

private:
    std::map<std::string, VideoAnnotation> byKey_;
};

// Per-frame labels (1 inside a segment) for a video of `frames` frames. A segment running past
// the last frame is cut there, since those frames have no features to score.
std::vector<uint8_t> frameLabels(const VideoAnnotation& annotation, int64_t frames);

} // namespace vigil::eval
