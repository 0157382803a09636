#include "ui/timeline/detector_curves.h"
#include "ui/common/threshold_text.h"

#include "core/analysis/event_rule.h"

#include "core/analysis/detector_spread.h"
#include "core/analysis/detector_table.h"
#include "core/engine/detector_plan.h"
#include "ui/plots/color_map.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

// The classifier keeps the timeline's blue; each detector has its row's colour, so rtfm has one
// colour in every result.
QColor kindColor(DetectorKind kind)
{
    return QColor::fromRgb(static_cast<QRgb>(analysis::detectorRow(kind).colour));
}

constexpr float kNotScored = -1.0f;

// The frames [first, last] of pixel column x; last < first when the column is past the video.
std::pair<int64_t, int64_t> columnFrames(const FrameAxis& frames, double x)
{
    const auto first = static_cast<int64_t>(std::floor(frames.frameAt(x)));
    const auto last = std::max(first, static_cast<int64_t>(std::ceil(frames.frameAt(x + 1))) - 1);
    return { std::max<int64_t>(first, 0), last };
}

} // namespace

QColor DetectorCurves::attentionColor()
{
    return { 31, 119, 180 };
}

void DetectorCurves::setResult(const analysis::AnalysisResult* result)
{
    std::vector<DetectorKind> kinds;
    if (result)
        for (const analysis::DetectorResult& detector : result->detectors)
            kinds.push_back(detector.kind);
    if (kinds != kinds_ || !result || kinds.empty())
        isShown_.assign(kinds.empty() ? 0 : kinds.size() + 1, true);
    kinds_ = kinds;
    result_ = kinds.empty() ? nullptr : result;
    names_.clear();
    envelopes_.clear();
    if (result_) {
        names_ << QString::fromUtf8(engine::kAttentionWord);
        for (const DetectorKind kind : kinds_)
            names_ << QString::fromStdString(toString(kind));
        for (const std::vector<float>* curve : analysis::scoreCurves(*result_))
            envelopes_.emplace_back(*curve);
    }
    if (!hasGivenThresholds_ || thresholds_.size() != envelopes_.size()) {
        thresholds_.clear();
        if (result_)
            for (const auto& scorer : analysis::scorerThresholds(*result_, {}))
                thresholds_.push_back(scorer.threshold);
        hasGivenThresholds_ = false;
    }
    updateSpread();
}

QColor DetectorCurves::colorOf(int curve) const
{
    if (curve <= 0 || curve > static_cast<int>(kinds_.size()))
        return attentionColor();
    return kindColor(kinds_[static_cast<size_t>(curve - 1)]);
}

bool DetectorCurves::isShown(int curve) const
{
    return curve < 0 || curve >= count() || isShown_[static_cast<size_t>(curve)];
}

void DetectorCurves::setShown(int curve, bool isShown)
{
    if (curve < 0 || curve >= count() || isShown_[static_cast<size_t>(curve)] == isShown)
        return;
    isShown_[static_cast<size_t>(curve)] = isShown;
    updateSpread();
}

void DetectorCurves::setThresholds(std::vector<double> thresholds)
{
    if (thresholds.size() != envelopes_.size() || thresholds == thresholds_)
        return;
    thresholds_ = std::move(thresholds);
    hasGivenThresholds_ = true;
    updateSpread();
}

std::optional<std::pair<float, float>> DetectorCurves::shownRange() const
{
    std::optional<std::pair<float, float>> range;
    for (int curve = 1; curve < count(); ++curve) {
        const ScoreEnvelope& envelope = envelopes_[static_cast<size_t>(curve)];
        if (!isShown(curve) || envelope.frameCount() == 0)
            continue;
        const auto all = envelope.range(0, envelope.frameCount() - 1);
        if (all.max < 0.0f)
            continue; // nothing scored
        range = range
            ? std::make_pair(std::min(range->first, all.min), std::max(range->second, all.max))
            : std::make_pair(all.min, all.max);
    }
    return range;
}

void DetectorCurves::updateSpread()
{
    spread_ = result_ ? analysis::decisionSplit(*result_, thresholds_, isShown_)
                      : std::vector<std::optional<float>>();
    std::vector<float> values(spread_.size());
    std::transform(spread_.begin(), spread_.end(), values.begin(),
        [](const std::optional<float>& value) { return value.value_or(kNotScored); });
    spreadEnvelope_ = ScoreEnvelope(values);
}

QString DetectorCurves::hoverText(int64_t frame) const
{
    if (!result_ || frame < 0)
        return {};
    QString text;
    const auto curves = analysis::scoreCurves(*result_);
    const auto index = static_cast<size_t>(frame);
    int yes = 0;
    int scored = 0;
    for (size_t i = 0; i < curves.size() && i < thresholds_.size(); ++i) {
        const bool isScored = index < curves[i]->size() && !std::isnan((*curves[i])[index]);
        if (isScored && isShown(static_cast<int>(i))) {
            ++scored;
            yes += (*curves[i])[index] >= thresholds_[i] ? 1 : 0;
        }
        if (i == 0)
            continue; // the classifier's score leads the hover line already
        text += QStringLiteral("  %1 %2").arg(names_[static_cast<int>(i)],
            isScored ? QStringLiteral("%1 (its threshold %2)")
                           .arg((*curves[i])[index], 0, 'f', 3)
                           .arg(thresholdText(thresholds_[i]))
                     : QStringLiteral("not scored"));
    }
    return text
        + (scored >= 2 ? QStringLiteral("  %1 of %2 say event").arg(yes).arg(scored)
                       : QStringLiteral("  agreement not scored"));
}

// One line per shown detector, through each column's highest score (as the classifier's top).
void DetectorCurves::paintCurves(
    QPainter& painter, const QRectF& plot, const FrameAxis& frames, const ScoreAxis& axis) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, frames.visibleFrames <= plot.width() * 2.0);
    for (int curve = 1; curve < count(); ++curve) {
        if (!isShown(curve))
            continue;
        const ScoreEnvelope& envelope = envelopes_[static_cast<size_t>(curve)];
        QPolygonF line;
        for (int column = 0; column < static_cast<int>(plot.width()); ++column) {
            const double x = plot.left() + column;
            const auto [first, last] = columnFrames(frames, x);
            if (last < first || first >= envelope.frameCount())
                continue; // not scored: a gap, never a drop to 0
            const double score = envelope.range(first, last).max;
            line << QPointF(x + 0.5, axis.yOf(score, plot.top(), plot.height()));
        }
        painter.setPen(QPen(colorOf(curve), 1.5));
        painter.drawPolyline(line);
    }
    painter.restore();
}

// Each column shows the largest spread of its frames: a moment of disagreement stays in sight
// however far the view is zoomed out.
void DetectorCurves::paintStrip(
    QPainter& painter, const QRectF& strip, const FrameAxis& frames) const
{
    const QBrush notScored(QColor(128, 128, 128, 140), Qt::BDiagPattern);
    for (int column = 0; column < static_cast<int>(strip.width()); ++column) {
        const double x = strip.left() + column;
        const auto [first, last] = columnFrames(frames, x);
        if (last < first || first >= spreadEnvelope_.frameCount())
            continue;
        const float spread = spreadEnvelope_.range(first, last).max;
        const QRectF cell(x, strip.top(), 1.0, strip.height());
        if (spread < 0.0f)
            painter.fillRect(cell, notScored);
        else
            painter.fillRect(cell, viridis(spread));
    }
}

} // namespace vigil::ui
