// Whole-video detectors in the manifest: RTFM's entry names its network, its source and its
// licence, and has no direct download (its home shares the file through a page), so fetching it
// says where to get the file instead of installing a web page.

#include "core/common/error.h"
#include "core/models_store/model_fetch.h"
#include "core/models_store/model_manifest.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace vigil::models_store {
namespace {

TEST(DetectorManifest, NamesRtfmItsSourceAndItsLicence)
{
    const ModelEntry* rtfm = ModelManifest::builtIn().find("rtfm-ucf");
    ASSERT_NE(rtfm, nullptr);
    EXPECT_EQ(rtfm->kind, ModelKind::Detector);
    EXPECT_EQ(rtfm->detector, "rtfm");
    EXPECT_EQ(rtfm->trainedOn, "i3d-r50");
    EXPECT_EQ(rtfm->url, "https://github.com/tianyu0207/RTFM");
    EXPECT_NE(rtfm->licence.find("no licence file"), std::string::npos) << rtfm->licence;
    EXPECT_FALSE(rtfm->isDirectDownload);
    EXPECT_FALSE(rtfm->checksum.canVerify());
    EXPECT_TRUE(ModelManifest::builtIn().find("classifier-da64-r3")->isDirectDownload);
}

std::string parseProblem(const std::string& entry)
{
    try {
        ModelManifest::parse(R"({"models": [)" + entry + "]}", "test manifest");
    } catch (const IoError& error) {
        return error.what();
    }
    return "(parsed)";
}

TEST(DetectorManifest, RefusesADetectorWithoutAKnownNetwork)
{
    const std::string head = R"({"name": "x", "url": "https://example.invalid/x",
        "file": "x.pth", "kind": "detector")";
    EXPECT_EQ(parseProblem(head + R"(, "detector": "rtfm"})"), "(parsed)");
    EXPECT_EQ(parseProblem(head + R"(, "detector": "mgfn2"})"),
        "test manifest: model entry 0: a detector must name its network, not \"mgfn2\"");
    EXPECT_EQ(parseProblem(head + "}"),
        "test manifest: model entry 0: a detector must name its network, not \"\"");
}

TEST(DetectorManifest, FetchingAnEntryWithoutDirectDownloadSaysWhereToGetIt)
{
    const std::string folder = test::scratchDir("detector-fetch");
    ModelStore store(folder, ModelManifest::builtIn());
    const Downloader downloader;
    const CancellationToken cancel;
    try {
        fetchModel(
            store, downloader, { ModelManifest::builtIn().find("rtfm-ucf"), "" },
            [](const DownloadProgress&) {}, cancel);
        FAIL() << "fetched";
    } catch (const ModelError& error) {
        EXPECT_STREQ(error.what(),
            "no direct download: get the file from https://github.com/tianyu0207/RTFM, then "
            "run `vigil models import FILE --as rtfm-ucf`");
    }
    EXPECT_TRUE(std::filesystem::is_empty(folder));
}

} // namespace
} // namespace vigil::models_store
