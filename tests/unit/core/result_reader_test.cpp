// Results written by formats::writeResultFiles read back as the same AnalysisResult (what the GUI
// shows for a batch's video without analysing it again); damaged files are refused by name.

#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace vigil::formats {
namespace {

TEST(ResultReader, ReadsBackWhatWasWritten)
{
    analysis::AnalysisResult written
        = test::syntheticResult("/videos/a b.mp4", { 0.1f, 0.9f, 0.25f, 0.5f });
    written.warnings = { "2 damaged frames could not be decoded and were skipped" };
    written.framePtsUs[3] = 123457;
    const WrittenFiles files = writeResultFiles(written, test::scratchDir("result_reader"), "a b");
    const analysis::AnalysisResult read = readResultFiles(files.jsonPath, files.csvPath);
    EXPECT_EQ(read.video.path, written.video.path);
    EXPECT_EQ(read.video.frames, 4);
    EXPECT_DOUBLE_EQ(read.video.fps, 25.0);
    EXPECT_EQ(read.model.backbone, BackboneKind::I3dResNet50);
    EXPECT_EQ(read.model.attentionRows, 1);
    EXPECT_EQ(read.protocol.windows.windowSteps, 32);
    EXPECT_EQ(read.frameScores, written.frameScores);
    EXPECT_EQ(read.framePtsUs, written.framePtsUs);
    ASSERT_EQ(read.windows.size(), 1u);
    EXPECT_EQ(read.windows[0].attention.shape, (std::vector<int64_t> { 1, 2 }));
    EXPECT_EQ(read.windows[0].attention.values, written.windows[0].attention.values);
    EXPECT_FLOAT_EQ(read.windows[0].score, written.windows[0].score);
    EXPECT_EQ(read.warnings, written.warnings);
}

TEST(ResultReader, RefusesAHalfWrittenJsonOrAShortCsvNamingTheFile)
{
    const analysis::AnalysisResult written = test::syntheticResult("v.mp4", { 0.1f, 0.2f, 0.3f });
    const std::string dir = test::scratchDir("result_reader_bad");
    const WrittenFiles files = writeResultFiles(written, dir, "v");
    const std::string json = resultToJson(written);
    files::writeFileAtomically(dir + "/cut.vigil.json", json.substr(0, json.size() / 2));
    try {
        readResultFiles(dir + "/cut.vigil.json", files.csvPath);
        FAIL() << "a cut JSON was read";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("cut.vigil.json"), std::string::npos)
            << error.what();
    }
    files::writeFileAtomically(dir + "/short.scores.csv", "frame,time_s,score\n0,0.0,0.1\n");
    EXPECT_THROW(readResultFiles(files.jsonPath, dir + "/short.scores.csv"), IoError);
}

} // namespace
} // namespace vigil::formats
