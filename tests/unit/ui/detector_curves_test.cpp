// The timeline's detector curves (ui/detector_curves.h): a legend entry per curve that hides and
// shows it, the agreement strip's values and colours, the Settings row that chooses the
// detectors, and the status bar naming each detector's weights.

#include "core/analysis/analysis_result.h"
#include "core/engine/detector_plan.h"
#include "ui/app_settings.h"
#include "ui/color_map.h"
#include "ui/detector_choice.h"
#include "ui/detector_legend.h"
#include "ui/model_status_widget.h"
#include "ui/timeline_panel.h"
#include "ui/timeline_view.h"
#include "ui/timeline_viewport.h"

#include <QCheckBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace vigil;
using namespace vigil::ui;

constexpr int kFrames = 300;

analysis::DetectorResult detector(DetectorKind kind, float score, Provenance provenance)
{
    analysis::DetectorResult result;
    result.kind = kind;
    result.weights.provenance = provenance;
    result.frameScores.assign(kFrames, score);
    return result;
}

// The classifier at 0.2, RTFM (demo weights) at 0.9, S3R at 0.5, MGFN at 0.4.
std::shared_ptr<analysis::AnalysisResult> fourCurves()
{
    auto result = std::make_shared<analysis::AnalysisResult>();
    result->frameScores.assign(kFrames, 0.2f);
    result->video.frames = kFrames;
    result->model.classifier.provenance = Provenance::Published;
    result->detectors = { detector(DetectorKind::Rtfm, 0.9f, Provenance::Demo),
        detector(DetectorKind::S3r, 0.5f, Provenance::Published),
        detector(DetectorKind::Mgfn, 0.4f, Provenance::Imported) };
    return result;
}

struct ShownPanel {
    TimelinePanel panel;
    ShownPanel()
    {
        panel.resize(900, 420);
        panel.setVideo(kFrames, 25.0);
        panel.setResult(fourCurves());
        panel.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&panel));
    }
};

// Pixels of the timeline within a small distance of `color`.
int pixelsNear(TimelineView* view, const QColor& color)
{
    const QImage image = view->grab().toImage();
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (std::abs(pixel.red() - color.red()) + std::abs(pixel.green() - color.green())
                    + std::abs(pixel.blue() - color.blue())
                < 30)
                ++count;
        }
    return count;
}

QColor stripColorAt(TimelineView* view, double x)
{
    const QRectF strip = view->stripRect();
    return view->grab().toImage().pixelColor(
        static_cast<int>(x), static_cast<int>(strip.center().y()));
}

TEST(DetectorCurves, TheLegendListsTheFourDetectorsWithDemoWhereSeeded)
{
    ShownPanel shown;
    EXPECT_FALSE(shown.panel.legend()->isHidden());
    EXPECT_EQ(
        shown.panel.legend()->labels(), (QStringList { "attention", "rtfm DEMO", "s3r", "mgfn" }));
    // Each curve its own colour.
    const DetectorCurves& curves = shown.panel.timeline()->curves();
    for (int a = 0; a < curves.count(); ++a)
        for (int b = a + 1; b < curves.count(); ++b)
            EXPECT_NE(curves.colorOf(a), curves.colorOf(b));
    // A result without detectors has no legend row and no strip.
    auto alone = fourCurves();
    alone->detectors.clear();
    shown.panel.setResult(alone);
    EXPECT_TRUE(shown.panel.legend()->isHidden());
    EXPECT_TRUE(shown.panel.timeline()->stripRect().isEmpty());
}

TEST(DetectorCurves, ClickingALegendEntryHidesItsCurveAndAgainShowsIt)
{
    ShownPanel shown;
    TimelineView* view = shown.panel.timeline();
    const QColor rtfm = view->curves().colorOf(1);
    const int drawn = pixelsNear(view, rtfm);
    EXPECT_GT(drawn, 200); // a line across the plot
    QTest::mouseClick(shown.panel.legend()->entry(1), Qt::LeftButton);
    EXPECT_FALSE(view->curves().isShown(1));
    EXPECT_TRUE(view->curves().isShown(2));
    EXPECT_LT(pixelsNear(view, rtfm), 20); // the legend's own swatch at most
    QTest::mouseClick(shown.panel.legend()->entry(1), Qt::LeftButton);
    EXPECT_TRUE(view->curves().isShown(1));
    EXPECT_NEAR(pixelsNear(view, rtfm), drawn, 5);
}

