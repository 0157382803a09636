#pragma once
// Chooses a backbone setup from measured timings: a short coordinate search (layout, then
// snippets per pass, then threads), so a first run spends a few passes, not a grid, on it.
// The timings come from a TimingSource: models/ measures real passes, tests pass a fake. The
// choice is cached per machine (CalibrationCache) and may be overridden from the environment.
// One thread at a time; resolveSetup() throws vigil::Error for a malformed override.

#include "core/tuning/backbone_setup.h"
#include "core/tuning/machine_key.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vigil::tuning {

class TimingSource {
public:
    virtual ~TimingSource() = default;
    // Wall seconds per snippet-crop of the backbone run as `setup` (after a warm-up pass).
    virtual double secondsPerSnippet(const BackboneSetup& setup) = 0;
};

struct SearchSpace {
    std::vector<Layout> layouts; // the first is also the default when calibration is off
    std::vector<int64_t> snippetsPerPass; // ascending; the search stops at the first slower
    std::vector<int> threads; // the first is the most the run may use
};

// Blocked and channels-last (contiguous is never faster with oneDNN), 1, 2 and 4 snippets per
// pass, and `maxThreads` or, from 4 cores up, one fewer (room for the decoding thread).
SearchSpace defaultSearchSpace(int maxThreads, bool hasBlockedLayout);

struct Measurement {
    BackboneSetup setup;
    double secondsPerSnippet = 0.0;
};

struct Calibration {
    BackboneSetup best;
    std::vector<Measurement> measured; // in the order they were taken
};

Calibration calibrate(TimingSource& timer, const SearchSpace& space);

// VIGIL_CALIBRATION=off (use the first of each candidate list, measure nothing) | redo
// (measure again, replacing the cache) | unset/auto; VIGIL_LAYOUT=contiguous|channels-last|
// blocked and VIGIL_SNIPPETS_PER_PASS=N fix that part of the setup whatever was measured.
struct CalibrationOverrides {
    enum class Mode { Auto, Off, Redo };
    Mode mode = Mode::Auto;
    std::optional<Layout> layout;
    std::optional<int64_t> snippetsPerPass;
};
using Environment = std::function<std::string(const char* name)>; // "" when unset
CalibrationOverrides overridesFromEnvironment(const Environment& environment);

struct ResolvedSetup {
    enum class Origin { Default, Measured, Cached };
    BackboneSetup setup;
    Origin origin = Origin::Default;
    bool isOverridden = false; // VIGIL_LAYOUT or VIGIL_SNIPPETS_PER_PASS replaced a part
    std::string cacheFile; // where the measurement is (or would be) kept
    std::string cacheProblem; // why the cache could not be read or written; empty when it was

    std::string text() const; // describe() plus where it came from
};

// The setup for `key`: cached, else measured with makeTimer() and cached in `cacheFile`, then
// the overrides applied. makeTimer is only called when something must be measured.
// True when the setup is one of the space's candidates (a measurement could have chosen it).
bool isInSpace(const BackboneSetup& setup, const SearchSpace& space);

ResolvedSetup resolveSetup(const MachineKey& key, const SearchSpace& space,
    const CalibrationOverrides& overrides, const std::string& cacheFile,
    const std::function<std::unique_ptr<TimingSource>()>& makeTimer);

// $XDG_CACHE_HOME/vigil/calibration.json, else ~/.cache/vigil/calibration.json.
std::string defaultCalibrationFile(const Environment& environment);

} // namespace vigil::tuning
