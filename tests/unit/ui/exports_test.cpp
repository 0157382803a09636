// File > Export without its dialogs: the result files follow the CLI's contract (read back by
// formats::readResultFiles, the same reader the batch uses), the timeline and the frame save as
// PNG, and the whole window renders readably with a dark palette (saved under the build folder for
// people to look at: build/ui-screenshots/main-window-dark.png).

#include "core/formats/result_reader.h"
#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/explain/explain_panel.h"
#include "ui/main/exports.h"
#include "ui/main/main_window.h"
#include "ui/main/video_panel.h"
#include "ui/timeline/timeline_panel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace vigil::ui;
namespace fs = std::filesystem;

std::unique_ptr<MainWindow> analysedWindow(const std::string& clip)
{
    auto window = std::make_unique<MainWindow>(vigil::test::fakeEngine(4));
    window->resize(1500, 900);
    window->show();
    QSignalSpy succeeded(window.get(), &MainWindow::analysisSucceeded);
    window->openVideo(QString::fromStdString(vigil::test::uiClip(clip, 400)));
    EXPECT_TRUE(succeeded.wait(60000)) << window->errorText().toStdString();
    return window;
}

TEST(Exports, WriteTheCliResultFilesAndPngs)
{
    auto window = analysedWindow("export_400.mp4");
    ASSERT_TRUE(window->result());
    const QString folder = QString::fromStdString(vigil::test::scratchDir("ui_exports"));
    const vigil::formats::WrittenFiles files
        = writeResultExport(*window->result(), folder, window->videoPath());
    EXPECT_EQ(fs::path(files.jsonPath).filename(), "export_400.vigil.json"); // the CLI's names
    EXPECT_EQ(fs::path(files.csvPath).filename(), "export_400.scores.csv");
    const vigil::analysis::AnalysisResult read
        = vigil::formats::readResultFiles(files.jsonPath, files.csvPath);
    EXPECT_EQ(read.frameScores, window->result()->frameScores);
    EXPECT_EQ(read.framePtsUs, window->result()->framePtsUs);
    EXPECT_EQ(read.windows.size(), window->result()->windows.size());

    window->seek(123);
    const QString timelinePng = folder + QStringLiteral("/timeline.png");
    const QString framePng = folder + QStringLiteral("/frame.png");
    ASSERT_TRUE(writePng(window->timelinePanel()->grab().toImage(), timelinePng));
    ASSERT_TRUE(writePng(window->videoPanel()->currentImage(), framePng));
    const QImage frame(framePng);
    EXPECT_EQ(frame.size(), QSize(160, 120));
    EXPECT_EQ(frame.convertToFormat(QImage::Format_RGB32),
        window->videoPanel()->currentImage().convertToFormat(QImage::Format_RGB32));
    EXPECT_GT(QImage(timelinePng).width(), 400);
    EXPECT_FALSE(writePng(QImage(), folder + QStringLiteral("/empty.png")));
}

QPalette darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x36));
    dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    dark.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    dark.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    return dark;
}

double luminance(const QColor& color)
{
    return 0.2126 * color.redF() + 0.7152 * color.greenF() + 0.0722 * color.blueF();
}

TEST(Exports, TheWindowRendersReadablyWithADarkPalette)
{
    const QPalette light = QApplication::palette();
    QApplication::setPalette(darkPalette());
    {
        auto window = analysedWindow("dark_400.mp4");
        window->seek(200);
        QTRY_VERIFY_WITH_TIMEOUT(!window->explainPanel()->thumbnailFrames().isEmpty()
                && window->explainPanel()->hasThumbnail(
                    window->explainPanel()->thumbnailFrames().front()),
            20000);
        const QImage image = window->grab().toImage();
        const std::string dir = vigil::test::binaryDir() + "/ui-screenshots";
        fs::create_directories(dir);
        ASSERT_TRUE(image.save(QString::fromStdString(dir + "/main-window-dark.png")));
        // The explain panel's page text takes the palette's light text colour, on dark ground.
        const QPalette used = window->explainPanel()->palette();
        EXPECT_GT(
            luminance(used.color(QPalette::Text)) - luminance(used.color(QPalette::Base)), 0.5);
        // Mostly dark pixels: no light panel was left with the light palette's colours.
        int darkPixels = 0, samples = 0;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7, ++samples)
                darkPixels += luminance(image.pixelColor(x, y)) < 0.35 ? 1 : 0;
        EXPECT_GT(darkPixels, samples / 2) << darkPixels << " of " << samples;
    }
    QApplication::setPalette(light);
}

} // namespace
