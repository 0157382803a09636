// Issue 21, in-process (tests/support/in_process_cli.h): a damaged checksum cache is ignored
// with exactly one warning line (item 5), and `train`, `features compare` and `eval` refuse a
// features sidecar that disagrees with its .npy in one line, as `score` does (item 10).

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "core/formats/feature_sidecar.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <utility>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

void expectOneLine(const InProcessResult& run, const std::string& line)
{
    EXPECT_EQ(run.err, line + "\n");
}

TEST(UntrustedFiles, ADamagedChecksumCacheIsIgnoredWithOneWarningLine)
{
    const std::string dir = scratchDir("untrusted_checksum_cache");
    const ScopedEnvironment models("VIGIL_MODELS_DIR", dir + "/models");
    const ScopedEnvironment config("XDG_CONFIG_HOME", dir + "/config");
    const ScopedEnvironment cache("XDG_CACHE_HOME", dir + "/cache");
    const std::string file = dir + "/models/.checksums.json";
    const std::vector<std::pair<std::string, std::function<void()>>> damages {
        { "not a regular file (a folder)", [&] { fs::create_directories(file); } },
        { "not valid JSON",
            [&] {
                std::ofstream(file) << "\x7f"
                                    << "ELF garbage";
            } },
        { "not a regular file (a FIFO)", [&] { ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0); } },
    };
    for (const auto& [problem, damage] : damages) {
        SCOPED_TRACE(problem);
        fs::remove_all(dir + "/models");
        fs::create_directories(dir + "/models");
        damage();
        const InProcessResult run = runInProcess({ "models", "list" });
        EXPECT_EQ(run.exitCode, 0) << run.err;
        EXPECT_NE(run.out.find("i3d-r50"), std::string::npos) << run.out;
        expectOneLine(run, "vigil: warning: " + file + ": " + problem + "; ignored");
    }
}

// A sidecar whose video.frames cannot come from 40 steps of 16 frames.
class DisagreeingSidecar : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratchDir("untrusted_sidecar");
        for (const char* name : { "a", "b" })
            files::writeNpy(dir_ + "/" + name + ".npy", FloatArray::zeros({ 40, 1, 2048 }));
        formats::FeatureSidecar sidecar;
        sidecar.frames = 1000000;
        sidecar.fps = 25.0;
        formats::writeFeatureSidecar(dir_ + "/a.json", sidecar);
        refusal_ = "vigil: " + dir_ + "/a.json: video.frames 1000000 does not fit 40 steps of 16 "
            + "frames (snippet_frames) in " + dir_ + "/a.npy (625 to 656)";
    }
    std::string dir_, refusal_;
};

TEST_F(DisagreeingSidecar, IsRefusedInOneLineByCompareTrainAndEval)
{
    for (const auto& [a, b] : { std::pair { "a", "b" }, std::pair { "b", "a" } }) {
        const InProcessResult compare = runInProcess(
            { "features", "compare", dir_ + "/" + a + ".npy", dir_ + "/" + b + ".npy" });
        EXPECT_EQ(compare.exitCode, 1) << compare.err;
        expectOneLine(compare, refusal_);
    }
    std::ofstream(dir_ + "/labels.csv") << "path,label\n"
                                        << dir_ << "/a.npy,1\n"
                                        << dir_ << "/b.npy,0\n";
    const InProcessResult train = runInProcess({ "train", "--labels", dir_ + "/labels.csv",
        "--epochs", "1", "-q", "-o", dir_ + "/model.pth" });
    EXPECT_EQ(train.exitCode, 1) << train.err;
    expectOneLine(train, refusal_);
    EXPECT_FALSE(fs::exists(dir_ + "/model.pth"));

    std::ofstream(dir_ + "/test.list") << dir_ << "/b.npy\n" << dir_ << "/a.npy\n";
    files::writeNpy(dir_ + "/gt.npy", FloatArray::zeros({ 2 * 40 * 16 }));
    const InProcessResult eval = runInProcess({ "eval", "--list", dir_ + "/test.list", "--gt",
        dir_ + "/gt.npy", "--demo-weights", "-q" });
    EXPECT_EQ(eval.exitCode, 1) << eval.err;
    EXPECT_EQ(eval.err.find(refusal_ + "\n"), eval.err.size() - refusal_.size() - 1) << eval.err;
}

// Issue 40 item 3: a sidecar edited to claim the published backbone weights does not make the
// result say so; the claim is a warning, and the provenance is unknown.
TEST_F(DisagreeingSidecar, ASidecarsClaimOfPublishedWeightsIsNotRecordedAsProvenance)
{
    formats::FeatureSidecar sidecar;
    sidecar.frames = 40 * 16;
    sidecar.fps = 25.0;
    sidecar.model.backboneWeights
        = { "/models/i3d.pth", std::string(64, 'b'), Provenance::Published, "i3d-r50-kinetics" };
    formats::writeFeatureSidecar(dir_ + "/b.json", sidecar);
    const ScopedEnvironment models("VIGIL_MODELS_DIR", dir_ + "/models");
    const InProcessResult run
        = runInProcess({ "score", dir_ + "/b.npy", "--demo-weights", "-q", "-o", dir_ + "/out" });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("claims they were made with the published backbone weights "
                           "i3d-r50-kinetics; not verified"),
        std::string::npos)
        << run.err;
    std::ifstream in(dir_ + "/out/b.vigil.json");
    const nlohmann::json result = nlohmann::json::parse(in);
    const nlohmann::json& weights = result["model"]["backbone_weights"];
    EXPECT_EQ(weights["provenance"], "unknown") << weights;
    EXPECT_EQ(weights["name"], "") << weights;
    EXPECT_EQ(result.dump().find("\"published\""), std::string::npos);
}

// Issue 21 item 15: without a common step nothing is measured, so the cosine and the norm ratio
// are null in --json, never 0.0.
TEST_F(DisagreeingSidecar, CompareWithoutACommonStepWritesNullNotZero)
{
    files::writeNpy(dir_ + "/none.npy", FloatArray::zeros({ 0, 1, 2048 }));
    files::writeNpy(dir_ + "/narrow.npy", FloatArray::zeros({ 40, 1, 1024 }));
    for (const char* other : { "none", "narrow" }) {
        SCOPED_TRACE(other);
        const InProcessResult run = runInProcess(
            { "features", "compare", dir_ + "/b.npy", dir_ + "/" + other + ".npy", "--json" });
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const nlohmann::json report = nlohmann::json::parse(run.out);
        EXPECT_EQ(report["alignment"]["overlap_steps"], 0);
        EXPECT_TRUE(report["cosine"]["mean"].is_null()) << report["cosine"];
        EXPECT_TRUE(report["cosine"]["min"].is_null()) << report["cosine"];
        EXPECT_TRUE(report["norm_ratio"]["mean"].is_null()) << report["norm_ratio"];
    }
}

} // namespace
} // namespace vigil::test
