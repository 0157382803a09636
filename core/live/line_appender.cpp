#include "core/live/line_appender.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil::live {
namespace {

[[noreturn]] void fail(const std::string& path, const char* action)
{
    throw IoError(path + ": " + action + ": " + std::strerror(errno));
}

} // namespace

LineAppender::LineAppender(std::string path, std::string_view header, Durability durability)
    : path_(std::move(path))
    , durability_(durability)
{
    // Read and write: the torn tail is read through the same descriptor. A FIFO or a folder
    // named events.jsonl is refused here instead of blocking the watcher.
    fd_ = files::openRegularFile(path_, O_RDWR | O_APPEND | O_CREAT);
    cutTornTail();
    struct stat status { };
    if (::fstat(fd_, &status) != 0)
        fail(path_, "cannot read");
    if (status.st_size == 0 && !header.empty())
        append(header);
}

LineAppender::~LineAppender()
{
    if (fd_ >= 0)
        ::close(fd_);
}

LineAppender::LineAppender(LineAppender&& other) noexcept
    : path_(std::move(other.path_))
    , durability_(other.durability_)
    , fd_(other.fd_)
{
    other.fd_ = -1;
}

void LineAppender::append(std::string_view line)
{
    std::string bytes;
    bytes.reserve(line.size() + 1);
    bytes.append(line);
    bytes.push_back('\n');
    writeWhole(bytes);
    if (durability_ == Durability::Synced && ::fdatasync(fd_) != 0)
        fail(path_, "cannot write");
}

// One write() of the whole line. A regular file takes it whole unless the disk is full or the
// size limit is reached; then the part that went in is removed again, so the file never ends
// inside a line.
void LineAppender::writeWhole(const std::string& bytes)
{
    struct stat status { };
    if (::fstat(fd_, &status) != 0)
        fail(path_, "cannot write");
    ssize_t written = -1;
    do
        written = ::write(fd_, bytes.data(), bytes.size());
    while (written < 0 && errno == EINTR);
    if (written == static_cast<ssize_t>(bytes.size()))
        return;
    const int writeError = written < 0 ? errno : ENOSPC;
    if (written > 0 && ::ftruncate(fd_, status.st_size) != 0) {
        // Nothing more can be done; the next open cuts the torn line.
    }
    errno = writeError;
    fail(path_, "cannot write");
}

// After a power cut the last line may have reached the disk only in part; an appended line
// must not be glued to it.
void LineAppender::cutTornTail()
{
    const off_t size = ::lseek(fd_, 0, SEEK_END);
    off_t end = size;
    char c = '\n';
    while (end > 0 && ::pread(fd_, &c, 1, end - 1) == 1 && c != '\n')
        --end;
    if (end != size && ::ftruncate(fd_, end) != 0)
        fail(path_, "cannot repair");
}

} // namespace vigil::live
