#pragma once
// DetectorCurves: what the timeline draws of a result's whole-video detectors (RTFM, S3R, MGFN:
// AnalysisResult::detectors) beside the attention classifier's curve: one line per detector in
// its own colour, which curves are shown, and the agreement strip under the plot (per frame how
// the shown scorers' own decisions split, each at its own threshold of the one event rule,
// analysis::decisionSplit, through viridis: dark where they agree, event or not, bright where
// they split evenly; hatched grey where fewer than two shown curves scored the frame). Curve i is
// analysis::scoreCurves()'s: 0 the attention classifier, then each detector in the result's order.
// Each curve and the spread are kept as ScoreEnvelopes, so painting costs O(width) on a video of
// any length. GUI thread (it paints); owned by TimelineView.

#include "core/analysis/analysis_result.h"
#include "ui/timeline/score_axis.h"
#include "ui/timeline/score_envelope.h"
#include "ui/timeline/timeline_viewport.h"

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QPainter;

namespace vigil::ui {

class DetectorCurves {
public:
    static constexpr int kStripPx = 8; // the agreement strip's height

    // Keeps which curves are hidden when the same detectors come back (a run growing window
    // by window, Analyse again); a result without detectors clears them.
    void setResult(const analysis::AnalysisResult* result);
    bool hasDetectors() const { return envelopes_.size() > 1; }
    int count() const { return static_cast<int>(envelopes_.size()); }
    // "attention", "rtfm"... in curve order; empty without detectors.
    QStringList names() const { return names_; }
    static QColor attentionColor();
    QColor colorOf(int curve) const;
    bool isShown(int curve) const;
    void setShown(int curve, bool isShown);
    // Each curve's threshold (the Events panel's rule); until set, the rule's defaults.
    void setThresholds(std::vector<double> thresholds);
    const std::vector<double>& thresholds() const { return thresholds_; }
    // The strip's values per frame for the curves shown now (analysis::decisionSplit).
    const std::vector<std::optional<float>>& spread() const { return spread_; }
    // The lowest and highest score of the shown detectors' curves (for the score axis's fit);
    // nullopt when none is shown or scored.
    std::optional<std::pair<float, float>> shownRange() const;
    // "  rtfm 0.412 (its threshold 0.75)  mgfn ...  1 of 3 say event" for a frame; empty
    // without detectors.
    QString hoverText(int64_t frame) const;

    // The detectors' lines (not the attention classifier's, which TimelineView fills).
    void paintCurves(QPainter& painter, const QRectF& plot, const FrameAxis& frames,
        const ScoreAxis& axis) const;
    void paintStrip(QPainter& painter, const QRectF& strip, const FrameAxis& frames) const;

private:
    void updateSpread();

    const analysis::AnalysisResult* result_ = nullptr;
    QStringList names_;
    std::vector<DetectorKind> kinds_; // curve i + 1's detector
    std::vector<ScoreEnvelope> envelopes_; // per curve; [0] is the attention classifier's
    std::vector<bool> isShown_;
    std::vector<double> thresholds_; // per curve
    bool hasGivenThresholds_ = false;
    std::vector<std::optional<float>> spread_;
    ScoreEnvelope spreadEnvelope_; // -1 where not scored, so a column's max < 0 means none
};

} // namespace vigil::ui
