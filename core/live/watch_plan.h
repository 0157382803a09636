#pragma once
// WatchPlan: the one place that turns what a user chose for a watch (`vigil watch`'s options,
// the desktop app's Open Stream dialog) into WatchSettings, or into the one problem that stops it,
// so the CLI and the GUI accept, refuse and set up a watch alike. Pure; any thread.

#include "core/common/defaults.h"
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
    double on = defaults::kAlertOn; // score at or above which an alert opens
    double off = defaults::kAlertOff; // score below which an open alert closes
    double minDurationS = defaults::kAlertMinDurationS;
    double preRollS = defaults::kAlertPreRollS;
    double postRollS = defaults::kAlertPostRollS;
    int64_t windowSteps = defaults::kWindowSteps;
    std::string execCommand; // empty: none
    double timeoutS = defaults::kStreamTimeoutS;
    double reconnectMaxDelayS = defaults::kReconnectMaxDelayS;
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
