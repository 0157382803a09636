// Runs `vigil features compare` (the command line in this process, runInProcess) on ten-crop
// features that `vigil features` extracted from a generated clip, and on copies of them changed as
// another extractor might have (scaled, crops in another order, the last step dropped), written
// here with files::writeNpy.

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "core/formats/feature_sidecar.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string firstLine(const std::string& text)
{
    return text.substr(0, text.find('\n'));
}

FloatArray scaled(FloatArray features, float factor)
{
    for (float& value : features.values)
        value *= factor;
    return features;
}

// B's crop j is A's crop (j + 5) % 10, as when one extractor puts the flipped crops first.
FloatArray cropsRotatedByFive(const FloatArray& features)
{
    FloatArray rotated = features;
    const int64_t crops = features.dim(1), size = features.dim(2);
    for (int64_t t = 0; t < features.dim(0); ++t)
        for (int64_t j = 0; j < crops; ++j)
            std::copy_n(features.data() + (t * crops + (j + 5) % crops) * size, size,
                rotated.data() + (t * crops + j) * size);
    return rotated;
}

FloatArray lastStepDropped(FloatArray features)
{
    features.shape[0] -= 1;
    features.values.resize(static_cast<size_t>(FloatArray::countOf(features.shape)));
    return features;
}

class CompareCommand : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratchDir("compare_command");
        fs::create_directories(dir_ + "/models"); // empty: --demo-weights, not what is installed
    }
    // stdoutPath: where stdout goes instead (the output then holds only stderr).
    CommandResult vigil(const std::string& arguments, const std::string& stdoutPath = {}) const
    {
        const ScopedEnvironment models("VIGIL_MODELS_DIR", dir_ + "/models");
        const InProcessResult run = runInProcess(shellWords(arguments));
        if (stdoutPath.empty())
            return { run.exitCode, run.err + run.out };
        std::ofstream(stdoutPath, std::ios::binary) << run.out;
        return { run.exitCode, run.err };
    }
    std::string written(const std::string& name, const FloatArray& features) const
    {
        const std::string path = dir_ + "/" + name + ".npy";
        files::writeNpy(path, features);
        return path;
    }
    std::string dir_;
};

TEST_F(CompareCommand, TellsRealFeaturesFromTheirScaledPermutedAndShortenedCopies)
{
    ASSERT_TRUE(makeClip(dir_ + "/clip.avi", "testsrc2=size=160x120:rate=25", 32));
    const CommandResult extracted = vigil("features " + shellQuoted(dir_ + "/clip.avi")
        + " --demo-weights --crops ten -q -o " + shellQuoted(dir_ + "/a"));
    ASSERT_EQ(extracted.exitCode, 0) << extracted.output;
    const std::string a = dir_ + "/a/clip.npy";
    const FloatArray features = formats::readFeatures(a);
    ASSERT_EQ(features.shape, (std::vector<int64_t> { 2, 10, 2048 }));

    const struct {
        std::string name;
        FloatArray b;
        std::string verdict;
    } cases[] = {
        { "same", features, "same protocol" },
        { "scaled", scaled(features, 2.2f), "scale differs by x2.2: normalisation?" },
        { "rotated", cropsRotatedByFive(features),
            "crop order differs (B's crops 5..9 are A's 0..4, B's crops 0..4 are A's 5..9)" },
        { "shorter", lastStepDropped(features),
            "one step shorter: last snippet dropped vs padded" },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        const CommandResult run
            = vigil("features compare " + shellQuoted(a) + " " + shellQuoted(written(c.name, c.b)));
        EXPECT_EQ(run.exitCode, 0) << run.output;
        EXPECT_EQ(firstLine(run.output), c.verdict) << run.output;
    }
}

TEST_F(CompareCommand, ScoresBothOverTheSameWindowsAndPrintsJson)
{
    ASSERT_TRUE(makeClip(dir_ + "/clip.avi", "testsrc2=size=160x120:rate=25", 48));
    const CommandResult extracted = vigil("features " + shellQuoted(dir_ + "/clip.avi")
        + " --demo-weights -q -o " + shellQuoted(dir_ + "/a"));
    ASSERT_EQ(extracted.exitCode, 0) << extracted.output;
    const std::string a = dir_ + "/a/clip.npy";
    const std::string b = written("shorter", lastStepDropped(formats::readFeatures(a)));
    const std::string out = dir_ + "/compare.json";
    const CommandResult run = vigil("features compare " + shellQuoted(a) + " " + shellQuoted(b)
            + " --demo-weights --window 1 --json",
        out);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::ifstream in(out);
    const json report = json::parse(in);
    EXPECT_EQ(report["verdict"], "one step shorter: last snippet dropped vs padded");
    EXPECT_EQ(report["a"]["steps"], 3);
    EXPECT_EQ(report["b"]["steps"], 2);
    EXPECT_EQ(report["alignment"]["overlap_steps"], 2);
    EXPECT_NEAR(report["cosine"]["mean"].get<double>(), 1.0, 1e-6);
    const json& scores = report["scores"];
    EXPECT_EQ(scores["windows"], 2);
    EXPECT_EQ(scores["frames"], 2 * 16);
    EXPECT_EQ(scores["window_scores_a"], scores["window_scores_b"]);
    // Null only if the demo classifier gave both windows the very same score.
    if (!scores["window_pearson"].is_null())
        EXPECT_NEAR(scores["window_pearson"].get<double>(), 1.0, 1e-9);
}

TEST_F(CompareCommand, ExitsOneForAnUnreadableFileAndTwoForAMissingArgument)
{
    const std::string a = written("a", FloatArray::zeros({ 3, 1, 8 }));
    std::ofstream(dir_ + "/broken.npy") << "not a numpy file";
    const CommandResult broken
        = vigil("features compare " + shellQuoted(a) + " " + shellQuoted(dir_ + "/broken.npy"));
    EXPECT_EQ(broken.exitCode, 1) << broken.output;
    EXPECT_EQ(broken.output.rfind("vigil: " + dir_ + "/broken.npy: ", 0), 0u) << broken.output;
    // Issue 40 item 6: no crop or no feature is refused in one line naming the file, not an abort.
    for (const std::vector<int64_t>& shape : { std::vector<int64_t> { 4, 0, 2048 }, { 4, 1, 0 } }) {
        const std::string empty = written("empty", FloatArray::zeros(shape));
        const CommandResult refused
            = vigil("features compare " + shellQuoted(empty) + " " + shellQuoted(a));
        EXPECT_EQ(refused.exitCode, 1) << refused.output;
        EXPECT_EQ(refused.output.rfind("vigil: " + empty + ": expected features", 0), 0u)
            << refused.output;
        EXPECT_EQ(std::count(refused.output.begin(), refused.output.end(), '\n'), 1)
            << refused.output;
    }
    EXPECT_EQ(vigil("features compare " + shellQuoted(a)).exitCode, 2);
    // `vigil features` still needs its videos when it is not comparing.
    const CommandResult noVideos = vigil("features --demo-weights");
    EXPECT_EQ(noVideos.exitCode, 2) << noVideos.output;
    EXPECT_NE(noVideos.output.find("videos is required"), std::string::npos) << noVideos.output;
}

} // namespace
} // namespace vigil::test
