// Deterministic mutation fuzzing of opening and decoding a video: small clips in several containers
// and codecs are damaged in many seeded ways (flipped bytes, overwritten runs, cut-off ends,
// boundary integers, repeated chunks), written to a file and decoded to the end. A damaged file may
// only ever yield frames or a vigil::MediaError naming it; memory errors and undefined behaviour
// are caught when this runs under AddressSanitizer and UBSan (scripts/run-engine-sanitizers.sh).
//   VIGIL_VIDEO_FUZZ_CASES=N  mutated files per seed clip (default 150)
// A failing case is kept as test-tmp/video-fuzz-failures/<seed>-<case>.<ext> to reproduce it.

#include "core/common/error.h"
#include "core/media/media_log.h"
#include "core/media/video_decoder.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<char>;

struct SeedClip {
    const char* name;
    const char* encoder; // must be in `ffmpeg -encoders`
    const char* codecArgs;
};

const SeedClip kSeeds[] = {
    { "mpeg4.avi", "mpeg4", "-c:v mpeg4 -q:v 4 -g 5 -bf 1" },
    { "h264.mp4", "libx264", "-c:v libx264 -preset ultrafast -g 5 -movflags +faststart" },
    { "mjpeg.mkv", "mjpeg", "-c:v mjpeg -q:v 5" },
    { "vp9.webm", "libvpx-vp9", "-c:v libvpx-vp9 -deadline realtime -cpu-used 8 -g 5" },
};

void PrintTo(const SeedClip& seed, std::ostream* out)
{
    *out << seed.name;
}

int64_t casesPerSeed()
{
    const char* text = std::getenv("VIGIL_VIDEO_FUZZ_CASES");
    return text ? std::max(1L, std::strtol(text, nullptr, 10)) : 150;
}

Bytes readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void writeBytes(const std::string& path, const Bytes& bytes)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// One seeded damage; the same caseIndex always damages the same way.
Bytes mutate(const Bytes& original, uint32_t caseIndex, std::string& what)
{
    std::mt19937 random(caseIndex * 2654435761u + 17u);
    Bytes bytes = original;
    auto position
        = [&]() { return std::uniform_int_distribution<size_t>(0, bytes.size() - 1)(random); };
    auto byte
        = [&]() { return static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random)); };
    const int rounds = 1 + static_cast<int>(random() % 3);
    for (int round = 0; round < rounds && !bytes.empty(); ++round) {
        switch (random() % 6) {
        case 0: { // a few flipped bits anywhere, headers included
            const int flips = 1 + static_cast<int>(random() % 8);
            for (int i = 0; i < flips; ++i)
                bytes[position()] ^= static_cast<char>(1u << (random() % 8));
            what += "flip;";
            break;
        }
        case 1: { // a run of random bytes
            const size_t start = position();
            const size_t length = std::min<size_t>(bytes.size() - start, 1 + random() % 256);
            std::generate_n(bytes.begin() + static_cast<std::ptrdiff_t>(start), length, byte);
            what += "run;";
            break;
        }
        case 2: // cut off
            bytes.resize(position());
            what += "cut;";
            break;
        case 3: { // a boundary integer, as sizes and counts in headers are
            static const uint32_t kValues[]
                = { 0u, 1u, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xffffu, 0x10000u };
            const uint32_t value = kValues[random() % std::size(kValues)];
            const size_t start = position();
            for (size_t i = 0; i < 4 && start + i < bytes.size(); ++i)
                bytes[start + i] = static_cast<char>((value >> (8 * (3 - i))) & 0xff);
            what += "int;";
            break;
        }
        case 4: { // a chunk repeated in place, as a muxer that wrote twice
            const size_t start = position();
            const size_t length = std::min<size_t>(bytes.size() - start, 1 + random() % 2048);
            const Bytes chunk(bytes.begin() + static_cast<std::ptrdiff_t>(start),
                bytes.begin() + static_cast<std::ptrdiff_t>(start + length));
            bytes.insert(
                bytes.begin() + static_cast<std::ptrdiff_t>(start), chunk.begin(), chunk.end());
            what += "repeat;";
            break;
        }
        default: { // a chunk removed
            const size_t start = position();
            const size_t length = std::min<size_t>(bytes.size() - start, 1 + random() % 2048);
            bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(start),
                bytes.begin() + static_cast<std::ptrdiff_t>(start + length));
            what += "remove;";
            break;
        }
        }
    }
    return bytes;
}

class VideoFuzz : public ::testing::TestWithParam<SeedClip> { };

TEST_P(VideoFuzz, DamagedFilesGiveFramesOrAMediaErrorNamingTheFile)
{
    const SeedClip& seed = GetParam();
    media::setMediaLogLevel(media::MediaLogLevel::Quiet); // thousands of complaints otherwise
    if (runCommand(
            "ffmpeg -hide_banner -encoders 2>/dev/null | grep -qw " + std::string(seed.encoder))
            .exitCode
        != 0)
        GTEST_SKIP() << "this ffmpeg has no " << seed.encoder << " encoder";
    const std::string dir = scratchDir("video_fuzz");
    const std::string clip = dir + "/seed-" + seed.name;
    ASSERT_TRUE(makeClip(clip, "testsrc2=size=64x48:rate=25", 24, seed.codecArgs));
    const Bytes original = readBytes(clip);
    ASSERT_GT(original.size(), 100u);

    const std::string mutated = dir + "/mutated-" + seed.name;
    int64_t opened = 0;
    int64_t frames = 0;
    int64_t failures = 0;
    for (int64_t caseIndex = 0; caseIndex < casesPerSeed() && failures < 5; ++caseIndex) {
        std::string what;
        writeBytes(mutated, mutate(original, static_cast<uint32_t>(caseIndex), what));
        std::string unexpected;
        try {
            media::VideoDecoder decoder(mutated);
            ++opened;
            // A bound the clip cannot reach honestly: damage must not make the decoder loop.
            for (int64_t count = 0; decoder.next(); ++count) {
                ++frames;
                if (count > 10000) {
                    unexpected = "more than 10000 frames from a 24-frame clip";
                    break;
                }
            }
        } catch (const MediaError& error) {
            const std::string message = error.what();
            if (message.rfind(mutated + ": ", 0) != 0 || message.find('\n') != std::string::npos)
                unexpected = "MediaError not naming the file on one line: " + message;
        } catch (const std::exception& error) {
            unexpected = std::string("not a MediaError: ") + error.what();
        }
        if (!unexpected.empty()) {
            ++failures;
            const fs::path kept = fs::path(testTmpDir()) / "video-fuzz-failures"
                / (std::to_string(caseIndex) + "-" + seed.name);
            fs::create_directories(kept.parent_path());
            fs::copy_file(mutated, kept, fs::copy_options::overwrite_existing);
            ADD_FAILURE() << seed.name << " case " << caseIndex << " (" << what
                          << "): " << unexpected << "; kept as " << kept.string();
        }
    }
    // The fuzzing must reach the decoder, not only the container probe.
    EXPECT_GT(opened, 0);
    EXPECT_GT(frames, 0);
    RecordProperty("opened", std::to_string(opened));
    RecordProperty("frames", std::to_string(frames));
}

INSTANTIATE_TEST_SUITE_P(Seeds, VideoFuzz, ::testing::ValuesIn(kSeeds),
    [](const ::testing::TestParamInfo<SeedClip>& info) {
        std::string name = info.param.name;
        std::replace(name.begin(), name.end(), '.', '_');
        return name;
    });

} // namespace
} // namespace vigil::test
