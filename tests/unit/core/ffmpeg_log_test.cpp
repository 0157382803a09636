// FFmpeg's own log lines ("[h264 @ 0x...] error while decoding MB ...", dozens for one damaged
// file) are counted into the decoder's warnings instead of reaching stderr, attributed to the
// decoder they are about even when two decode at once on FFmpeg's frame threads.

#include "core/media/media_log.h"
#include "core/media/video_decoder.h"
#include "tests/support/bad_inputs.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <future>
#include <string>
#include <vector>

namespace vigil::media {
namespace {

constexpr const char* kSummary = "FFmpeg reported ";

class FfmpegLog : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = test::scratchDir("ffmpeg_log");
        const std::string args = "-c:v libx264 -preset ultrafast -g 10 -f mpegts";
        isMade_ = test::makeClip(dir_ + "/clean.ts", "testsrc2=size=160x120:rate=25", 40, args);
        if (!isMade_)
            return;
        // Bytes set to 0xFF across the middle of the H.264 data: the container stays readable and
        // the codec logs an error for each broken slice.
        std::ifstream in(dir_ + "/clean.ts", std::ios::binary);
        std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
        for (size_t i = 0; i < 60; ++i)
            bytes[bytes.size() * 2 / 5 + i * 211] = '\xff';
        std::ofstream(dir_ + "/damaged.ts", std::ios::binary)
            .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    void SetUp() override
    {
        if (!isMade_)
            GTEST_SKIP() << "no ffmpeg tool with libx264 to make the H.264 clip";
    }

    static std::vector<std::string> warningsOfDecoding(const std::string& path)
    {
        VideoDecoder decoder(path);
        while (decoder.next()) { }
        return decoder.warnings();
    }

    static std::string dir_;
    static bool isMade_;
};
std::string FfmpegLog::dir_;
bool FfmpegLog::isMade_ = false;

std::string joined(const std::vector<std::string>& lines)
{
    std::string text;
    for (const std::string& line : lines)
        text += line + "\n";
    return text;
}

TEST_F(FfmpegLog, CountsTheCodecsErrorsIntoOneWarningInsteadOfPrintingThem)
{
    ::testing::internal::CaptureStderr();
    const std::vector<std::string> warnings = warningsOfDecoding(dir_ + "/damaged.ts");
    const std::string printed = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(printed, "");
    ASSERT_EQ(warnings.size(), 1u) << joined(warnings);
    EXPECT_EQ(warnings.front().rfind(kSummary, 0), 0u) << warnings.front();
    EXPECT_NE(warnings.front().find("(the first: [h264] "), std::string::npos) << warnings.front();
}

TEST_F(FfmpegLog, PrintsTheRawLinesOnlyWhenWarningsAreAskedFor)
{
    setMediaLogLevel(MediaLogLevel::Warnings);
    ::testing::internal::CaptureStderr();
    const std::vector<std::string> warnings = warningsOfDecoding(dir_ + "/damaged.ts");
    const std::string printed = ::testing::internal::GetCapturedStderr();
    setMediaLogLevel(MediaLogLevel::Quiet);
    EXPECT_NE(printed.find("[h264 @ "), std::string::npos) << printed;
    EXPECT_EQ(warnings.size(), 1u) << joined(warnings);
}

// The callback is global; each line must land in the counter of the decoder it is about.
TEST_F(FfmpegLog, AttributesEachLineToItsOwnDecoderWhenTwoDecodeAtOnce)
{
    for (int round = 0; round < 3; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        auto damaged = std::async(
            std::launch::async, [] { return warningsOfDecoding(dir_ + "/damaged.ts"); });
        auto clean
            = std::async(std::launch::async, [] { return warningsOfDecoding(dir_ + "/clean.ts"); });
        const std::vector<std::string> damagedWarnings = damaged.get();
        EXPECT_EQ(clean.get(), std::vector<std::string> {});
        ASSERT_EQ(damagedWarnings.size(), 1u) << joined(damagedWarnings);
        EXPECT_EQ(damagedWarnings.front().rfind(kSummary, 0), 0u);
    }
}

// Callers add warnings() to the result; the valid videos of the bad-input corpus must stay
// free of warnings when they do.
TEST_F(FfmpegLog, LeavesTheValidVideosOfTheCorpusWithoutWarnings)
{
    std::string error;
    const std::string corpus = test::badInputsDir(&error);
    ASSERT_TRUE(error.empty()) << error;
    const auto skipped = test::skippedBadInputs(corpus);
    for (const test::BadInputCase& input : test::kBadInputCases) {
        if (input.outcome != test::BadInputOutcome::Analysed || skipped.count(input.file))
            continue;
        SCOPED_TRACE(input.file);
        EXPECT_EQ(joined(warningsOfDecoding(corpus + "/" + input.file)), "");
    }
}

} // namespace
} // namespace vigil::media
