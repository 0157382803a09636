// The empty main window offers "Try the demo": its button runs the demo maker app/ gives (here
// a fake one: a generated clip and fake networks labelled as the demo's), then opens and
// analyses the demo's video, and the status bar and exports say what the networks are. Opening
// another video afterwards leaves the demo's networks behind.

#include "core/analysis/weights_summary.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/main/app_settings.h"
#include "ui/main/exports.h"
#include "ui/main/main_window.h"
#include "ui/main/video_panel.h"
#include "ui/models/model_status_widget.h"

#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

namespace {

using namespace vigil::ui;

AnalysisEngine fakeDemoEngine()
{
    AnalysisEngine demo = vigil::test::fakeEngine(4);
    vigil::engine::Networks networks;
    networks.backbone = std::make_shared<vigil::test::FakeExtractor>();
    networks.classifier = std::make_shared<vigil::test::FakeScorer>();
    networks.explainer = std::make_shared<vigil::test::FakeExplainer>();
    networks.description.classifier
        = { "/cache/demo-classifier.pth", "0123456789abcdef", vigil::Provenance::DemoTrained, "" };
    vigil::analysis::ExtractionOptions extraction;
    extraction.snippetsPerBatch = 1;
    demo.engine = std::make_shared<const vigil::engine::Engine>(
        std::move(networks), extraction, vigil::ComputeDevice::Cpu);
    return demo;
}

QPushButton* demoButton(MainWindow& window)
{
    return window.findChild<QPushButton*>(QStringLiteral("tryDemoButton"));
}

TEST(TryTheDemo, TheEmptyWindowsButtonStartsTheDemoAndShowsItsLabel)
{
    MainWindow window { AnalysisEngine {} };
    window.resize(1200, 800);
    window.show();
    QPushButton* button = demoButton(window);
    ASSERT_NE(button, nullptr);
    EXPECT_TRUE(button->isVisible());
    EXPECT_FALSE(button->isEnabled()) << "no maker given yet";

    const QString clip = QString::fromStdString(vigil::test::uiClip("demo_200.mp4", 200));
    std::atomic<int> calls { 0 };
    window.setDemoMaker([&](const vigil::CancellationToken&, const DemoProgress& progress) {
        ++calls;
        progress(QStringLiteral("making the demo video"), 0.5);
        return DemoLaunch { clip, fakeDemoEngine() };
    });
    ASSERT_TRUE(button->isEnabled());
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    QTest::mouseClick(button, Qt::LeftButton);
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    EXPECT_EQ(calls.load(), 1);
    EXPECT_EQ(window.videoPath(), clip);
    EXPECT_TRUE(window.isShowingDemo());
    EXPECT_FALSE(button->isVisible()) << "a video is open";
    EXPECT_TRUE(window.modelStatus()->text().contains(
        QString::fromUtf8(vigil::analysis::kTrainedDemoLabel)))
        << window.modelStatus()->text().toStdString();
    EXPECT_TRUE(window.modelStatus()->isDemoBadgeShown());
    // Exports carry the label too (under the picture and in its Weights text chunk).
    QImage frame(160, 120, QImage::Format_RGB32);
    frame.fill(Qt::gray);
    EXPECT_TRUE(withWeightsCaption(frame, window.result().get())
                    .text(QStringLiteral("Weights"))
                    .startsWith(QString::fromUtf8(vigil::analysis::kTrainedDemoLabel)));

    // The demo's classifier is for the demo: another video asks for the settings' networks.
    window.openVideo(QString::fromStdString(vigil::test::uiClip("after_demo_100.mp4", 100)));
    EXPECT_FALSE(window.isShowingDemo());
}

// Ticking detectors in Settings during the demo keeps the demo: F5 remakes the demo's networks
// (the maker reads the detectors Settings saved) instead of asking for weights.
TEST(TryTheDemo, NewSettingsDuringTheDemoRemakeTheDemoOnAnalyseAgain)
{
    QSettings().clear();
    MainWindow window { AnalysisEngine {} };
    window.show();
    int engineAsks = 0;
    window.setEngineSource([&](QWidget*) -> std::optional<AnalysisEngine> {
        ++engineAsks;
        return std::nullopt;
    });
    const QString clip = QString::fromStdString(vigil::test::uiClip("demo_settings_100.mp4", 100));
    std::atomic<int> calls { 0 };
    window.setDemoMaker([&](const vigil::CancellationToken&, const DemoProgress&) {
        ++calls;
        return DemoLaunch { clip, fakeDemoEngine() };
    });
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.startDemo();
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();

    AppSettings settings;
    settings.detectors = QStringLiteral("attention,rtfm");
    window.applySettings(settings);
    EXPECT_TRUE(window.isShowingDemo());
    window.analyseAgain();
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    EXPECT_EQ(calls.load(), 2);
    EXPECT_EQ(engineAsks, 0) << "the demo asked for the settings' weights";
    EXPECT_TRUE(window.isShowingDemo());
    EXPECT_EQ(window.videoPath(), clip);
    QSettings().clear();
}

TEST(TryTheDemo, AFailedDemoIsShownInTheWindow)
{
    MainWindow window { AnalysisEngine {} };
    window.show();
    window.setDemoMaker([](const vigil::CancellationToken&, const DemoProgress&) -> DemoLaunch {
        throw std::runtime_error("ffmpeg: not found");
    });
    QSignalSpy failed(&window, &MainWindow::analysisFailed);
    window.tryDemoAction()->trigger();
    ASSERT_TRUE(failed.wait(10000));
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("ffmpeg: not found")))
        << window.errorText().toStdString();
    EXPECT_FALSE(window.isShowingDemo());
    EXPECT_TRUE(demoButton(window)->isVisible());
}

} // namespace
