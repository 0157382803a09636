#pragma once
// The calibrations of one machine, in a small JSON file (by default
// $XDG_CACHE_HOME/vigil/calibration.json), one entry per MachineKey::text(). A missing,
// unreadable, foreign-version or malformed file or entry is simply absent (a FIFO, a folder or
// an oversized file in its place is never opened as one, and readProblem() says so): the cache is
// only a shortcut, and the next run measures again. remember() rewrites the file atomically and
// throws vigil::IoError when it cannot. One thread at a time.

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
    // Why the file was not read (not a regular file, too large, unreadable), or empty. A
    // missing file is no problem: it is the first run.
    const std::string& readProblem() const { return readProblem_; }
    void remember(const std::string& key, const Calibration& calibration);

    static constexpr int kFormatVersion = 1;
    static constexpr uint64_t kMaxFileBytes = 1 << 20;

private:
    std::string path_;
    std::map<std::string, Calibration> entries_;
    std::string readProblem_;
};

} // namespace vigil::tuning
