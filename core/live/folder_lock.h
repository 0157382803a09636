#pragma once
// FolderLock: one vigil watch per output folder. Holds an exclusive flock on DIR/.vigil-watch.lock
// for its lifetime, so a second watcher on the same folder (another process, or another session
// in this one) is refused instead of numbering its events over the first one's. The kernel drops
// the lock when the process dies, kill -9 included, so a stale file never blocks a restart; the
// file itself stays. The lock file also names the source the folder belongs to (its redacted
// name, written by the first watch): a watch of another source is refused (FolderOfAnotherSource)
// instead of appending its rows, with stream time restarting at 0, to the first camera's
// scores.csv; the same source again (a restart) is let in. Move-only; any thread; throws
// FolderBusy, FolderOfAnotherSource, or IoError naming the path.

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

// The folder holds another source's outputs. The message is "DIR: holds the outputs of
// <source>; watch <this source> into another folder (-o)".
class FolderOfAnotherSource : public IoError {
public:
    using IoError::IoError;
};

class FolderLock {
public:
    // sourceName: the redacted name of the source this watch writes (empty: none is checked).
    FolderLock(const std::string& dir, const std::string& sourceName);
    ~FolderLock();
    FolderLock(FolderLock&& other) noexcept;
    FolderLock& operator=(FolderLock&&) = delete;
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

private:
    void bindToSource(
        const std::string& dir, const std::string& path, const std::string& sourceName) const;

    int fd_ = -1;
};

} // namespace vigil::live
