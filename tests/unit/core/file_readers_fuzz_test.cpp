// Deterministic mutation fuzzing of the readers of Vigil's own files: a result (.vigil.json and
// .scores.csv, read by formats::readResultFiles and batch::checkSavedResult), a features sidecar,
// the calibration cache and the checksum cache. Each seed file is damaged in many seeded ways, some
// blind (flipped bytes, cut-off ends) and some aimed at the values (a number replaced by NaN,
// 1e308, a negative or a huge integer, a string, null), then read. A damaged file may only be
// read into values within the readers' bounds, be refused with one line naming it, or (for the
// caches) be no entry; memory errors and undefined behaviour are caught when this runs under
// AddressSanitizer and UBSan (scripts/run-engine-sanitizers.sh).
//   VIGIL_FILE_FUZZ_CASES=N  mutated files per seed (default 100)

#include "core/batch/saved_result.h"
#include "core/common/error.h"
#include "core/common/ignored_files.h"
#include "core/files/atomic_file.h"
#include "core/formats/feature_sidecar.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"
#include "core/models_store/checksum_cache.h"
#include "core/tuning/calibration_cache.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <vector>

namespace vigil::test {
namespace {

int64_t casesPerSeed()
{
    const char* text = std::getenv("VIGIL_FILE_FUZZ_CASES");
    return text ? std::max(1L, std::strtol(text, nullptr, 10)) : 100;
}

std::string textOf(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// One seeded damage; the same caseIndex always damages the same way.
std::string mutate(const std::string& original, uint32_t caseIndex)
{
    static const char* const kValues[] = { "NaN", "nan", "1e308", "-1e308", "1e300", "-1", "0",
        "9223372036854775807", "99999999999999999999999", "\"x\"", "null", "[]", "{}",
        "\"\\u0000\\u009b\"", "\"\xff\xfe\"", "" };
    std::mt19937 random(caseIndex * 2654435761u + 7u);
    std::string text = original;
    const int rounds = 1 + static_cast<int>(random() % 3);
    for (int round = 0; round < rounds && !text.empty(); ++round) {
        const size_t at = random() % text.size();
        switch (random() % 4) {
        case 0: // a value replaced where a number starts
        {
            const size_t start = text.find_first_of("-0123456789", at);
            if (start == std::string::npos)
                break;
            const size_t end = text.find_first_not_of("-+.eE0123456789", start);
            text.replace(start, (end == std::string::npos ? text.size() : end) - start,
                kValues[random() % std::size(kValues)]);
            break;
        }
        case 1:
            text[at] = static_cast<char>(text[at] ^ (1u << (random() % 8)));
            break;
        case 2:
            text.resize(at);
            break;
        default: // a line or a member removed
            text.erase(at, std::min<size_t>(text.size() - at, 1 + random() % 40));
            break;
        }
    }
    return text;
}

// A refusal is one line naming the file (for a result, either of its two: a damaged score in the
// JSON shows as a CSV row that disagrees); any other exception fails the case.
void expectReadOrRefused(const std::function<void()>& read, const std::string& file, uint32_t index)
{
    SCOPED_TRACE("case " + std::to_string(index));
    try {
        read();
    } catch (const Error& error) {
        const std::string text = error.what();
        EXPECT_NE(text.find(file), std::string::npos) << text;
        EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    } catch (const std::exception& error) {
        ADD_FAILURE() << "not a vigil::Error: " << error.what();
    }
}

void expectInBounds(const analysis::AnalysisResult& result)
{
    for (const float score : result.frameScores)
        ASSERT_TRUE(score >= 0.0f && score <= 1.0f) << score;
    for (const analysis::WindowResult& window : result.windows)
        ASSERT_TRUE(window.firstFrame <= window.lastFrame);
    ASSERT_TRUE(std::isfinite(result.video.fps));
}

TEST(FileReadersFuzz, DamagedResultsAreReadWithinBoundsOrRefusedInOneLine)
{
    const std::string dir = scratchDir("fuzz_result");
    const formats::WrittenFiles files
        = formats::writeResultFiles(syntheticResult("v.mp4", { 0.1f, 0.9f, 0.3f, 0.5f }), dir, "v");
    const std::string json = textOf(files.jsonPath);
    const std::string csv = textOf(files.csvPath);
    for (uint32_t index = 0; index < casesPerSeed(); ++index) {
        const bool isJson = index % 2 == 0;
        files::writeFileAtomically(files.jsonPath, isJson ? mutate(json, index) : json);
        files::writeFileAtomically(files.csvPath, isJson ? csv : mutate(csv, index));
        expectReadOrRefused(
            [&] { expectInBounds(formats::readResultFiles(files.jsonPath, files.csvPath)); },
            dir + "/v.", index);
        // The --resume check never throws: a damaged result is only "analyse again".
        batch::checkSavedResult(
            files.jsonPath, files.csvPath, demoSettings(), vigil::analysis::EventRule {});
    }
}

TEST(FileReadersFuzz, DamagedSidecarsAreReadWithinBoundsOrRefusedInOneLine)
{
    const std::string dir = scratchDir("fuzz_sidecar");
    const std::string npy = dir + "/clip.npy";
    formats::FeatureSidecar sidecar;
    sidecar.frames = 640;
    sidecar.fps = 25.0;
    sidecar.videoPath = "cam.mp4";
    formats::writeFeatureSidecar(formats::sidecarPathFor(npy), sidecar);
    const std::string text = textOf(formats::sidecarPathFor(npy));
    const FloatArray features = FloatArray::zeros({ 40, 1, 4 });
    for (uint32_t index = 0; index < casesPerSeed(); ++index) {
        files::writeFileAtomically(formats::sidecarPathFor(npy), mutate(text, index));
        expectReadOrRefused(
            [&] {
                if (const auto read = formats::readFeatureSidecarFor(npy, features)) {
                    ASSERT_TRUE(read->fps == 0.0 || (read->fps >= 1e-3 && read->fps <= 1000.0));
                    ASSERT_TRUE(read->frames <= 41 * read->framesPerStep);
                }
            },
            formats::sidecarPathFor(npy), index);
    }
}

TEST(FileReadersFuzz, DamagedCachesAreNoEntryAndNeverAnError)
{
    const std::string dir = scratchDir("fuzz_caches");
    std::ofstream(dir + "/weights.pth") << "some weights";
    {
        models_store::ChecksumCache checksums(dir);
        checksums.remember("weights.pth", std::string(64, 'a'));
        tuning::CalibrationCache calibration(dir + "/calibration.json");
        calibration.remember("key", { { tuning::Layout::Blocked, 4, 2 }, {} });
    }
    const std::string checksumText = textOf(dir + "/.checksums.json");
    const std::string calibrationText = textOf(dir + "/calibration.json");
    for (uint32_t index = 0; index < casesPerSeed(); ++index) {
        SCOPED_TRACE("case " + std::to_string(index));
        files::writeFileAtomically(dir + "/.checksums.json", mutate(checksumText, index));
        files::writeFileAtomically(dir + "/calibration.json", mutate(calibrationText, index));
        // What is ignored is reported (core/common/ignored_files.h) as one line per file.
        std::vector<std::string> reports;
        setIgnoredFileSink([&](const std::string& file, const std::string& problem) {
            reports.push_back(file + ": " + problem);
        });
        const std::optional<std::string> sha256
            = models_store::ChecksumCache(dir).lookup("weights.pth");
        EXPECT_TRUE(!sha256 || *sha256 == std::string(64, 'a')) << *sha256;
        const auto setup = tuning::CalibrationCache(dir + "/calibration.json").lookup("key");
        EXPECT_TRUE(!setup || (setup->threads >= 1 && setup->snippetsPerPass >= 1));
        for (const std::string& report : reports)
            EXPECT_EQ(report.find('\n'), std::string::npos) << report;
    }
    setIgnoredFileSink({});
}

} // namespace
} // namespace vigil::test