TEST(DetectorCurves, TheStripIsMaxMinusMinOfTheShownCurves)
{
    ShownPanel shown;
    TimelineView* view = shown.panel.timeline();
    ASSERT_FALSE(view->stripRect().isEmpty());
    ASSERT_EQ(view->curves().spread().size(), static_cast<size_t>(kFrames));
    for (const auto& spread : view->curves().spread())
        ASSERT_NEAR(spread.value(), 0.9f - 0.2f, 1e-6);
    const double x = view->stripRect().center().x();
    EXPECT_EQ(stripColorAt(view, x), viridis(0.9f - 0.2f));
    // RTFM hidden: the highest shown is S3R's 0.5.
    QTest::mouseClick(shown.panel.legend()->entry(1), Qt::LeftButton);
    for (const auto& spread : view->curves().spread())
        ASSERT_NEAR(spread.value(), 0.5f - 0.2f, 1e-6);
    EXPECT_EQ(stripColorAt(view, x), viridis(0.5f - 0.2f));
    // One curve left shown: no frame is scored (hatched), none reads as agreement.
    for (const int curve : { 2, 3 })
        QTest::mouseClick(shown.panel.legend()->entry(curve), Qt::LeftButton);
    for (const auto& spread : view->curves().spread())
        EXPECT_FALSE(spread.has_value());
    EXPECT_NE(stripColorAt(view, x), viridis(0.0));
}

TEST(DetectorCurves, FramesADetectorDidNotScoreLeaveGapsInTheStrip)
{
    TimelinePanel panel;
    panel.resize(900, 420);
    panel.setVideo(kFrames, 25.0);
    auto result = fourCurves();
    result->detectors.resize(1);
    result->detectors[0].frameScores.resize(kFrames / 2); // RTFM scored the first half only
    panel.setResult(result);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    TimelineView* view = panel.timeline();
    const auto& spread = view->curves().spread();
    EXPECT_NEAR(spread[0].value(), 0.7f, 1e-6);
    EXPECT_FALSE(spread[kFrames - 1].has_value());
    const QRectF strip = view->stripRect();
    EXPECT_EQ(stripColorAt(view, strip.left() + strip.width() * 0.25), viridis(0.7f));
    EXPECT_NE(stripColorAt(view, strip.left() + strip.width() * 0.75), viridis(0.0));
    EXPECT_NE(
        view->hoverTextAt(strip.left() + strip.width() * 0.75).indexOf("rtfm not scored"), -1);
}

TEST(DetectorCurves, SettingsChooseTheDetectorsInTheClisWords)
{
    QTemporaryDir dir;
    QSettings store(dir.filePath("vigil.ini"), QSettings::IniFormat);
    EXPECT_EQ(AppSettings::load(store).detectors, "attention"); // the classifier alone
    DetectorChoiceBox choice;
    EXPECT_FALSE(choice.box("attention")->isEnabled());
    choice.setList("attention,mgfn,rtfm");
    EXPECT_TRUE(choice.box("rtfm")->isChecked());
    EXPECT_FALSE(choice.box("s3r")->isChecked());
    EXPECT_EQ(choice.list(), "attention,rtfm,mgfn");
    choice.setList("all");
    AppSettings settings;
    settings.detectors = choice.list();
    settings.save(store);
    EXPECT_EQ(AppSettings::load(store).detectors, "attention,rtfm,s3r,mgfn");
    engine::DetectorRequest request;
    EXPECT_EQ(engine::parseDetectorList(settings.detectors.toStdString(), request), "");
    EXPECT_EQ(request.kinds.size(), engine::allDetectorKinds().size());
    // As a hand-edited INI file holds it: a list.
    store.setValue("analysis/detectors", QStringList { "attention", "s3r" });
    EXPECT_EQ(AppSettings::load(store).detectors, "attention,s3r");
    // A list the CLI refuses keeps the default.
    store.setValue("analysis/detectors", "rtfm,nonsense");
    EXPECT_EQ(AppSettings::load(store).detectors, "attention");
}

TEST(DetectorCurves, TheStatusBarNamesEveryDetectorsWeights)
{
    ModelStatusWidget status(AnalysisEngine {});
    const auto result = fourCurves();
    ModelStatusWidget::DetectorWeights weights;
    for (const auto& detector : result->detectors)
        weights.emplace_back(detector.kind, detector.weights);
    status.showResultModel(result->model, weights);
    EXPECT_NE(status.text().indexOf("rtfm: DEMO"), -1) << status.text().toStdString();
    EXPECT_NE(status.text().indexOf("s3r: "), -1);
    EXPECT_NE(status.text().indexOf("mgfn: "), -1);
    EXPECT_TRUE(status.isDemoBadgeShown()); // the classifier's backbone, and RTFM
    result->model.backboneWeights.provenance = Provenance::Published;
    weights.resize(0);
    weights.emplace_back(DetectorKind::Rtfm, result->detectors[0].weights);
    status.showResultModel(result->model, weights);
    EXPECT_TRUE(status.isDemoBadgeShown()); // RTFM's weights alone are seeded
    weights[0].second.provenance = Provenance::Published;
    status.showResultModel(result->model, weights);
    EXPECT_FALSE(status.isDemoBadgeShown());
}

} // namespace
