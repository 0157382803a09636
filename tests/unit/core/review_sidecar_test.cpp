// The reviewed-events sidecar: its name next to the result, a round trip through the file, a
// missing file as nothing reviewed, and a file that is not a sidecar refused in one message.

#include "core/common/error.h"
#include "core/formats/review_sidecar.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace vigil::formats {
namespace {

analysis::ScoreEvent event(int64_t first, int64_t last, int64_t peak, float score)
{
    return { first, last, peak, score };
}

TEST(ReviewSidecar, IsNamedAfterTheResultNextToIt)
{
    EXPECT_EQ(reviewSidecarPath("/r/clip.vigil.json"), "/r/clip.reviewed.json");
    EXPECT_EQ(reviewSidecarPath("/r/clip.mp4.vigil.json"), "/r/clip.mp4.reviewed.json");
    EXPECT_EQ(reviewSidecarPath("/v/walk.avi"), "/v/walk.reviewed.json");
}

TEST(ReviewSidecar, RoundTripsTheMarksAndTheirEvents)
{
    const std::string path = test::scratchDir("review_sidecar") + "/clip.reviewed.json";
    ReviewedEvents marks;
    marks.mark(event(10, 40, 25, 0.75f), true);
    marks.mark(event(100, 120, 111, 0.5f), true);
    marks.mark(event(200, 210, 205, 0.9f), true);
    marks.mark(event(200, 210, 205, 0.9f), false);
    writeReviewSidecar(path, "clip.vigil.json", marks);

    const ReviewedEvents read = readReviewSidecar(path);
    ASSERT_EQ(read.byPeakFrame.size(), 2u);
    EXPECT_TRUE(read.isReviewed(event(12, 38, 25, 0.7f))) << "named by its peak frame";
    EXPECT_TRUE(read.isReviewed(event(100, 120, 111, 0.5f)));
    EXPECT_FALSE(read.isReviewed(event(200, 210, 205, 0.9f)));
    EXPECT_EQ(read.byPeakFrame.at(25).firstFrame, 10);
    EXPECT_EQ(read.byPeakFrame.at(25).lastFrame, 40);
    std::ifstream in(path);
    const nlohmann::json document = nlohmann::json::parse(in);
    EXPECT_EQ(document["format"], "vigil-reviewed");
    EXPECT_EQ(document["result"], "clip.vigil.json");
    EXPECT_EQ(
        std::distance(
            std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()), {}),
        1)
        << "no temporary left";
}

TEST(ReviewSidecar, AMissingFileMeansNothingReviewed)
{
    const std::string dir = test::scratchDir("review_sidecar_missing");
    EXPECT_TRUE(readReviewSidecar(dir + "/none.reviewed.json").byPeakFrame.empty());
}

TEST(ReviewSidecar, RefusesAFileThatIsNotASidecarNamingIt)
{
    const std::string dir = test::scratchDir("review_sidecar_bad");
    for (const char* text : { "{ broken", R"({"format": "other", "version": 1, "reviewed": []})",
             R"({"format": "vigil-reviewed", "version": 1, "reviewed": [{"first_frame": 1}]})" }) {
        SCOPED_TRACE(text);
        std::ofstream(dir + "/bad.reviewed.json") << text;
        try {
            readReviewSidecar(dir + "/bad.reviewed.json");
            FAIL() << "accepted";
        } catch (const IoError& error) {
            EXPECT_NE(
                std::string(error.what()).find(dir + "/bad.reviewed.json: "), std::string::npos);
        }
    }
    EXPECT_THROW(readReviewSidecar(dir), IoError) << "a folder";
}

} // namespace
} // namespace vigil::formats
