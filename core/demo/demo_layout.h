#pragma once
// What the demo is made of (docs/demo.md): Debian's sample video (or another), cut to
// `seconds` when asked, with a few seconds of clearly unusual content inserted (the colours
// inverted) at snippet boundaries, a little after the middle. Pure values and functions; any
// thread.

#include "core/common/defaults.h"
#include "core/common/settings.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vigil::demo {

inline constexpr const char* kDebianSampleVideo
    = "/usr/share/doc/opencv-doc/examples/data/vtest.avi"; // Debian package opencv-doc

inline constexpr int64_t kSnippetFrames = defaults::kSnippetFrames; // i3d-r50's feature step

struct DemoRequest {
    std::string sourceVideo = kDebianSampleVideo;
    double seconds = 0.0; // the first seconds of the source; 0: all of it
    std::string cacheRoot; // the demos' folder (defaultDemoRoot); each demo gets a subfolder
    int threads = 0; // of the networks; 0: all cores
};

// The inserted event in feature steps: steps [firstStep, firstStep + steps) are unusual.
struct DemoEvent {
    int64_t firstStep = 0;
    int64_t steps = 0;

    int64_t firstFrame() const { return firstStep * kSnippetFrames; }
    int64_t lastFrame() const { return (firstStep + steps) * kSnippetFrames - 1; }
    bool containsStep(int64_t step) const { return step >= firstStep && step < firstStep + steps; }
};

struct DemoLayout {
    int64_t frames = 0; // of the demo video
    double fps = 0.0;
    int64_t steps = 0; // whole snippets
    DemoEvent event;
};

// Throws vigil::Error when the source is too short for a demo (fewer than 8 snippets).
DemoLayout planDemo(int64_t sourceFrames, double fps, double seconds);

// ffmpeg's arguments that write the first layout.frames frames of `source` to `target`
// (Matroska, MPEG-4 Part 2, no sound), inverted within `inverted` (first and last frame,
// inclusive; an empty range inverts nothing).
struct FrameRange {
    int64_t first = 0;
    int64_t last = -1;
};
std::vector<std::string> ffmpegArguments(const std::string& source, const std::string& target,
    const DemoLayout& layout, FrameRange inverted);

// How the frame scores inside the inserted event compare with those outside it: what shows that
// the demo's classifier found it (printed by `vigil demo`, checked by its test).
struct EventContrast {
    double meanInside = 0.0;
    double meanOutside = 0.0;
    double maxOutside = 0.0;
};
EventContrast eventContrast(const std::vector<float>& frameScores, const DemoEvent& event);

// $XDG_CACHE_HOME/vigil/demo, else ~/.cache/vigil/demo (a relative XDG_CACHE_HOME is ignored,
// as the XDG spec says).
std::string defaultDemoRoot(const std::function<std::string(const char*)>& environment);

// The subfolder of one demo: "vtest-all", "vtest-first-24s".
std::string demoFolderName(const DemoRequest& request);

} // namespace vigil::demo
