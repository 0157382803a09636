// The --profile report's wording: counts agree with their nouns, and the stage column lines up.

#include "core/analysis/pipeline_profile.h"

#include <gtest/gtest.h>

#include <cctype>
#include <sstream>
#include <string>

namespace vigil::analysis {
namespace {

// The column of the decimal point of a stage's seconds (the first '.' after a digit).
size_t secondsColumn(const std::string& report, const std::string& stage)
{
    std::istringstream in(report);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("  " + stage, 0) == 0)
            for (size_t i = 1; i < line.size(); ++i)
                if (line[i] == '.' && std::isdigit(static_cast<unsigned char>(line[i - 1])))
                    return i;
    return std::string::npos;
}

TEST(PipelineProfile, SaysOneWindowAndTwoWindowsInTheStageColumn)
{
    PipelineProfile profile;
    profile.wallS = 1.0;
    profile.networkS = 0.5;
    profile.frames = 50;
    profile.steps = 3;
    profile.networkInputs = 3;
    const std::string one = formatProfile(profile, BackboneKind::I3dResNet50, 2, 0.25, 1);
    const std::string two = formatProfile(profile, BackboneKind::I3dResNet50, 2, 0.25, 2);
    EXPECT_NE(one.find("scoring (1 window) "), std::string::npos) << one;
    EXPECT_EQ(one.find("1 windows"), std::string::npos) << one;
    EXPECT_NE(two.find("scoring (2 windows)"), std::string::npos) << two;
    EXPECT_EQ(secondsColumn(one, "scoring"), secondsColumn(one, "network    ")) << one;
    EXPECT_EQ(secondsColumn(two, "scoring"), secondsColumn(two, "decode")) << two;
}

TEST(PipelineProfile, SaysWhenTheFirstSnippetReachedTheNetworkOnlyWhenKnown)
{
    PipelineProfile profile;
    profile.wallS = 1.0;
    EXPECT_EQ(formatProfile(profile, BackboneKind::I3dResNet50, 2, 0.0, 1).find("first snippet"),
        std::string::npos);
    profile.firstInputAfterStartS = 0.4567;
    EXPECT_NE(formatProfile(profile, BackboneKind::I3dResNet50, 2, 0.0, 1)
                  .find("  first snippet at the network: 0.46 s after start\n"),
        std::string::npos);
    EXPECT_NE(formatProfile(profile, BackboneKind::ResNet50, 2, 0.0, 1)
                  .find("first frame at the network: 0.46 s"),
        std::string::npos);
}

} // namespace
} // namespace vigil::analysis
