#include "core/files/regular_file.h"

#include "core/common/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace vigil::files {
namespace {

// "not a regular file (a FIFO)": naming the kind tells the user what they passed by mistake.
std::string kindProblem(mode_t mode)
{
    const char* kind = S_ISDIR(mode) ? "a folder"
        : S_ISFIFO(mode)             ? "a FIFO"
        : S_ISCHR(mode)              ? "a character device"
        : S_ISBLK(mode)              ? "a block device"
        : S_ISSOCK(mode)             ? "a socket"
                                     : nullptr;
    return kind == nullptr ? "not a regular file"
                           : std::string("not a regular file (") + kind + ")";
}

std::string statProblem(int error)
{
    if (error == ENOENT || error == ENOTDIR)
        return "no such file";
    return std::string("cannot open: ") + std::strerror(error);
}

} // namespace

std::string regularFileProblem(const std::string& path)
{
    struct stat info { };
    if (::stat(path.c_str(), &info) != 0)
        return statProblem(errno);
    return S_ISREG(info.st_mode) ? std::string() : kindProblem(info.st_mode);
}

int openRegularFile(const std::string& path, int flags, unsigned mode)
{
    // A missing file is fine to create; anything else that is there must be a regular file.
    if (const auto problem = regularFileProblem(path);
        !problem.empty() && !((flags & O_CREAT) != 0 && problem == "no such file"))
        throw IoError(path + ": " + problem);
    const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, mode);
    if (fd < 0) {
        // A FIFO swapped in after the check, opened for writing with no reader: ENXIO.
        const int error = errno;
        const auto problem = regularFileProblem(path);
        throw IoError(
            path + ": " + (error == ENXIO && !problem.empty() ? problem : statProblem(error)));
    }
    struct stat info { };
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        const auto problem = kindProblem(info.st_mode);
        ::close(fd);
        throw IoError(path + ": " + problem);
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

RegularFile::RegularFile(const std::string& path)
    : path_(path)
    , fd_(openRegularFile(path, O_RDONLY))
{
    struct stat info { };
    if (::fstat(fd_, &info) != 0) {
        ::close(fd_);
        throw IoError(path + ": cannot read");
    }
    sizeBytes_ = static_cast<uint64_t>(info.st_size);
}

RegularFile::~RegularFile()
{
    if (fd_ >= 0)
        ::close(fd_);
}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : path_(std::move(other.path_))
    , fd_(std::exchange(other.fd_, -1))
    , sizeBytes_(other.sizeBytes_)
{
}

RegularFile& RegularFile::operator=(RegularFile&& other) noexcept
{
    if (this != &other) {
        if (fd_ >= 0)
            ::close(fd_);
        path_ = std::move(other.path_);
        fd_ = std::exchange(other.fd_, -1);
        sizeBytes_ = other.sizeBytes_;
    }
    return *this;
}

void RegularFile::readAt(uint64_t offset, void* buffer, uint64_t count) const
{
    auto* out = static_cast<char*>(buffer);
    while (count > 0) {
        const ssize_t got = ::pread(fd_, out, count, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw IoError(path_ + ": cannot read: " + std::strerror(errno));
        if (got == 0)
            throw IoError(path_ + ": cannot read: the file ended early (did it shrink?)");
        out += got;
        offset += static_cast<uint64_t>(got);
        count -= static_cast<uint64_t>(got);
    }
}

std::string RegularFile::readAll() const
{
    std::string bytes(sizeBytes_, '\0');
    readAt(0, bytes.data(), sizeBytes_);
    return bytes;
}

std::string RegularFile::readPrefix(uint64_t limit) const
{
    std::string bytes;
    char buffer[1 << 16];
    while (bytes.size() < limit) {
        const ssize_t got
            = ::pread(fd_, buffer, std::min<uint64_t>(sizeof buffer, limit - bytes.size()),
                static_cast<off_t>(bytes.size()));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw IoError(path_ + ": cannot read: " + std::strerror(errno));
        if (got == 0)
            break;
        bytes.append(buffer, static_cast<size_t>(got));
    }
    return bytes;
}

void copyRegularFile(const std::string& from, const std::string& to)
{
    const RegularFile source(from);
    const int fd = openRegularFile(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const auto closeTarget = [fd, &to](bool isThrowing) {
        if (::close(fd) != 0 && !isThrowing)
            throw IoError(to + ": cannot write: " + std::strerror(errno));
    };
    constexpr uint64_t kBlock = uint64_t { 1 } << 20;
    std::string block(static_cast<size_t>(std::min(kBlock, source.sizeBytes())), '\0');
    try {
        for (uint64_t offset = 0; offset < source.sizeBytes();) {
            const uint64_t count = std::min<uint64_t>(kBlock, source.sizeBytes() - offset);
            source.readAt(offset, block.data(), count);
            for (uint64_t written = 0; written < count;) {
                const ssize_t n = ::write(fd, block.data() + written, count - written);
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0)
                    throw IoError(to + ": cannot write: "
                        + (n < 0 ? std::strerror(errno) : "the file system took no bytes"));
                written += static_cast<uint64_t>(n);
            }
            offset += count;
        }
    } catch (...) {
        closeTarget(true);
        throw;
    }
    closeTarget(false);
}

} // namespace vigil::files
