#pragma once
// The calibrations of one machine, in a small JSON file (by default
// $XDG_CACHE_HOME/vigil/calibration.json), one entry per MachineKey::text(). A missing,
// unreadable, foreign-version or malformed file or entry is simply absent (a FIFO, a folder or
// an oversized file in its place is never opened as one): the cache is only a shortcut, and the
// next run measures again. What was ignored is in readProblem() and reported once per process
// (core/common/ignored_files.h); a missing file is no problem. remember() rewrites the file
// atomically and throws vigil::IoError when it cannot. One thread at a time.

#include "core/tuning/calibration.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace vigil::tuning {

class CalibrationCache {
public:
    explicit CalibrationCache(std::string path);

    std::optional<BackboneSetup> lookup(const std::string& key) const;
    // Why the file, or an entry of it, was not read (not a regular file, too large, unreadable,
    // not JSON, another version, a damaged entry), or empty. A missing file is no problem: it is
    // the first run.
    const std::string& readProblem() const { return readProblem_; }
    void remember(const std::string& key, const Calibration& calibration);

    static constexpr int kFormatVersion = 1;
    static constexpr uint64_t kMaxFileBytes = 1 << 20;

private:
    void ignore(const std::string& problem);

    std::string path_;
    std::map<std::string, Calibration> entries_;
    std::string readProblem_;
};

} // namespace vigil::tuning
