#include "core/live/folder_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace vigil::live {

namespace {

// Longer than any redacted source name the lock file could hold: a larger file is not ours.
constexpr size_t kMaxSourceBytes = 4096;

std::string readSource(int fd, const std::string& path)
{
    std::string text(kMaxSourceBytes + 1, '\0');
    ssize_t got = -1;
    do
        got = ::pread(fd, text.data(), text.size(), 0);
    while (got < 0 && errno == EINTR);
    if (got < 0)
        throw IoError(path + ": cannot read: " + std::strerror(errno));
    text.resize(static_cast<size_t>(got));
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text;
}

void writeSource(int fd, const std::string& path, const std::string& sourceName)
{
    const std::string line = sourceName + "\n";
    if (::ftruncate(fd, 0) != 0
        || ::pwrite(fd, line.data(), line.size(), 0) != static_cast<ssize_t>(line.size()))
        throw IoError(path + ": cannot write: " + std::strerror(errno));
}

} // namespace

FolderLock::FolderLock(const std::string& dir, const std::string& sourceName)
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
    if (result == 0) {
        try {
            bindToSource(dir, path, sourceName);
        } catch (...) {
            ::close(fd_);
            fd_ = -1;
            throw;
        }
        return;
    }
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
        throw FolderBusy(dir + ": another vigil watch is writing here");
    throw IoError(path + ": cannot lock: " + std::strerror(error));
}

void FolderLock::bindToSource(
    const std::string& dir, const std::string& path, const std::string& sourceName) const
{
    if (sourceName.empty())
        return;
    const std::string bound = readSource(fd_, path);
    if (bound.empty()) // a new folder, or one of a Vigil that did not name its source
        writeSource(fd_, path, sourceName);
    else if (bound != sourceName)
        throw FolderOfAnotherSource(dir + ": holds the outputs of "
            + (bound.size() > kMaxSourceBytes ? std::string("another source") : bound) + "; watch "
            + sourceName + " into another folder (-o)");
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
