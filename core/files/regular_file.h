#pragma once
// An input file opened for reading only when it is a regular file. A FIFO, a character device
// (/dev/zero, a tty) or a folder given where a file belongs would block open(), never end or
// fail obscurely; each is refused in one line instead. The path is checked with stat() before it
// is opened, then opened with O_NONBLOCK (a FIFO's open cannot block) and checked again with
// fstat() on the descriptor, so swapping the path between the two cannot slip past the check.
// Move-only; one reader at a time. Throws vigil::IoError naming the file.

#include <cstdint>
#include <string>

namespace vigil::files {

class RegularFile {
public:
    // "<path>: no such file", "<path>: not a regular file (a FIFO)", "<path>: cannot open: ...".
    explicit RegularFile(const std::string& path);
    ~RegularFile();
    RegularFile(RegularFile&& other) noexcept;
    RegularFile& operator=(RegularFile&& other) noexcept;
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    const std::string& path() const { return path_; }
    uint64_t sizeBytes() const { return sizeBytes_; } // as fstat() saw it when opened
    int descriptor() const { return fd_; }

    // Reads exactly `count` bytes at `offset`; throws "<path>: cannot read ..." when the file
    // holds fewer (it shrank) or the read fails.
    void readAt(uint64_t offset, void* buffer, uint64_t count) const;
    // The whole file, sizeBytes() long.
    std::string readAll() const;
    // Up to `limit` bytes from the start, read until the file ends: for /proc files, whose size
    // is 0 to stat(), and any input only whose beginning matters.
    std::string readPrefix(uint64_t limit) const;

private:
    std::string path_;
    int fd_ = -1;
    uint64_t sizeBytes_ = 0;
};

// The one open() of a file Vigil reads or appends to: `flags` (O_RDONLY, or O_WRONLY | O_APPEND
// | O_CREAT) with O_NONBLOCK added, so a FIFO's open cannot block; the descriptor is refused
// unless fstat() says it is a regular file, then made blocking again. Throws IoError naming the
// path ("not a regular file (a FIFO)"). The caller owns the descriptor.
int openRegularFile(const std::string& path, int flags, unsigned mode = 0644);

// Copies the regular file `from` to a new file `to` (replaced if it is a regular file; mode 0644),
// reading and writing it in blocks, so a failed write says why ("No space left on device"),
// where std::filesystem::copy_file's in-kernel copy reports any short write as an I/O error.
// Throws IoError naming the file; a partial `to` is the caller's to remove.
void copyRegularFile(const std::string& from, const std::string& to);

// Why `path` cannot be read as a regular file ("no such file", "not a regular file (a
// folder)"), or an empty string when it is one. Opens nothing.
std::string regularFileProblem(const std::string& path);

} // namespace vigil::files
