#pragma once
// CamerasPlan: the cameras one `vigil watch` serves, from its [NAME=]SOURCE arguments or a
// cameras file, turned into one WatchPlan each (live::planWatch) or the one problem that stops
// the watch. One camera given without a name writes in DIR itself, as it always did; several
// write DIR/<name>/, and names and folders are never shared. Pure but for reading the file.

#include "core/live/watch_plan.h"

#include <optional>
#include <string>
#include <vector>

namespace vigil::live {

// One camera as the user named it; what is not set is the watch's own choice.
struct CameraEntry {
    std::string name; // empty: made from the redacted source
    std::string location;
    std::optional<double> on;
    std::optional<double> off;
    std::optional<double> minDurationS;
    std::string folder; // empty: DIR/<name>; relative: under DIR
};

// "door=rtsp://…" names its camera; a source whose text before the first '=' is not a name (a
// URL's query, say) is the whole argument.
CameraEntry cameraEntryOf(const std::string& argument);

// A cameras file: {"cameras": [{"name": …, "source": …, "on": …, "off": …, "min_duration": …,
// "folder": …}]}. Bounded (1 MiB, 64 cameras); unknown keys are refused, so a typo is not a
// default. Throws IoError naming the file and what is wrong.
std::vector<CameraEntry> readCamerasFile(const std::string& path);

struct CamerasPlan {
    std::vector<WatchPlan> cameras; // in the order given
    std::vector<std::string> names;
    std::string problem; // one line; empty when every camera can start
    // DIR/status.json, the process's health over all its cameras (MultiWatch), when the cameras
    // have folders of their own under DIR; empty for one unnamed camera, whose DIR/status.json
    // is its own.
    std::string processStatusFile;
};

// common: the watch's options (its outputDir is -o); every camera's settings start from them.
CamerasPlan planCameras(const std::vector<CameraEntry>& entries, const WatchChoices& common);

// A camera name: 1 to 64 letters, digits, '.', '_' or '-', and not "." or "..".
bool isCameraName(const std::string& name);

} // namespace vigil::live
