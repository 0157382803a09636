#include "ui/explain/detector_explain_page.h"

#include "core/analysis/detector_scoring.h"
#include "ui/common/time_format.h"
#include "ui/explain/explain_images.h"
#include "ui/explain/explain_page_writer.h"
#include "ui/plots/matrix_painter.h"

#include <QObject>

#include <algorithm>
#include <numeric>

namespace vigil::ui {
namespace {

constexpr int kPictureWidthPx = 256;
constexpr int kTopSteps = 3;

QString number(double value, int decimals = 3)
{
    return QString::number(value, 'f', decimals).replace(QLatin1Char('-'), QChar(0x2212));
}

// The span of the playhead's step: the attention's when kept, else the one the engine cuts
// (planDetectorSpans with the default bound, as analyses score).
analysis::WindowSpan spanOf(const analysis::DetectorResult& detector, int64_t step)
{
    for (const analysis::SpanAttention& kept : detector.attention)
        if (kept.span.firstStep <= step && step <= kept.span.lastStep)
            return kept.span;
    const auto steps = static_cast<int64_t>(detector.stepScores.size());
    for (const analysis::WindowSpan& span :
        analysis::planDetectorSpans(steps, defaults::kDetectorSpanSteps))
        if (span.firstStep <= step && step <= span.lastStep)
            return span;
    return { 0, std::max<int64_t>(steps - 1, 0) };
}

// An attention weight with four significant digits: 1/1000 of a long span is no 0.001.
QString weightText(double weight)
{
    return QString::number(weight, 'g', 4);
}

QString seekLink(int64_t step, const DetectorExplainContext& context)
{
    const int64_t frame = middleFrameOfStep(step, context.framesPerStep);
    return QStringLiteral("<a href='seek:%1'>step %2 (%3)</a>")
        .arg(frame)
        .arg(step)
        .arg(formatTime(static_cast<double>(frame) / context.framesPerSecond, true));
}

QString magnitudeCard(const analysis::DetectorResult& detector, const analysis::WindowSpan& span,
    const DetectorExplainContext& context, const PageWriter& writer, ExplainPage& page)
{
    const QString title = QObject::tr("Feature magnitude per step");
    if (detector.magnitudes.size() != detector.stepScores.size() || detector.magnitudes.empty())
        return writer.card(1, title, QStringLiteral("—"),
            detector.attentionKept == analysis::AttentionKept::NotInFiles
                ? QObject::tr("Not in this result: its file holds no magnitudes for %1.")
                      .arg(QString::fromStdString(toString(detector.kind)))
                : QObject::tr("%1 gave no per-step magnitudes.")
                      .arg(QString::fromStdString(toString(detector.kind))),
            {}, {});
    FloatArray values = FloatArray::zeros({ span.stepCount() });
    std::copy(detector.magnitudes.begin() + span.firstStep,
        detector.magnitudes.begin() + span.lastStep + 1, values.values.begin());
    writer.addImage(page, QStringLiteral("magnitudes"),
        signedBars(values, QSize(kPictureWidthPx, 64), writer.frame()));
    const auto [low, high] = std::minmax_element(values.values.begin(), values.values.end());
    const float atPlayhead = detector.magnitudes[static_cast<size_t>(context.playheadStep)];
    return writer.card(1, title, QStringLiteral("[%1]").arg(span.stepCount()),
        QObject::tr("The L2 norm of each step's feature inside %1, the mean over crops: the "
                    "quantity its training pushes up on anomalous steps.")
            .arg(QString::fromStdString(toString(detector.kind))),
        QStringLiteral("magnitudes"),
        QObject::tr("step %1 (playhead): <b>%2</b> &nbsp; (min %3, max %4)")
            .arg(context.playheadStep)
            .arg(number(atPlayhead), number(*low), number(*high)),
        QObject::tr("steps %1 … %2 left to right").arg(span.firstStep).arg(span.lastStep));
}

QString missingAttention(const analysis::DetectorResult& detector)
{
    const QString name = QString::fromStdString(toString(detector.kind));
    switch (detector.attentionKept) {
    case analysis::AttentionKept::InMemory:
        break;
    case analysis::AttentionKept::NotGiven:
        return QObject::tr("%1 gave no attention between steps for this video.").arg(name);
    case analysis::AttentionKept::TooLarge:
        return QObject::tr("Not kept: this video's attention is more than %1 MB, more than Vigil "
                           "keeps in memory.")
            .arg(analysis::kKeptAttentionFloats * 4 / (1024 * 1024));
    case analysis::AttentionKept::NotInFiles:
        return QObject::tr("Not kept in saved results (span steps² numbers per span). Use "
                           "Analysis > Analyse again (F5) to see it.");
    }
    return QObject::tr("%1 gave no attention for this span.").arg(name);
}

// "draws most on step 40 (0:25.6) 0.120 · step 41 …" for the playhead's row.
QString rowLine(const FloatArray& weights, const analysis::WindowSpan& span,
    const DetectorExplainContext& context)
{
    const int64_t steps = span.stepCount();
    const int64_t row = context.playheadStep - span.firstStep;
    const float* values = weights.values.data() + row * steps;
    std::vector<int64_t> order(static_cast<size_t>(steps));
    std::iota(order.begin(), order.end(), 0);
    const auto top = std::min<int64_t>(kTopSteps, steps);
    std::partial_sort(order.begin(), order.begin() + top, order.end(),
        [values](int64_t a, int64_t b) { return values[a] > values[b]; });
    QStringList parts;
    for (int64_t i = 0; i < top; ++i)
        parts << QStringLiteral("%1 %2").arg(
            seekLink(span.firstStep + order[static_cast<size_t>(i)], context),
            weightText(values[order[static_cast<size_t>(i)]]));
    const double sum = std::accumulate(values, values + steps, 0.0);
    return QObject::tr("step %1 draws most on %2; its row sums to %3")
        .arg(context.playheadStep)
        .arg(parts.join(QStringLiteral(" · ")), number(sum));
}

QString attentionCard(const analysis::DetectorResult& detector, const analysis::WindowSpan& span,
    const DetectorExplainContext& context, const QPalette& palette, const PageWriter& writer,
    ExplainPage& page)
{
    const QString title = QObject::tr("Attention between steps");
    const auto kept = std::find_if(detector.attention.begin(), detector.attention.end(),
        [&span](const analysis::SpanAttention& a) { return a.span == span; });
    if (detector.attentionKept != analysis::AttentionKept::InMemory
        || kept == detector.attention.end())
        return writer.card(2, title, QStringLiteral("—"), missingAttention(detector), {}, {});
    const FloatArray& weights = kept->weights;
    const int side = static_cast<int>(
        std::min<int64_t>(kPictureWidthPx, std::max<int64_t>(span.stepCount() * 8, 64)));
    writer.addImage(page, QStringLiteral("detector-attention"),
        matrixImage(weights, QSize(side, side), rangeScale(weights, QObject::tr("weight")),
            CellNumbers::WhereTheyFit, palette));
    const auto [low, high] = std::minmax_element(weights.values.begin(), weights.values.end());
    return writer.card(2, title, QStringLiteral("[%1, %2]").arg(weights.dim(0)).arg(weights.dim(1)),
        QObject::tr("How much each step drew on every step of the span, as %1 computed it, the "
                    "mean over crops.")
            .arg(QString::fromStdString(toString(detector.kind))),
        QStringLiteral("detector-attention"),
        rowLine(weights, span, context)
            + QObject::tr("<br>min %1, max %2").arg(weightText(*low), weightText(*high)),
        QObject::tr("left to right: the step attending (%1 … %2); top to bottom: the step it "
                    "draws on")
            .arg(span.firstStep)
            .arg(span.lastStep));
}

} // namespace

ExplainPage makeDetectorExplainPage(const analysis::DetectorResult& detector,
    const DetectorExplainContext& context, const QPalette& palette)
{
    ExplainPage page;
    const PageWriter writer(palette);
    const QString name = QString::fromStdString(toString(detector.kind));
    if (detector.stepScores.empty()) {
        page.html = QObject::tr("<p>%1 scored no step of this video.</p>").arg(name);
        return page;
    }
    DetectorExplainContext at = context;
    at.playheadStep = std::clamp<int64_t>(
        context.playheadStep, 0, static_cast<int64_t>(detector.stepScores.size()) - 1);
    const analysis::WindowSpan span = spanOf(detector, at.playheadStep);
    page.html = writer.heading(QObject::tr("%1 on the span under the playhead").arg(name));
    page.html += QObject::tr("<p>%1 scores all steps of a span at once (steps %2 … %3 of %4). "
                             "Step %5's score: <b>%6</b>. This is its own explanation, not the "
                             "attention classifier's.</p>")
                     .arg(name)
                     .arg(span.firstStep)
                     .arg(span.lastStep)
                     .arg(detector.stepScores.size())
                     .arg(at.playheadStep)
                     .arg(number(detector.stepScores[static_cast<size_t>(at.playheadStep)]));
    page.html += magnitudeCard(detector, span, at, writer, page);
    page.html += writer.arrow();
    page.html += attentionCard(detector, span, at, palette, writer, page);
    return page;
}

} // namespace vigil::ui
