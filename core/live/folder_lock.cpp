#include "core/live/folder_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace vigil::live {

FolderLock::FolderLock(const std::string& dir)
{
    const std::string path = dir + "/" + kLockFileName;
    // O_NOFOLLOW: a symlink planted in the folder must not make us create or lock another file.
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
        throw IoError(path + ": cannot open: " + std::strerror(errno));
    int result = -1;
    do
        result = ::flock(fd_, LOCK_EX | LOCK_NB);
    while (result != 0 && errno == EINTR);
    if (result == 0)
        return;
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
        throw FolderBusy(dir + ": another vigil watch is writing here");
    throw IoError(path + ": cannot lock: " + std::strerror(error));
}

FolderLock::~FolderLock()
{
    if (fd_ >= 0)
        ::close(fd_); // closing the last descriptor releases the flock
}

FolderLock::FolderLock(FolderLock&& other) noexcept
    : fd_(other.fd_)
{
    other.fd_ = -1;
}

} // namespace vigil::live
