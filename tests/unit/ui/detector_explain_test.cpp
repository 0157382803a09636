// The Explain dock follows the chosen detector: with RTFM as the events' source it shows RTFM's
// own explanation of the span under the playhead (its magnitude per step and its attention
// between steps, real shapes and values), says so in words when the result does not hold them
// (a saved result, a detector that gave none), and goes back to the classifier's window.

#include "tests/unit/ui/fake_engine.h"
#include "ui/events/event_source_box.h"
#include "ui/events/events_panel.h"
#include "ui/explain/explain_panel.h"
#include "ui/main/main_window.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

namespace {

using namespace vigil;
using namespace vigil::ui;

// RTFM over all steps: magnitude 1 + 0.5 t; step t draws 0.6 on step t + 3 (mod steps).
analysis::DetectorResult rtfm(int64_t steps, int64_t frames)
{
    analysis::DetectorResult result;
    result.kind = DetectorKind::Rtfm;
    result.stepScores.assign(static_cast<size_t>(steps), 0.3f);
    result.frameScores.assign(static_cast<size_t>(frames), 0.3f);
    for (int64_t t = 0; t < steps; ++t)
        result.magnitudes.push_back(1.0f + 0.5f * static_cast<float>(t));
    FloatArray weights = FloatArray::zeros({ steps, steps });
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t s = 0; s < steps; ++s)
            weights.values[static_cast<size_t>(t * steps + s)]
                = s == (t + 3) % steps ? 0.6f : 0.4f / static_cast<float>(steps - 1);
    result.attention.push_back({ { 0, steps - 1 }, weights });
    result.attentionKept = analysis::AttentionKept::InMemory;
    result.spanSteps = steps;
    return result;
}

class DetectorExplain : public ::testing::Test {
protected:
    void SetUp() override
    {
        window_.resize(1500, 900);
        window_.show();
        QSignalSpy succeeded(&window_, &MainWindow::analysisSucceeded);
        window_.openVideo(QString::fromStdString(test::uiClip("detector_explain_400.mp4", 400)));
        ASSERT_TRUE(succeeded.wait(60000)) << window_.errorText().toStdString();
        steps_ = window_.result()->steps;
        ASSERT_GT(steps_, 12);
    }
    // The finished result again, with RTFM as `change` leaves it.
    void showWithRtfm(const std::function<void(analysis::DetectorResult&)>& change = {})
    {
        auto result = std::make_shared<analysis::AnalysisResult>(*window_.result());
        result->detectors = { rtfm(steps_, static_cast<int64_t>(result->frameScores.size())) };
        if (change)
            change(result->detectors[0]);
        ASSERT_TRUE(window_.currentAnalysis()->setResult(result));
    }
    QComboBox* combo() { return window_.eventsPanel()->sourceBox()->sourceCombo(); }
    std::string text() { return window_.explainPanel()->text().toStdString(); }

    MainWindow window_ { test::fakeEngine(4) };
    int64_t steps_ = 0;
};

TEST_F(DetectorExplain, ChoosingRtfmShowsItsMagnitudesAndAttention)
{
    showWithRtfm();
    ExplainPanel* panel = window_.explainPanel();
    window_.seek(100); // step 6
    // The classifier's, which needs the features a result set by hand does not bring.
    EXPECT_NE(text().find("needs the features"), std::string::npos) << text();
    QSignalSpy changed(panel, &ExplainPanel::explanationChanged);
    combo()->setCurrentIndex(1);
    EXPECT_GE(changed.count(), 1);
    ASSERT_EQ(panel->shownDetector(), DetectorKind::Rtfm);
    EXPECT_FALSE(panel->explanation()) << "not the classifier's computation";
    const std::string n = std::to_string(steps_);
    EXPECT_NE(text().find("rtfm on the span under the playhead"), std::string::npos) << text();
    EXPECT_NE(text().find("[" + n + "]"), std::string::npos) << text();
    EXPECT_NE(text().find("[" + n + ", " + n + "]"), std::string::npos) << text();
    EXPECT_NE(text().find("step 6 (playhead): 4.000"), std::string::npos) << text();
    EXPECT_NE(text().find("step 6 draws most on step 9"), std::string::npos) << text();
    EXPECT_NE(text().find("its row sums to 1.000"), std::string::npos) << text();
    window_.seek(200); // step 12
    EXPECT_NE(text().find("step 12 (playhead): 7.000"), std::string::npos) << text();
    EXPECT_NE(text().find("step 12 draws most on step 15"), std::string::npos) << text();
    combo()->setCurrentIndex(0);
    EXPECT_FALSE(panel->shownDetector());
    EXPECT_NE(text().find("needs the features"), std::string::npos) << "back to the classifier";
}

TEST_F(DetectorExplain, KOfNExplainsTheClassifier)
{
    showWithRtfm();
    combo()->setCurrentIndex(2); // at least k of 2
    EXPECT_FALSE(window_.explainPanel()->shownDetector());
    EXPECT_EQ(text().find("rtfm on the span"), std::string::npos) << text();
}

TEST_F(DetectorExplain, ASavedResultSaysItsAttentionIsNotKept)
{
    showWithRtfm([](analysis::DetectorResult& detector) {
        detector.attention.clear();
        detector.attentionKept = analysis::AttentionKept::NotInFiles;
    });
    window_.seek(100);
    combo()->setCurrentIndex(1);
    EXPECT_NE(text().find("Not kept in saved results"), std::string::npos) << text();
    EXPECT_NE(text().find("step 6 (playhead): 4.000"), std::string::npos)
        << "the files keep the magnitudes";
    const std::string n = std::to_string(steps_);
    EXPECT_EQ(text().find("[" + n + ", " + n + "]"), std::string::npos) << "no zeros drawn";
}

TEST_F(DetectorExplain, ADetectorWithoutAnExplanationSaysSo)
{
    showWithRtfm([](analysis::DetectorResult& detector) {
        detector.attention.clear();
        detector.magnitudes.clear();
        detector.attentionKept = analysis::AttentionKept::NotGiven;
    });
    combo()->setCurrentIndex(1);
    EXPECT_NE(text().find("rtfm gave no per-step magnitudes"), std::string::npos) << text();
    EXPECT_NE(text().find("rtfm gave no attention between steps"), std::string::npos) << text();
    EXPECT_EQ(text().find("(playhead)"), std::string::npos);
}

} // namespace
