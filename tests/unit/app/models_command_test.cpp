// The vigil command line (in this process, runInProcess) with published weights: `vigil models
// import` of each real-format file, `vigil score` with each published checkpoint by name and by
// file, the warning for a classifier trained on another backbone, and one-line refusals of damaged
// checkpoints. Importing a classifier by name checks the built-in manifest's SHA-256, so those
// tests need the published files and skip without them; the others use checkpoints generated in the
// same format. Every command runs with VIGIL_MODELS_DIR in a scratch folder, so no test touches
// ~/.local.

#include "core/files/npy_file.h"
#include "core/files/sha256.h"
#include "tests/support/caffe2_pickle.h"
#include "tests/support/i3d_caffe2_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Checkpoint {
    const char* name; // the manifest's
    const char* shortName; // what --classifier takes
    const char* file;
    const char* sha256;
    int da;
    int r;
};

const Checkpoint kCheckpoints[] = {
    { "classifier-da64-r3", "da64-r3", "SelfAttention-da64-r3-T32-seed9111.pth",
        "b5a366deb9955c5f67667061b8371bcd59fd7418f26b4a7aa1da9919caffa070", 64, 3 },
    { "classifier-da128-r7", "da128-r7", "SelfAttention-da128-r7-T32-seed9111.pth",
        "099c94013765fa3d79f5d2eca16f596815657cd4f943adf824ecf008b9ef1774", 128, 7 },
};

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class ModelsCommand : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("models_command");
        FloatArray features = FloatArray::zeros({ 40, 2, 2048 });
        for (size_t i = 0; i < features.values.size(); ++i)
            features.values[i] = static_cast<float>((i * 2654435761u) % 1000) / 1000.0f;
        features_ = dir_ + "/features.npy";
        files::writeNpy(features_, features);
    }

    void SetUp() override
    {
        models_
            = dir_ + "/models-" + ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(models_);
    }

    // vigil with this test's models folder and no mirror.
    CommandResult vigil(const std::string& arguments) const
    {
        const ScopedEnvironment mirror("VIGIL_MODELS_MIRROR", std::nullopt);
        const ScopedEnvironment models("VIGIL_MODELS_DIR", models_);
        return vigilInProcess(arguments);
    }

    static std::string publishedPath(const Checkpoint& checkpoint)
    {
        return referenceCheckpoint(checkpoint.file);
    }

    // Expects exactly one line of output, "vigil: <file>: ...", and exit code 1.
    static void expectOneLineError(const CommandResult& run, const std::string& file)
    {
        EXPECT_EQ(run.exitCode, 1) << run.output;
        EXPECT_EQ(run.output.rfind("vigil: " + file + ": ", 0), 0u) << run.output;
        EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
    }

    static std::string dir_;
    static std::string features_;
    std::string models_;
};
std::string ModelsCommand::dir_;
std::string ModelsCommand::features_;

TEST_F(ModelsCommand, ImportsEachPublishedCheckpointAndScoresWithItByName)
{
    for (const auto& checkpoint : kCheckpoints) {
        SCOPED_TRACE(checkpoint.name);
        if (const std::string why = publishedSkipReason(publishedPath(checkpoint)); !why.empty())
            GTEST_SKIP() << why;
        auto run = vigil(
            "models import " + shellQuoted(publishedPath(checkpoint)) + " --as " + checkpoint.name);
        ASSERT_EQ(run.exitCode, 0) << run.output;
        EXPECT_NE(run.output.find("SHA-256 verified"), std::string::npos) << run.output;
        EXPECT_TRUE(fs::exists(models_ + "/" + checkpoint.file));

        const auto out = dir_ + "/by-name-" + checkpoint.shortName;
        run = vigil("score " + shellQuoted(features_) + " --classifier " + checkpoint.shortName
            + " -o " + shellQuoted(out));
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const json result = readJson(out + "/features.vigil.json");
        const json& classifier = result["model"]["classifier"];
        EXPECT_EQ(classifier["provenance"], "published");
        EXPECT_EQ(classifier["name"], checkpoint.name);
        EXPECT_EQ(classifier["sha256"], checkpoint.sha256);
        EXPECT_EQ(classifier["da"], checkpoint.da);
        EXPECT_EQ(classifier["r"], checkpoint.r);
        ASSERT_EQ(result["windows"].size(), 2u);
        EXPECT_EQ(result["windows"][0]["attention"].size(), static_cast<size_t>(checkpoint.r));

        // The same checkpoint given as a file scores the same, marked as a file.
        const auto byFile = dir_ + "/by-file-" + checkpoint.shortName;
        run = vigil("score " + shellQuoted(features_) + " --classifier "
            + shellQuoted(publishedPath(checkpoint)) + " -o " + shellQuoted(byFile));
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const json fromFile = readJson(byFile + "/features.vigil.json");
        EXPECT_EQ(fromFile["model"]["classifier"]["provenance"], "file");
        EXPECT_EQ(fromFile["windows"][0]["score"], result["windows"][0]["score"]);
        EXPECT_EQ(fromFile["frame_scores"], result["frame_scores"]);
    }
}

