// The frames each attention row weighs most are pictures one can see: at least 96 px wide in a
// 1440x900 main window (they were about 30 x 20 px even at 2560x1440), laid out in as many
// lines as makes them largest.

#include "tests/unit/ui/fake_engine.h"
#include "ui/main/main_window.h"
#include "ui/timeline/attention_thumbnails.h"

#include <QTest>
#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;

TEST(AttentionThumbnails, SevenRowsInANarrowPanelGoInTwoLines)
{
    AttentionThumbnails thumbnails;
    thumbnails.resize(500, 220);
    // In one line, seven pictures of (500 - 64) / 7 = 62 px; in two lines, four of 112 px.
    EXPECT_GT(thumbnails.pictureSizeFor(7).width(), 100.0);
    thumbnails.resize(1400, 110);
    EXPECT_GT(thumbnails.pictureSizeFor(7).width(), 100.0) << "one line when it is wide";
}

class ThumbnailsInTheMainWindow : public testing::TestWithParam<QSize> { };

TEST_P(ThumbnailsInTheMainWindow, AreAtLeast96PxWide)
{
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(GetParam());
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QApplication::processEvents();
    // The paper's r = 3 (the demo's) from 1440x900 up; r = 7's two lines of four need more
    // height than a 1440x900 side column leaves them (55 px there), so from 2560x1440.
    std::vector<int> counts { 2, 3 };
    if (GetParam().width() >= 2560)
        counts.push_back(7);
    for (const int rows : counts) {
        SCOPED_TRACE(testing::Message() << rows << " rows");
        const QSizeF picture = window.thumbnails()->pictureSizeFor(rows);
        EXPECT_GE(picture.width(), 96.0) << "thumbnails " << window.thumbnails()->width() << "x"
                                         << window.thumbnails()->height();
    }
}

INSTANTIATE_TEST_SUITE_P(LargeWindows, ThumbnailsInTheMainWindow,
    testing::Values(QSize(1440, 900), QSize(1920, 1080), QSize(2560, 1440)));

} // namespace
