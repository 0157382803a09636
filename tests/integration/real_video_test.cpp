// The main job on Debian's real sample video (opencv-doc's vtest.avi: 768x576, 795 frames).

#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace vigil::test {
namespace {

const std::string kVtest = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";

TEST(RealVideo, VtestGivesFortyNineSnippetsInTwoWindows)
{
    if (!std::filesystem::exists(kVtest))
        GTEST_SKIP() << kVtest << " not found (Debian package opencv-doc)";
    const std::string out = scratchDir("real_video_vtest");
    const CommandResult run = runCommand(vigilExecutable() + " analyze " + kVtest
        + " --demo-weights --quiet -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::ifstream in(out + "/vtest.vigil.json");
    const nlohmann::json result = nlohmann::json::parse(in);
    EXPECT_EQ(result["video"]["frames"], 795);
    EXPECT_EQ(result["video"]["width"], 768);
    EXPECT_EQ(result["video"]["height"], 576);
    EXPECT_EQ(result["steps"], 49);
    ASSERT_EQ(result["windows"].size(), 2u);
    EXPECT_EQ(result["windows"][0]["last_step"], 31);
    EXPECT_EQ(result["windows"][1]["first_step"], 32);
    EXPECT_EQ(result["windows"][1]["last_step"], 48);
    EXPECT_EQ(result["windows"][1]["last_frame"], 794);
    EXPECT_EQ(result["windows"][1]["attention"][0].size(), 17u);
    EXPECT_EQ(result["frame_scores"].size(), 795u);
    for (const auto& score : result["frame_scores"]) {
        EXPECT_GE(score.get<double>(), 0.0);
        EXPECT_LE(score.get<double>(), 1.0);
    }
}

} // namespace
} // namespace vigil::test
