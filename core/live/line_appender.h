#pragma once
// LineAppender: appends whole lines to a file that readers may open at any time (events.jsonl,
// scores.csv). Each line is built in memory and handed to the kernel in one write() on an
// O_APPEND descriptor, so no two lines interleave; a short write (disk full) is cut back off
// with ftruncate. A kill -9 in the middle of a line that spans pages can still leave part of it
// (Linux stops a write to a regular file at a fatal signal), as can a crash of the machine: on
// open, a last line left without its newline is cut off, so the next writer never appends to a
// torn one. With Durability::Synced each line is also fsync'ed before append() returns, so it
// survives a power cut. Move-only; one thread; throws IoError naming the path.

#include <string>
#include <string_view>

namespace vigil::live {

enum class Durability { Buffered, Synced };

class LineAppender {
public:
    // Creates the file with `header` (a line, without its newline; empty for none) when it is
    // missing or empty.
    LineAppender(std::string path, std::string_view header, Durability durability);
    ~LineAppender();
    LineAppender(LineAppender&& other) noexcept;
    LineAppender& operator=(LineAppender&&) = delete;
    LineAppender(const LineAppender&) = delete;
    LineAppender& operator=(const LineAppender&) = delete;

    // line: without its newline; must not contain one.
    void append(std::string_view line);
    const std::string& path() const { return path_; }

private:
    void cutTornTail();
    void writeWhole(const std::string& bytes);

    std::string path_;
    Durability durability_;
    int fd_ = -1;
};

} // namespace vigil::live
