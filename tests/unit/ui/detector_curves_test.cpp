// The timeline's detector curves (ui/timeline/detector_curves.h): a legend entry per curve that
// hides and shows it, the agreement strip's values and colours, the Settings row that chooses the
// detectors, and the status bar naming each detector's weights.

#include "core/analysis/analysis_result.h"
#include "core/engine/detector_plan.h"
#include "ui/main/app_settings.h"
#include "ui/main/detector_choice.h"
#include "ui/models/model_status_widget.h"
#include "ui/plots/color_map.h"
#include "ui/timeline/detector_legend.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

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

// Issue 37: the strip read "disagree" wherever the detectors' levels differed, although all four
// said normal. It now shows how their own decisions split, each at its own threshold.
TEST(DetectorCurves, TheStripShowsHowTheShownScorersOwnDecisionsSplit)
{
    ShownPanel shown;
    TimelineView* view = shown.panel.timeline();
    ASSERT_FALSE(view->stripRect().isEmpty());
    ASSERT_EQ(view->curves().spread().size(), static_cast<size_t>(kFrames));
    // Defaults: the classifier at 0.5, each detector halfway from its median to 1 (RTFM's 0.9
    // gives 0.95): at levels 0.2, 0.9, 0.5, 0.4 all four say "no event", so they agree.
    EXPECT_EQ(view->curves().thresholds(), (std::vector<double> { 0.5, 0.95, 0.75, 0.7 }));
    for (const auto& spread : view->curves().spread())
        ASSERT_EQ(spread.value(), 0.0f);
    const double x = view->stripRect().center().x();
    EXPECT_EQ(stripColorAt(view, x), viridis(0.0));
    // RTFM's own threshold at 0.8: one of four says event, split 1 of 4 -> 0.5.
    view->setScorerThresholds({ 0.5, 0.8, 0.75, 0.7 });
    for (const auto& spread : view->curves().spread())
        ASSERT_FLOAT_EQ(spread.value(), 0.5f);
    EXPECT_EQ(stripColorAt(view, x), viridis(0.5));
    EXPECT_NE(view->hoverTextAt(x).indexOf("1 of 4 say event"), -1)
        << view->hoverTextAt(x).toStdString();
    EXPECT_NE(view->hoverTextAt(x).indexOf("rtfm 0.900 (its threshold 0.80)"), -1);
    // S3R at 0.45 too: two against two, an even split.
    view->setScorerThresholds({ 0.5, 0.8, 0.45, 0.7 });
    EXPECT_FLOAT_EQ(view->curves().spread().front().value(), 1.0f);
    // RTFM hidden: S3R alone says event among three, 1 of 3.
    QTest::mouseClick(shown.panel.legend()->entry(1), Qt::LeftButton);
    EXPECT_FLOAT_EQ(view->curves().spread().front().value(), 2.0f / 3.0f);
    // One curve left shown: no frame is scored (hatched), none reads as agreement.
    for (const int curve : { 2, 3 })
        QTest::mouseClick(shown.panel.legend()->entry(curve), Qt::LeftButton);
    for (const auto& spread : view->curves().spread())
        EXPECT_FALSE(spread.has_value());
    EXPECT_NE(stripColorAt(view, x), viridis(0.0));
}

// Issue 37: nothing in the app said what each score means or how well its authors measured it.
TEST(DetectorCurves, EachLegendEntrySaysWhatItsScoreMeansAndItsPublishedAuc)
{
    ShownPanel shown;
    const QString rtfm = shown.panel.legend()->entry(1)->toolTip();
    EXPECT_TRUE(rtfm.contains(QStringLiteral("84.30 % frame AUC on UCF-Crime")))
        << rtfm.toStdString();
    EXPECT_TRUE(rtfm.contains(QStringLiteral("feature magnitude"))) << rtfm.toStdString();
    EXPECT_TRUE(shown.panel.legend()->entry(3)->toolTip().contains(QStringLiteral("86.98 %")));
    EXPECT_TRUE(shown.panel.legend()->entry(0)->toolTip().contains(QStringLiteral("84.74 %")));
}

// Y zoom fitted the attention curve only and hid the detectors' (issue 37).
TEST(DetectorCurves, FittingTheScoreAxisKeepsEveryShownCurveInView)
{
    ShownPanel shown;
    TimelineView* view = shown.panel.timeline();
    view->fitScoreAxis(true);
    EXPECT_LE(view->yOfScore(0.9), view->yOfScore(0.2));
    const QRectF plot = view->plotRect();
    for (const double score : { 0.2, 0.4, 0.5, 0.9 }) {
        EXPECT_GE(view->yOfScore(score), plot.top() - 0.5) << score;
        EXPECT_LE(view->yOfScore(score), plot.bottom() + 0.5) << score;
    }
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
    view->setScorerThresholds({ 0.5, 0.8 }); // RTFM says event, the classifier does not
    const auto& spread = view->curves().spread();
    EXPECT_FLOAT_EQ(spread[0].value(), 1.0f);
    EXPECT_FALSE(spread[kFrames - 1].has_value());
    const QRectF strip = view->stripRect();
    EXPECT_EQ(stripColorAt(view, strip.left() + strip.width() * 0.25), viridis(1.0f));
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
    // Detectors of Inception-I3D features are offered too, with their second extraction said;
    // "all" stays RTFM's family, as on the command line.
    EXPECT_FALSE(choice.box("urdmu")->isChecked());
    EXPECT_NE(choice.box("pel4vad")->toolTip().indexOf("1024-d Inception-I3D features: the video "
                                                       "is extracted a second time"),
        -1)
        << choice.box("pel4vad")->toolTip().toStdString();
    choice.setList("attention,urdmu");
    EXPECT_TRUE(choice.box("urdmu")->isChecked());
    EXPECT_EQ(choice.list(), "attention,urdmu");
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
    // A result of two families' extractions says what each cost.
    analysis::FamilyExtraction own;
    own.seconds = 3.14;
    own.gflop = 990.0;
    analysis::FamilyExtraction inception = own;
    inception.backbone = BackboneKind::I3dInception;
    inception.weights.path = "/models/i3d-inception.pt";
    status.showResultModel(result->model, weights, { own, inception });
    EXPECT_NE(status.detailText().indexOf("I3D-ResNet-50 features: 3.1 s, 0.99 TFLOP"), -1)
        << status.detailText().toStdString();
    EXPECT_NE(status.detailText().indexOf(
                  "Inception-I3D features: 3.1 s, 0.99 TFLOP, weights /models/i3d-inception.pt"),
        -1);
    status.showResultModel(result->model, weights, { own });
    EXPECT_EQ(status.detailText().indexOf("features: "), -1);
}

} // namespace
