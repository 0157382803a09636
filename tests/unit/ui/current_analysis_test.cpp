// CurrentAnalysis, the one place that decides which results belong to the open video: results
// and windows of another video are refused, partial windows give way to the finished result with
// its features, and clearing leaves nothing shown. The panels only observe its signals.

#include "ui/main/current_analysis.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

#include <memory>

namespace {

using vigil::ui::CurrentAnalysis;
using vigil::ui::FeaturesPointer;
using vigil::ui::ResultPointer;

const QString kVideoA = QStringLiteral("/videos/a.mp4");
const QString kVideoB = QStringLiteral("/videos/b.mp4");

ResultPointer resultOf(const QString& path, size_t windows = 3)
{
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->video.path = path.toStdString();
    result->windows.resize(windows);
    return result;
}

FeaturesPointer someFeatures()
{
    return std::make_shared<const vigil::FloatArray>(vigil::FloatArray::zeros({ 2, 1, 4 }));
}

TEST(CurrentAnalysis, RefusesTheResultsAndWindowsOfAnotherVideo)
{
    CurrentAnalysis current;
    current.setVideo(kVideoA, 25.0);
    QSignalSpy shown(&current, &CurrentAnalysis::shownResultChanged);
    current.showPartialResult(resultOf(kVideoB, 1));
    current.setFeatures(kVideoB, someFeatures());
    EXPECT_FALSE(current.setResult(resultOf(kVideoB)));
    EXPECT_EQ(shown.count(), 0);
    EXPECT_FALSE(current.shownResult());
    EXPECT_FALSE(current.result());
    // The features of b are not a's, even when a's result follows.
    const ResultPointer mine = resultOf(kVideoA);
    EXPECT_TRUE(current.setResult(mine));
    ASSERT_EQ(shown.count(), 1);
    EXPECT_EQ(current.shownResult(), mine);
    EXPECT_FALSE(current.shownFeatures());
}

TEST(CurrentAnalysis, PartialWindowsGiveWayToTheFinishedResultWithItsFeatures)
{
    CurrentAnalysis current;
    current.setVideo(kVideoA, 30.0);
    EXPECT_DOUBLE_EQ(current.framesPerSecond(), 30.0);
    QSignalSpy shown(&current, &CurrentAnalysis::shownResultChanged);
    const ResultPointer partial = resultOf(kVideoA, 1);
    current.showPartialResult(partial);
    EXPECT_EQ(current.shownResult(), partial);
    EXPECT_FALSE(current.result());
    const FeaturesPointer features = someFeatures();
    current.setFeatures(kVideoA, features);
    const ResultPointer finished = resultOf(kVideoA);
    ASSERT_TRUE(current.setResult(finished));
    EXPECT_EQ(current.result(), finished);
    EXPECT_EQ(current.shownFeatures(), features);
    ASSERT_EQ(shown.count(), 2);
    EXPECT_EQ(shown.last().at(0).value<ResultPointer>(), finished);
    // A late window of the finished run does not replace its result.
    current.showPartialResult(resultOf(kVideoA, 2));
    EXPECT_EQ(current.shownResult(), finished);
    EXPECT_EQ(shown.count(), 2);
}

TEST(CurrentAnalysis, ClearingLeavesNoVideoAndNothingShown)
{
    CurrentAnalysis current;
    current.setVideo(kVideoA, 25.0);
    ASSERT_TRUE(current.setResult(resultOf(kVideoA)));
    QSignalSpy shown(&current, &CurrentAnalysis::shownResultChanged);
    QSignalSpy video(&current, &CurrentAnalysis::videoChanged);
    current.clear();
    ASSERT_EQ(shown.count(), 1);
    EXPECT_FALSE(shown.first().at(0).value<ResultPointer>());
    ASSERT_EQ(video.count(), 1);
    EXPECT_TRUE(video.first().at(0).toString().isEmpty());
    EXPECT_FALSE(current.hasVideo());
    EXPECT_FALSE(current.result());
    // With no video open, no result can slip in (one with an empty path included).
    EXPECT_FALSE(current.setResult(resultOf(QString())));
}

TEST(CurrentAnalysis, AnalysingAgainKeepsTheVideoAndDropsItsResult)
{
    CurrentAnalysis current;
    current.setVideo(kVideoA, 25.0);
    ASSERT_TRUE(current.setResult(resultOf(kVideoA)));
    QSignalSpy video(&current, &CurrentAnalysis::videoChanged);
    current.clearResult();
    EXPECT_EQ(video.count(), 0);
    EXPECT_EQ(current.videoPath(), kVideoA);
    EXPECT_FALSE(current.shownResult());
    const ResultPointer partial = resultOf(kVideoA, 1);
    current.showPartialResult(partial); // the new run's windows are shown again
    EXPECT_EQ(current.shownResult(), partial);
}

} // namespace
