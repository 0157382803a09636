// Local inputs that try to make FFmpeg read something other than the named file: protocol
// prefixes, playlists and lists that point elsewhere, and files that are not regular files
// (a FIFO blocks open() forever). Each must be refused in one line naming the file, or opened as
// the plain file it is.

#include "core/common/error.h"
#include "core/media/media_log.h"
#include "core/media/video_decoder.h"
#include "core/media/video_probe.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil::media {
namespace {

namespace fs = std::filesystem;
constexpr const char* kNoFfmpeg = "the ffmpeg tool is not installed; it makes the test clips";

bool hasFfmpeg()
{
    return test::runCommand("ffmpeg -version").exitCode == 0;
}

// Relative names are the interesting ones: "concat:a|b" only reads as a protocol when nothing
// before the colon looks like a folder. The test process's working folder is put back after.
class InWorkingFolder {
public:
    explicit InWorkingFolder(const fs::path& folder)
        : previous_(fs::current_path())
    {
        fs::current_path(folder);
    }
    ~InWorkingFolder() { fs::current_path(previous_); }
    InWorkingFolder(const InWorkingFolder&) = delete;
    InWorkingFolder& operator=(const InWorkingFolder&) = delete;

private:
    fs::path previous_;
};

class HostileVideoInput : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!hasFfmpeg())
            GTEST_SKIP() << kNoFfmpeg;
        setMediaLogLevel(MediaLogLevel::Quiet);
        dir_ = test::scratchDir("hostile_video_input");
        ASSERT_TRUE(test::makeClip(dir_ + "/a.avi", "testsrc2=size=64x48:rate=25", 10));
    }

    // The one-line MediaError for path, or "" with a test failure when there was none.
    static std::string errorOpening(const std::string& path)
    {
        try {
            VideoDecoder decoder(path);
            int64_t frames = 0;
            while (decoder.next())
                ++frames;
            ADD_FAILURE() << path << " was opened and gave " << frames << " frames";
        } catch (const MediaError& error) {
            const std::string message = error.what();
            EXPECT_EQ(message.rfind(path + ": ", 0), 0u) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
            return message;
        }
        return "";
    }

    std::string dir_;
};

TEST_F(HostileVideoInput, TreatsProtocolPrefixesAsPartOfAFileName)
{
    const InWorkingFolder inDir(dir_);
    // Each would read a.avi (twice, or a slice of it) if FFmpeg saw a protocol.
    for (const char* name :
        { "concat:a.avi|a.avi", "subfile,,start,0,end,0,,:a.avi", "file:a.avi" }) {
        SCOPED_TRACE(name);
        EXPECT_NE(errorOpening(name).find("No such file"), std::string::npos);
        EXPECT_FALSE(probeVideo(name).isVideo);
    }
}

TEST_F(HostileVideoInput, OpensAFileNamedLikeAProtocolAsThatFile)
{
    const InWorkingFolder inDir(dir_);
    fs::copy_file("a.avi", "concat:a.avi");
    fs::copy_file("a.avi", "pipe:0");
    for (const char* name : { "concat:a.avi", "pipe:0" }) {
        SCOPED_TRACE(name);
        VideoDecoder decoder(name);
        int frames = 0;
        while (decoder.next())
            ++frames;
        EXPECT_EQ(frames, 10);
        EXPECT_TRUE(probeVideo(name).isVideo) << probeVideo(name).reason;
    }
}

// The attack of issue 13: a tiny playlist with an innocent name makes the decoder analyse a video
// elsewhere on disk and report it under the playlist's name.
TEST_F(HostileVideoInput, RefusesAPlaylistThatPointsToAnotherFile)
{
    const std::string elsewhere = test::scratchDir("hostile_video_elsewhere") + "/secret.ts";
    ASSERT_TRUE(test::makeClip(elsewhere, "testsrc2=size=64x48:rate=25", 10, "-c:v mpeg2video"));
    const std::string playlist = dir_ + "/innocent.dat";
    std::ofstream(playlist) << "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n"
                            << elsewhere << "\n#EXT-X-ENDLIST\n";
    EXPECT_NE(errorOpening(playlist).find("hls"), std::string::npos);
    const VideoProbe probe = probeVideo(playlist);
    EXPECT_FALSE(probe.isVideo);
    EXPECT_NE(probe.reason.find("hls"), std::string::npos) << probe.reason;
}

TEST_F(HostileVideoInput, RefusesAConcatListThatPointsToAnotherFile)
{
    const std::string list = dir_ + "/list.txt";
    std::ofstream(list) << "ffconcat version 1.0\nfile 'a.avi'\nfile 'a.avi'\n";
    EXPECT_NE(errorOpening(list).find("concat"), std::string::npos);
    EXPECT_FALSE(probeVideo(list).isVideo);
}

// Opens path on another thread; a FIFO without a writer would block that open forever, so after
// a few seconds the test opens the FIFO for writing itself, which lets the blocked open end.
std::string errorWithoutBlocking(const std::string& path, bool isProbe)
{
    auto attempt = std::async(std::launch::async, [path, isProbe]() -> std::string {
        if (isProbe)
            return probeVideo(path).reason;
        try {
            VideoDecoder decoder(path);
        } catch (const MediaError& error) {
            return error.what();
        }
        return "opened";
    });
    if (attempt.wait_for(std::chrono::seconds(5)) == std::future_status::timeout) {
        const int writer = ::open(path.c_str(), O_WRONLY | O_NONBLOCK);
        if (writer >= 0)
            ::close(writer);
        ADD_FAILURE() << path << ": the open blocked";
    }
    return attempt.get();
}

TEST_F(HostileVideoInput, RefusesAFifoAndADeviceAtOnceInsteadOfBlocking)
{
    const std::string fifo = dir_ + "/camera.mp4";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    for (const std::string& path : { fifo, std::string("/dev/zero") }) {
        SCOPED_TRACE(path);
        const std::string decoderError = errorWithoutBlocking(path, false);
        EXPECT_EQ(decoderError, path + ": not a regular file (a FIFO, device or socket)");
        const std::string probeReason = errorWithoutBlocking(path, true);
        EXPECT_NE(probeReason.find("not a regular file"), std::string::npos) << probeReason;
    }
}

} // namespace
} // namespace vigil::media
