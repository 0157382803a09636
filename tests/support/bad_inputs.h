#pragma once
// The corpus of bad and unusual inputs that scripts/make_bad_inputs.sh makes, shared by every test
// process of one build: ctest runs each test as its own process, in parallel, so the first one
// makes the corpus under a file lock and the others reuse it. A change to the script remakes it.

#include "tests/support/run_command.h"
#include "tests/support/test_locations.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace vigil::test {

namespace detail {

inline std::string readWholeFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Holds an exclusive flock(2) for its lifetime.
class FileLock {
public:
    explicit FileLock(const std::string& path)
        : fd_(::open(path.c_str(), O_CREAT | O_RDWR, 0644))
    {
        if (fd_ >= 0)
            ::flock(fd_, LOCK_EX);
    }
    ~FileLock()
    {
        if (fd_ >= 0)
            ::close(fd_); // also releases the lock
    }
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

private:
    int fd_;
};

} // namespace detail

// The corpus folder, made on first use; empty when the script failed (tests then fail on the
// missing files, with the script's output in `error`).
inline std::string badInputsDir(std::string* error = nullptr)
{
    namespace fs = std::filesystem;
    const std::string script = sourceDir() + "/scripts/make_bad_inputs.sh";
    const fs::path dir = fs::path(testTmpDir()) / "bad-inputs";
    const std::string stamp = (dir / ".made-by-script").string();
    detail::FileLock lock(testTmpDir() + "/bad-inputs.lock");
    const std::string scriptText = detail::readWholeFile(script);
    if (fs::exists(stamp) && detail::readWholeFile(stamp) == scriptText)
        return dir.string();
    std::error_code ignored;
    fs::remove_all(dir, ignored);
    const CommandResult made = runCommand(shellQuoted(script) + " " + shellQuoted(dir.string()));
    if (made.exitCode != 0) {
        if (error)
            *error = made.output;
        return dir.string();
    }
    std::ofstream(stamp, std::ios::binary) << scriptText;
    return dir.string();
}

// The cases the script could not make here (an encoder this ffmpeg lacks), with the reason.
inline std::map<std::string, std::string> skippedBadInputs(const std::string& dir)
{
    std::map<std::string, std::string> skipped;
    std::ifstream in(dir + "/skipped.txt");
    std::string line;
    while (std::getline(in, line)) {
        const size_t tab = line.find('\t');
        if (tab != std::string::npos)
            skipped[line.substr(0, tab)] = line.substr(tab + 1);
    }
    return skipped;
}

// What Vigil must answer for each file of the corpus (a missing.mp4 is deliberately not made).
enum class BadInputOutcome { Fails, Analysed, AnalysedWithWarning };

struct BadInputCase {
    const char* file; // in the corpus
    BadInputOutcome outcome;
    const char* message; // Fails: part of the error line; AnalysedWithWarning: part of a warning
    int64_t minFrames = 0; // Analysed*: frames decoded, within [minFrames, maxFrames]
    int64_t maxFrames = 0;
    int width = 0;
    int height = 0;
};

inline void PrintTo(const BadInputCase& input, std::ostream* out)
{
    *out << input.file;
}

// A GoogleTest parameter name: letters, digits and underscores.
inline std::string testNameOf(const BadInputCase& input)
{
    std::string name;
    for (const char c : std::string(input.file))
        name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name;
}

inline const BadInputCase kBadInputCases[] = {
    // Not a video, or not readable.
    { "zero-bytes.mp4", BadInputOutcome::Fails, "empty file (0 bytes)" },
    { "random-bytes.mp4", BadInputOutcome::Fails, "not a video file" },
    { "text.mp4", BadInputOutcome::Fails, "not a video file" },
    { "folder.mp4", BadInputOutcome::Fails, "is a folder, not a video file" },
    { "missing.mp4", BadInputOutcome::Fails, "No such file or directory" },
    { "unreadable.mp4", BadInputOutcome::Fails, "Permission denied" },
    { "audio-only.m4a", BadInputOutcome::Fails, "no video stream" },
    { "camera-fifo.mp4", BadInputOutcome::Fails, "not a regular file" },
    { "innocent.dat", BadInputOutcome::Fails, "a list of other files (hls format)" },
    { "list.ffconcat", BadInputOutcome::Fails, "a list of other files (concat format)" },
    { "too-short.avi", BadInputOutcome::Fails, "10 frames decoded; i3d-r50 needs at least 17" },
    { "truncated-no-index.mp4", BadInputOutcome::Fails,
        "not a video file, or one too damaged to open" },
    // Damaged but decodable: analysed, with warnings that say how much was lost.
    { "truncated.avi", BadInputOutcome::AnalysedWithWarning, "the file declares 80 frames but only",
        17, 79, 160, 120 },
    { "truncated-faststart.mp4", BadInputOutcome::AnalysedWithWarning,
        "the file declares 80 frames but only", 17, 79, 160, 120 },
    { "corrupt-middle.avi", BadInputOutcome::AnalysedWithWarning,
        "damaged; the decoder filled in the broken parts", 80, 80, 160, 120 },
    { "dropped-frame.mkv", BadInputOutcome::AnalysedWithWarning,
        "1 damaged frame could not be decoded and was skipped", 39, 39, 160, 120 },
    // Unusual but valid.
    { "odd-size-33x17.mkv", BadInputOutcome::Analysed, "", 40, 40, 33, 17 },
    { "grayscale.mkv", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "10-bit.mkv", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "yuv444.mp4", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "rotated-90.mp4", BadInputOutcome::Analysed, "", 40, 40, 120, 160 },
    { "variable-rate.mkv", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "mpeg4.avi", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "mjpeg.avi", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "vp9.webm", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "hevc.mp4", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "cinepak.avi", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
    { "4k.mp4", BadInputOutcome::Analysed, "", 20, 20, 3840, 2160 },
    { "name with spaces äöü 監視.avi", BadInputOutcome::Analysed, "", 40, 40, 160, 120 },
};

// chmod 000 does not stop root (or a process with CAP_DAC_OVERRIDE) from reading.
inline bool canReadDespiteMode000(const std::string& path)
{
    return ::access(path.c_str(), R_OK) == 0;
}

} // namespace vigil::test
