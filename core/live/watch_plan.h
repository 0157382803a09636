#pragma once
// WatchPlan: the one place that turns what a user chose for a watch (`vigil watch`'s options,
// the desktop app's Open Stream dialog) into WatchSettings, or into the one problem that stops it,
// so the CLI and the GUI accept, refuse and set up a watch alike. Pure; any thread.

#include "core/common/settings.h"
#include "core/live/watch_session.h"

#include <cstdint>
#include <optional>
#include <string>

namespace vigil::live {

// The choices; every default is vigil watch's.
struct WatchChoices {
    std::string location; // as typed: a URL (credentials included), /dev/videoN or camera:N
    std::string outputDir; // empty: ./watch-<redacted source> (defaultWatchOutputDir)
    double on = 0.6; // score at or above which an alert opens
    double off = 0.5; // score below which an open alert closes
    double minDurationS = 1.0;
    double preRollS = 5.0;
    double postRollS = 5.0;
    int64_t windowSteps = 32;
    std::string execCommand; // empty: none
    double timeoutS = 10.0; // without data before the stream counts as stalled
    double reconnectMaxDelayS = 30.0;
    double giveUpAfterS = 0.0; // 0: never
};

struct WatchPlan {
    std::string displayName; // the location redacted (redactedUrl): for every message and file
    std::optional<WatchSettings> settings; // nullopt: problem says why not
    std::string problem; // one line, naming the source by displayName
};

WatchPlan planWatch(const WatchChoices& choices);

// Why an engine of this backbone cannot watch (empty when it can): live snippets are I3D's.
std::string backboneProblem(BackboneKind backbone);

} // namespace vigil::live
