#include "core/tuning/calibration.h"

#include "core/common/cache_folder.h"

#include "core/common/count_limits.h"
#include "core/common/error.h"
#include "core/tuning/calibration_cache.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <set>

namespace vigil::tuning {
namespace {

// The calibrations this process measured, by cache file and machine key: a fact of the process
// (what its --profile says), not of one run's state.
std::mutex measuredMutex;
std::set<std::string>& measuredHere()
{
    static std::set<std::string> measured;
    return measured;
}

void rememberMeasuredHere(const std::string& cacheFile, const std::string& key)
{
    const std::lock_guard<std::mutex> lock(measuredMutex);
    measuredHere().insert(cacheFile + '\n' + key);
}

bool wasMeasuredHere(const std::string& cacheFile, const std::string& key)
{
    const std::lock_guard<std::mutex> lock(measuredMutex);
    return measuredHere().count(cacheFile + '\n' + key) > 0;
}

// Measures `setup` once, remembering it; the best so far is replaced only by a faster one.
struct Search {
    TimingSource& timer;
    Calibration result;
    double bestSeconds = 0.0;

    bool tryOut(const BackboneSetup& setup)
    {
        for (const Measurement& done : result.measured)
            if (done.setup == setup)
                return false;
        const double seconds = timer.secondsPerSnippet(setup);
        result.measured.push_back({ setup, seconds });
        if (result.measured.size() == 1 || seconds < bestSeconds) {
            bestSeconds = seconds;
            result.best = setup;
            return true;
        }
        return false;
    }
};

int64_t positiveCount(const std::string& name, const std::string& value)
{
    if (const std::string problem = countProblem(value, bounds::snippetsPerPass());
        !problem.empty())
        throw Error(name + "=" + problem);
    return std::strtoll(value.c_str(), nullptr, 10);
}

} // namespace

SearchSpace defaultSearchSpace(int maxThreads, bool hasBlockedLayout)
{
    SearchSpace space;
    if (hasBlockedLayout)
        space.layouts.push_back(Layout::Blocked);
    space.layouts.push_back(Layout::ChannelsLast);
    space.snippetsPerPass = { 1, 2, 4 };
    space.threads = { std::max(1, maxThreads) };
    if (maxThreads >= 4)
        space.threads.push_back(maxThreads - 1);
    return space;
}

Calibration calibrate(TimingSource& timer, const SearchSpace& space)
{
    Search search { timer, {}, 0.0 };
    BackboneSetup start { space.layouts.at(0), space.snippetsPerPass.at(0), space.threads.at(0) };
    for (Layout layout : space.layouts)
        search.tryOut({ layout, start.snippetsPerPass, start.threads });
    // Larger passes help until the activations leave the cache; the first slower one ends it.
    for (size_t i = 1; i < space.snippetsPerPass.size(); ++i) {
        BackboneSetup next = search.result.best;
        next.snippetsPerPass = space.snippetsPerPass[i];
        if (!search.tryOut(next))
            break;
    }
    for (size_t i = 1; i < space.threads.size(); ++i) {
        BackboneSetup next = search.result.best;
        next.threads = space.threads[i];
        search.tryOut(next);
    }
    return search.result;
}

CalibrationOverrides overridesFromEnvironment(const Environment& environment)
{
    CalibrationOverrides overrides;
    const std::string mode = environment("VIGIL_CALIBRATION");
    if (mode == "off")
        overrides.mode = CalibrationOverrides::Mode::Off;
    else if (mode == "redo")
        overrides.mode = CalibrationOverrides::Mode::Redo;
    else if (!mode.empty() && mode != "auto")
        throw Error("VIGIL_CALIBRATION=" + mode + ": expected auto, off or redo");
    if (const std::string layout = environment("VIGIL_LAYOUT"); !layout.empty()) {
        overrides.layout = layoutFromString(layout);
        if (!overrides.layout)
            throw Error(
                "VIGIL_LAYOUT=" + layout + ": expected contiguous, channels-last or blocked");
    }
    if (const std::string passes = environment("VIGIL_SNIPPETS_PER_PASS"); !passes.empty())
        overrides.snippetsPerPass = positiveCount("VIGIL_SNIPPETS_PER_PASS", passes);
    return overrides;
}

std::string ResolvedSetup::text() const
{
    const char* origins[] = { "defaults, calibration off", "measured now", "calibrated earlier" };
    std::string text = describe(setup) + " (" + origins[static_cast<int>(origin)];
    if (isOverridden)
        text += ", overridden by VIGIL_LAYOUT / VIGIL_SNIPPETS_PER_PASS";
    if (origin != Origin::Default)
        text += "; " + cacheFile;
    if (!cacheProblem.empty())
        text += "; not cached: " + cacheProblem;
    return text + ")";
}

bool isInSpace(const BackboneSetup& setup, const SearchSpace& space)
{
    auto has = [](const auto& values, const auto& value) {
        return std::find(values.begin(), values.end(), value) != values.end();
    };
    return has(space.layouts, setup.layout) && has(space.snippetsPerPass, setup.snippetsPerPass)
        && has(space.threads, setup.threads);
}

ResolvedSetup resolveSetup(const MachineKey& key, const SearchSpace& space,
    const CalibrationOverrides& overrides, const std::string& cacheFile,
    const std::function<std::unique_ptr<TimingSource>()>& makeTimer)
{
    using Mode = CalibrationOverrides::Mode;
    ResolvedSetup resolved;
    resolved.cacheFile = cacheFile;
    resolved.setup = { space.layouts.at(0), space.snippetsPerPass.at(0), space.threads.at(0) };
    const bool isFullyOverridden = overrides.layout && overrides.snippetsPerPass;
    if (overrides.mode != Mode::Off && !isFullyOverridden) {
        CalibrationCache cache(cacheFile);
        resolved.cacheProblem = cache.readProblem();
        std::optional<BackboneSetup> cached
            = overrides.mode == Mode::Redo ? std::nullopt : cache.lookup(key.text());
        // A cached choice is a measurement's result only if the measurement could have made
        // it: "threads": 4096 or 64 snippets a pass are an edit, measured over.
        if (cached && !isInSpace(*cached, space))
            cached.reset();
        if (cached) {
            resolved.setup = *cached;
            // A command resolves its setup twice (threads at start-up, then the backbone): the
            // second read of what the first measured is no earlier calibration.
            resolved.origin = wasMeasuredHere(cacheFile, key.text())
                ? ResolvedSetup::Origin::Measured
                : ResolvedSetup::Origin::Cached;
        } else {
            const std::unique_ptr<TimingSource> timer = makeTimer();
            const Calibration calibration = calibrate(*timer, space);
            resolved.setup = calibration.best;
            resolved.origin = ResolvedSetup::Origin::Measured;
            rememberMeasuredHere(cacheFile, key.text());
            try {
                cache.remember(key.text(), calibration);
            } catch (const IoError& error) {
                resolved.cacheProblem = error.what();
            }
        }
    }
    resolved.isOverridden = overrides.layout || overrides.snippetsPerPass;
    resolved.setup.layout = overrides.layout.value_or(resolved.setup.layout);
    resolved.setup.snippetsPerPass
        = overrides.snippetsPerPass.value_or(resolved.setup.snippetsPerPass);
    return resolved;
}

std::string defaultCalibrationFile(const Environment& environment)
{
    return vigilCacheFolder(environment) + "/calibration.json";
}

} // namespace vigil::tuning
