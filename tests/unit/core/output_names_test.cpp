#include "core/files/output_names.h"

#include <gtest/gtest.h>

namespace vigil::files {
namespace {

using Names = std::vector<std::string>;

TEST(OutputNames, AreStemsWhereTheyAreUnique)
{
    const OutputNames names = outputNames({ "a/clip.mp4", "b/other.avi", "noextension" });
    EXPECT_EQ(names.names, (Names { "clip", "other", "noextension" }));
    EXPECT_TRUE(names.collision.empty());
}

TEST(OutputNames, KeepTheExtensionWhereStemsWouldMeet)
{
    // a.mp4.mkv's stem is a.mp4, which is a.mp4's own file name: all three must stay apart.
    const OutputNames names = outputNames({ "a.mp4", "a.avi", "a.mp4.mkv", "b.mp4" });
    EXPECT_EQ(names.names, (Names { "a.mp4", "a.avi", "a.mp4.mkv", "b" }));
    EXPECT_TRUE(names.collision.empty());
}

TEST(OutputNames, ReportTheFilesThatStillCollide)
{
    for (const Names& inputs :
        { Names { "a/clip.mp4", "b/clip.mp4" }, Names { "x.avi", "x.avi" } }) {
        SCOPED_TRACE(inputs.front());
        const OutputNames names = outputNames(inputs);
        EXPECT_NE(names.collision.find(inputs[0] + " and " + inputs[1]), std::string::npos)
            << names.collision;
    }
}

} // namespace
} // namespace vigil::files