// 20#6: nothing pins the I3D bytes, so they are installed under their own name and results
// call them imported, with their SHA-256, never published.
TEST_F(ModelsCommand, ImportsTheCaffe2I3dWeightsAndAnalyzeUsesThem)
{
    const auto pkl = dir_ + "/i3d_baseline_32x2_IN_pretrain_400k.pkl";
    writeI3dCaffe2File(pkl);

    auto run = vigil("models import " + shellQuoted(pkl) + " --as i3d-r50-kinetics");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    ASSERT_TRUE(
        fs::exists(models_ + "/imported-i3d-r50-kinetics-i3d_baseline_32x2_IN_pretrain_400k.pkl"));
    run = vigil("models list");
    EXPECT_NE(run.output.find("i3d-r50-kinetics"), std::string::npos) << run.output;

    const auto clip = dir_ + "/clip.avi";
    ASSERT_TRUE(makeClip(clip, "testsrc2=size=160x120:rate=25", 40));
    const auto out = dir_ + "/analyzed";
    run = vigil("analyze " + shellQuoted(clip) + " --classifier "
        + shellQuoted(generatedCheckpoint(64, 3)) + " -q --threads 2 -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json result = readJson(out + "/clip.vigil.json");
    EXPECT_EQ(result["model"]["backbone_weights"]["provenance"], "imported");
    EXPECT_EQ(result["model"]["backbone_weights"]["sha256"], files::sha256OfFile(pkl));
    EXPECT_EQ(result.dump().find("published"), std::string::npos) << result["model"];
    EXPECT_EQ(result["steps"], 2);
}

TEST_F(ModelsCommand, WarnsWhenTheClassifierWasTrainedOnAnotherBackbone)
{
    // The warning comes from the manifest entry, which only the published bytes can be imported as.
    if (const std::string why = publishedSkipReason(publishedPath(kCheckpoints[0])); !why.empty())
        GTEST_SKIP() << why;
    ASSERT_EQ(vigil("models import " + shellQuoted(publishedPath(kCheckpoints[0]))
                  + " --as classifier-da64-r3")
                  .exitCode,
        0);
    const auto clip = dir_ + "/short.avi";
    ASSERT_TRUE(makeClip(clip, "testsrc2=size=160x120:rate=25", 4));
    const auto out = dir_ + "/resnet";
    const auto run = vigil("analyze " + shellQuoted(clip)
        + " --backbone resnet50 --demo-weights --classifier da64-r3 -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("classifier-da64-r3 was trained on i3d-r50 features, not resnet50"),
        std::string::npos)
        << run.output;
    const json result = readJson(out + "/short.vigil.json");
    EXPECT_EQ(result["model"]["classifier"]["provenance"], "published");
    bool isWarned = false;
    for (const auto& warning : result["warnings"])
        isWarned = isWarned
            || warning.get<std::string>().find("trained on i3d-r50 features, not resnet50")
                != std::string::npos;
    EXPECT_TRUE(isWarned) << result["warnings"];
}

// Damaged copies of a checkpoint in the published format (the generated one has the published
// layout byte for byte, but for the weights): each one line, exit code 1, nothing written.
TEST_F(ModelsCommand, RefusesDamagedCheckpointsInOneLine)
{
    const auto original = fileBytes(generatedCheckpoint(64, 3));
    ASSERT_GT(original.size(), 2000u);
    auto flipped = original;
    for (size_t at = 64; at < 2000; at += 97) // data.pkl sits near the start of the archive
        flipped[at] = static_cast<char>(flipped[at] ^ 0x5a);
    const std::pair<std::string, std::string> damaged[] = {
        { "empty.pth", "" },
        { "text.pth", "not a checkpoint\n" },
        { "truncated-head.pth", original.substr(0, 100) },
        { "truncated-half.pth", original.substr(0, original.size() / 2) },
        { "truncated-tail.pth", original.substr(0, original.size() - 30) },
        { "flipped.pth", flipped },
    };
    for (const auto& [name, bytes] : damaged) {
        SCOPED_TRACE(name);
        const auto path = dir_ + "/damaged " + name;
        std::ofstream(path, std::ios::binary) << bytes;
        const auto out = dir_ + "/damaged-out";
        expectOneLineError(vigil("score " + shellQuoted(features_) + " --classifier "
                               + shellQuoted(path) + " -o " + shellQuoted(out)),
            path);
        EXPECT_FALSE(fs::exists(out + "/features.vigil.json"));
        expectOneLineError(
            vigil("models import " + shellQuoted(path) + " --as classifier-da64-r3"), path);
        EXPECT_FALSE(fs::exists(models_ + "/" + kCheckpoints[0].file));
    }
}

// The I3D entry has no published checksum, so only reading the file can tell it is damaged.
TEST_F(ModelsCommand, RefusesToImportADamagedCaffe2File)
{
    const auto path = dir_ + "/damaged.pkl";
    std::ofstream(path, std::ios::binary)
        << caffe2Pickle({ { "conv1_w", NumPyArray { "f4", "<", { 2 }, "short" } } });
    expectOneLineError(
        vigil("models import " + shellQuoted(path) + " --as i3d-r50-kinetics"), path);
    EXPECT_FALSE(fs::exists(models_ + "/i3d_baseline_32x2_IN_pretrain_400k.pkl"));
    EXPECT_FALSE(fs::exists(models_ + "/imported-i3d-r50-kinetics-damaged.pkl"));
}

} // namespace
} // namespace vigil::test
