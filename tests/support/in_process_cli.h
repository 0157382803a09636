#pragma once
// Runs the vigil command line in this process (vigil::app::runCommandLine) and captures what it
// printed. The commands print with both C stdio and iostreams, so file descriptors 1 and 2 are
// redirected to temporary files for the call (what gtest would print meanwhile is held too).
// One call at a time: the descriptors are the process's.

#include "app/cli.h"

#include <cstdio>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

namespace vigil::test {

struct InProcessResult {
    int exitCode = -1;
    std::string out; // stdout
    std::string err; // stderr
};

namespace detail {

// Points `fd` at a fresh temporary file until destroyed, then reads back what was written.
class CapturedDescriptor {
public:
    explicit CapturedDescriptor(int fd)
        : fd_(fd)
        , file_(std::tmpfile())
        , saved_(::dup(fd))
    {
        ::dup2(::fileno(file_), fd_);
    }
    ~CapturedDescriptor()
    {
        restore();
        std::fclose(file_);
    }
    CapturedDescriptor(const CapturedDescriptor&) = delete;
    CapturedDescriptor& operator=(const CapturedDescriptor&) = delete;

    std::string text()
    {
        restore();
        std::string text;
        std::rewind(file_);
        char buffer[4096];
        for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;)
            text.append(buffer, n);
        return text;
    }

private:
    void restore()
    {
        if (saved_ < 0)
            return;
        ::dup2(saved_, fd_);
        ::close(saved_);
        saved_ = -1;
    }

    int fd_;
    std::FILE* file_;
    int saved_;
};

} // namespace detail

// argv[0] is "vigil"; `arguments` are passed as they are (no shell, no quoting). `cancel` is the
// run's, as a signal would set it (app/main.cpp).
inline InProcessResult runInProcess(
    const std::vector<std::string>& arguments, const CancellationToken& cancel = {})
{
    std::vector<std::string> words { "vigil" };
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);

    InProcessResult result;
    std::fflush(nullptr);
    std::cout.flush();
    std::cerr.flush();
    detail::CapturedDescriptor out(STDOUT_FILENO);
    detail::CapturedDescriptor err(STDERR_FILENO);
    try {
        result.exitCode = app::runCommandLine(static_cast<int>(words.size()), argv.data(), cancel);
    } catch (...) {
        result.exitCode = -2; // escaped the command line: a bug, shown by the caller's check
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    result.out = out.text();
    result.err = err.text();
    return result;
}

// "batch . -o out" as its words (test commands hold no quoted spaces).
inline std::vector<std::string> words(const std::string& text)
{
    std::vector<std::string> split;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = text.find(' ', start);
        const size_t stop = end == std::string::npos ? text.size() : end;
        if (stop > start)
            split.push_back(text.substr(start, stop - start));
        start = stop + 1;
    }
    return split;
}

} // namespace vigil::test
