#pragma once
// The calibrations of one machine, in a small JSON file (by default
// $XDG_CACHE_HOME/vigil/calibration.json), one entry per MachineKey::text(). A missing,
// unreadable, foreign-version or malformed file or entry is simply absent: the cache is only a
// shortcut, and the next run measures again. remember() rewrites the file atomically and throws
// vigil::IoError when it cannot. One thread at a time.

#include "core/tuning/calibration.h"

#include <map>
#include <optional>
#include <string>

namespace vigil::tuning {

class CalibrationCache {
public:
    explicit CalibrationCache(std::string path);

    std::optional<BackboneSetup> lookup(const std::string& key) const;
    void remember(const std::string& key, const Calibration& calibration);

    static constexpr int kFormatVersion = 1;

private:
    std::string path_;
    std::map<std::string, Calibration> entries_;
};

} // namespace vigil::tuning
