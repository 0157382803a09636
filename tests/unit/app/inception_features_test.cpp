// `vigil features VIDEO --backbone i3d-inception --preprocess urdmu` against UR-DMU's recipe run
// in PyTorch on the same frames with the same weights (scripts/make_i3d_inception_video_goldens.py,
// itself checked bit for bit against i3d_extract.py and pytorch_i3d.py): per step and crop the
// cosine is at least 0.999, for weights in both published layouts, and with the urdmu-jpeg
// preset against the recipe's JPEG round trip. The clip is FFV1 RGB, so that FFmpeg's decode
// here and the ffmpeg CLI's there give the same pixels.

#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/python_fixtures.h"
#include "tests/support/test_locations.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

namespace vigil::test {
namespace {

double cosine(const float* a, const float* b, size_t count)
{
    double dot = 0.0, aa = 0.0, bb = 0.0;
    for (size_t i = 0; i < count; ++i) {
        dot += static_cast<double>(a[i]) * b[i];
        aa += static_cast<double>(a[i]) * a[i];
        bb += static_cast<double>(b[i]) * b[i];
    }
    return dot / std::sqrt(aa * bb);
}

// The smallest cosine over every step and crop of two [steps, 10, 1024] arrays.
double worstCosine(const FloatArray& actual, const FloatArray& expected)
{
    EXPECT_EQ(actual.shape, expected.shape);
    if (actual.shape != expected.shape)
        return 0.0;
    double worst = 1.0;
    const size_t width = static_cast<size_t>(expected.shape.back());
    for (size_t row = 0; row * width < expected.values.size(); ++row)
        worst = std::min(
            worst, cosine(&actual.values[row * width], &expected.values[row * width], width));
    return worst;
}

class InceptionFeatures : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("inception_features");
        clip_ = dir_ + "/clip.mkv";
        ASSERT_EQ(std::system(("ffmpeg -loglevel error -y -f lavfi -i "
                               "testsrc2=size=320x240:rate=25 -frames:v 20 -c:v ffv1 -pix_fmt "
                               "bgr0 "
                      + shellQuoted(clip_))
                                  .c_str()),
            0);
        weights_ = pythonFixtureDir("i3d_inception", "make_i3d_inception_goldens.py");
    }

    // The recipe's features of the clip (--jpeg: after its JPEG round trip), made once per flag.
    static std::string goldens(const std::string& flag)
    {
        const std::string out = dir_ + "/goldens" + flag;
        const std::string command = "/usr/bin/python3 "
            + shellQuoted(sourcePath("scripts/make_i3d_inception_video_goldens.py")) + " "
            + shellQuoted(clip_) + " " + shellQuoted(weights_) + " " + shellQuoted(out) + " " + flag
            + " >/dev/null";
        EXPECT_EQ(std::system(command.c_str()), 0) << command;
        return out;
    }

    static FloatArray vigilFeatures(const std::string& weights, const std::string& preset)
    {
        const std::string out = dir_ + "/vigil-" + preset + "-" + weights;
        const CommandResult run = vigilInProcess("features " + shellQuoted(clip_)
            + " --backbone i3d-inception --preprocess " + preset + " --crops ten "
            + "--backbone-weights " + shellQuoted(weights_ + "/" + weights) + " -q -o "
            + shellQuoted(out));
        EXPECT_EQ(run.exitCode, 0) << run.output;
        return files::readNpy(out + "/clip.npy");
    }

    static std::string dir_, clip_, weights_;
};
std::string InceptionFeatures::dir_;
std::string InceptionFeatures::clip_;
std::string InceptionFeatures::weights_;

TEST_F(InceptionFeatures, EqualUrdmusRecipeForWeightsInBothLayouts)
{
    const std::string expected = goldens("");
    for (const auto& [weights, golden] :
        { std::pair { "i3d_inception_piergiaj.pt", "features_piergiaj.npy" },
            std::pair { "i3d_inception_urdmu.pth", "features_urdmu.npy" } }) {
        SCOPED_TRACE(weights);
        const FloatArray features = vigilFeatures(weights, "urdmu");
        EXPECT_EQ(features.shape, (std::vector<int64_t> { 2, 10, 1024 }));
        EXPECT_GE(worstCosine(features, files::readNpy(expected + "/" + golden)), 0.999);
    }
}

TEST_F(InceptionFeatures, TheJpegPresetEqualsTheRecipesRoundTripAndDiffersWithout)
{
    const std::string withJpeg = goldens("--jpeg");
    const FloatArray features = vigilFeatures("i3d_inception_piergiaj.pt", "urdmu-jpeg");
    const FloatArray golden = files::readNpy(withJpeg + "/features_piergiaj.npy");
    EXPECT_GE(worstCosine(features, golden), 0.999);
    // Not a test that cannot fail: the round trip moves these features well past the bound.
    const FloatArray plain = vigilFeatures("i3d_inception_piergiaj.pt", "urdmu");
    EXPECT_LT(worstCosine(plain, golden), 0.999);
}

} // namespace
} // namespace vigil::test
