// 21#10: a features sidecar is checked on its own (fps, sha256, control characters) and against
// its .npy (frames for the steps), each problem refused in one line naming the field, before
// `vigil score` copies anything into a result.

#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/formats/feature_sidecar.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <functional>
#include <sstream>

namespace vigil::formats {
namespace {

using nlohmann::json;

std::string textOf(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

FeatureSidecar sidecarOf40Steps()
{
    FeatureSidecar sidecar;
    sidecar.framesPerStep = 16;
    sidecar.frames = 640;
    sidecar.fps = 25.0;
    sidecar.videoPath = "cam.mp4";
    sidecar.model.backboneWeights = { "i3d.pkl", std::string(64, 'a'), Provenance::File, "" };
    return sidecar;
}

struct Edit {
    const char* name;
    std::function<void(json&)> apply;
    const char* field; // named in the message
};

class DamagedSidecar : public ::testing::TestWithParam<Edit> { };

TEST_P(DamagedSidecar, IsRefusedInOneLineNamingTheField)
{
    const std::string dir = test::scratchDir(std::string("sidecar_") + GetParam().name);
    const std::string npy = dir + "/clip.npy";
    const FloatArray features = FloatArray::zeros({ 40, 1, 8 });
    writeFeatureSidecar(sidecarPathFor(npy), sidecarOf40Steps());
    ASSERT_TRUE(readFeatureSidecarFor(npy, features)) << "the undamaged sidecar is read";
    json document = json::parse(textOf(sidecarPathFor(npy)));
    GetParam().apply(document);
    files::writeFileAtomically(sidecarPathFor(npy), document.dump());
    try {
        readFeatureSidecarFor(npy, features);
        FAIL() << "a damaged sidecar was read";
    } catch (const IoError& error) {
        const std::string text = error.what();
        EXPECT_NE(text.find(sidecarPathFor(npy) + ": "), std::string::npos) << text;
        EXPECT_NE(text.find(GetParam().field), std::string::npos) << text;
        EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    }
}

INSTANTIATE_TEST_SUITE_P(FeatureSidecar, DamagedSidecar,
    ::testing::Values(
        Edit { "million_frames", [](json& d) { d["video"]["frames"] = 1000000; }, "video.frames" },
        Edit { "huge_snippets", [](json& d) { d["snippet_frames"] = 1024; }, "snippet_frames" },
        Edit { "tiny_fps", [](json& d) { d["video"]["fps"] = 1e-300; }, "fps" },
        Edit {
            "control_name", [](json& d) { d["backbone_weights"]["name"] = "a\x1b[2Jb"; }, "name" },
        Edit {
            "bad_sha", [](json& d) { d["backbone_weights"]["sha256"] = "abc\nforged"; }, "sha256" },
        Edit { "newer", [](json& d) { d["version"] = 7; }, "newer Vigil" }),
    [](const ::testing::TestParamInfo<Edit>& info) { return std::string(info.param.name); });

} // namespace
} // namespace vigil::formats
