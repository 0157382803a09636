#pragma once
// FolderLock: one vigil watch per output folder. Holds an exclusive flock on DIR/.vigil-watch.lock
// for its lifetime, so a second watcher on the same folder (another process, or another session
// in this one) is refused instead of numbering its events over the first one's. The kernel drops
// the lock when the process dies, kill -9 included, so a stale file never blocks a restart; the
// file itself stays. Move-only; any thread; throws FolderBusy, or IoError naming the path.

#include "core/common/error.h"

#include <string>

namespace vigil::live {

inline constexpr const char* kLockFileName = ".vigil-watch.lock";

// Another watcher holds the folder's lock. The message is "DIR: another vigil watch is writing
// here".
class FolderBusy : public IoError {
public:
    using IoError::IoError;
};

class FolderLock {
public:
    explicit FolderLock(const std::string& dir);
    ~FolderLock();
    FolderLock(FolderLock&& other) noexcept;
    FolderLock& operator=(FolderLock&&) = delete;
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

private:
    int fd_ = -1;
};

} // namespace vigil::live
