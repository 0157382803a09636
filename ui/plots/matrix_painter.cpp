#include "ui/plots/matrix_painter.h"

#include "ui/plots/color_map.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

constexpr int kColorBarWidthPx = 10;
constexpr int kColorBarLabelsPx = 56;
constexpr int kColorBarMinHeightPx = 40;

// Entries first .. last of an axis of `count` entries split into `groups`.
std::pair<int64_t, int64_t> groupRange(int64_t group, int64_t groups, int64_t count)
{
    const int64_t first = group * count / groups;
    return { first, std::max(first + 1, (group + 1) * count / groups) };
}

double meanOf(const FloatArray& values, std::pair<int64_t, int64_t> columns,
    std::pair<int64_t, int64_t> bands)
{
    const int64_t width = values.dim(1);
    double sum = 0.0;
    for (int64_t i = columns.first; i < columns.second; ++i)
        for (int64_t j = bands.first; j < bands.second; ++j)
            sum += values.values[static_cast<size_t>(i * width + j)];
    return sum
        / static_cast<double>((columns.second - columns.first) * (bands.second - bands.first));
}

// Two decimals without the leading zero fit narrow cells: ".03", "−.41".
QString cellText(double value, int decimals)
{
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1String("0.")) || text.startsWith(QLatin1String("-0.")))
        text.remove(text.indexOf(QLatin1Char('0')), 1);
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

} // namespace

double ColorScale::positionOf(double value) const
{
    if (kind == Kind::Log || kind == Kind::LogDiverging) {
        if (!(value > 0.0) || !(low > 0.0) || high <= low)
            return 0.0;
        return std::clamp(std::log(value / low) / std::log(high / low), 0.0, 1.0);
    }
    return high > low && std::isfinite(value) ? std::clamp((value - low) / (high - low), 0.0, 1.0)
                                              : 0.0;
}

QColor ColorScale::colorAt(double position) const
{
    return kind == Kind::LogDiverging ? diverging(position) : viridis(position);
}

QString ColorScale::textOf(double value) const
{
    if (kind == Kind::LogDiverging && value > 0.0 && value < 1.0)
        return QStringLiteral("1/%1").arg(1.0 / value, 0, 'g', 3);
    if (kind == Kind::LogDiverging)
        return QString::number(value, 'g', 3);
    if (kind == Kind::Log)
        return QString::number(value, 'g', 2);
    return QString::number(value, 'f', decimals()).replace(QLatin1Char('-'), QChar(0x2212));
}

int ColorScale::decimals() const
{
    const double span = std::max(std::fabs(low), std::fabs(high));
    // Below 0.01 (a detector's attention over a thousand steps), two significant digits, so the
    // bar does not read 0.000 from end to end.
    if (span > 0.0 && span < 0.01)
        return std::min(8, 1 - static_cast<int>(std::floor(std::log10(span))));
    return span < 0.1 ? 3 : (span < 100.0 ? 2 : 0);
}

ColorScale rangeScale(const FloatArray& values, const QString& label)
{
    ColorScale scale;
    scale.label = label;
    if (values.values.empty())
        return scale;
    const auto [low, high] = std::minmax_element(values.values.begin(), values.values.end());
    scale.low = std::min(0.0, static_cast<double>(*low));
    scale.high = *high;
    return scale;
}

void paintMatrix(QPainter& painter, const QRectF& area, const FloatArray& values,
    const ColorScale& scale, CellNumbers numbers, int minBandPx)
{
    if (values.rank() != 2 || values.size() == 0 || area.isEmpty())
        return;
    const int64_t columns
        = std::clamp<int64_t>(static_cast<int64_t>(area.width()), 1, values.dim(0));
    const int64_t bands = std::clamp<int64_t>(
        static_cast<int64_t>(area.height() / std::max(1, minBandPx)), 1, values.dim(1));
    const double cellWidth = area.width() / static_cast<double>(columns);
    const double cellHeight = area.height() / static_cast<double>(bands);
    QFont cellFont = painter.font();
    cellFont.setPointSizeF(std::clamp(std::min(cellWidth / 3.2, cellHeight / 2.4), 5.0, 11.0));
    const bool isExact = columns == values.dim(0) && bands == values.dim(1);
    // The widest number is at one end of the scale ("−4.26" is wider than "−.46").
    const QFontMetricsF metrics(cellFont);
    const double widestPx
        = std::max(metrics.horizontalAdvance(cellText(scale.low, scale.decimals())),
            metrics.horizontalAdvance(cellText(scale.high, scale.decimals())));
    const bool hasNumbers = numbers == CellNumbers::WhereTheyFit && isExact
        && widestPx <= cellWidth - 2 && metrics.height() <= cellHeight;
    const QFont oldFont = painter.font();
    painter.setFont(cellFont);
    for (int64_t column = 0; column < columns; ++column)
        for (int64_t band = 0; band < bands; ++band) {
            const double value = meanOf(values, groupRange(column, columns, values.dim(0)),
                groupRange(band, bands, values.dim(1)));
            const QRectF cell(area.left() + column * cellWidth, area.top() + band * cellHeight,
                cellWidth, cellHeight);
            const QColor color = scale.colorOf(value);
            painter.fillRect(cell, color);
            if (hasNumbers) {
                painter.setPen(textColorOn(color));
                painter.drawText(cell, Qt::AlignCenter, cellText(value, scale.decimals()));
            }
        }
    painter.setFont(oldFont);
}

std::vector<PlotLabel> colorBarLabels(
    const QRectF& bar, const ColorScale& scale, const QFontMetricsF& metrics, double labelWidthPx)
{
    const double x = bar.right() + 4;
    const double lineHeight = metrics.height();
    auto label = [&](double value, double y, Qt::Alignment vertical) {
        const double top = vertical == Qt::AlignTop ? y
            : vertical == Qt::AlignBottom           ? y - lineHeight
                                                    : y - lineHeight / 2.0;
        return PlotLabel { QRectF(x, top, labelWidthPx, lineHeight), scale.textOf(value),
            Qt::AlignLeft | vertical };
    };
    // A bar lower than two lines cannot hold its ends apart ("32" over "1/32" read "3⁄32"): one
    // line beside it gives both.
    if (bar.height() < 2 * lineHeight)
        return { { QRectF(x, bar.center().y() - lineHeight / 2.0, labelWidthPx, lineHeight),
            QStringLiteral("%1–%2").arg(scale.textOf(scale.low), scale.textOf(scale.high)),
            Qt::AlignLeft | Qt::AlignVCenter } };
    std::vector<PlotLabel> labels { label(scale.high, bar.top(), Qt::AlignTop),
        label(scale.low, bar.bottom(), Qt::AlignBottom) };
    if (bar.height() <= 3 * lineHeight || scale.high <= scale.low)
        return labels;
    const double middle = scale.marked.value_or((scale.low + scale.high) / 2.0);
    const double fraction = scale.positionOf(middle);
    const double y = bar.bottom() - fraction * bar.height();
    // Room for the top and bottom labels: a middle one that would overlap them is left out.
    if (fraction > 0.0 && fraction < 1.0 && y - bar.top() > lineHeight
        && bar.bottom() - y > lineHeight)
        labels.push_back(label(middle, y, Qt::AlignVCenter));
    return labels;
}

void paintColorBar(QPainter& painter, const QRectF& bar, const ColorScale& scale,
    const QColor& textColor, double labelWidthPx)
{
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i <= 10; ++i)
        gradient.setColorAt(i / 10.0, scale.colorAt(i / 10.0));
    painter.fillRect(bar, gradient);
    painter.setPen(textColor);
    painter.drawRect(bar);
    const std::vector<PlotLabel> labels
        = colorBarLabels(bar, scale, QFontMetricsF(painter.font()), labelWidthPx);
    if (labels.size() == 3) { // the middle one's tick
        const double y = labels[2].rect.center().y();
        painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
    }
    paintPlotLabels(painter, labels);
}

QImage matrixImage(const FloatArray& values, QSize matrixSize, const ColorScale& scale,
    CellNumbers numbers, const QPalette& palette, int minBandPx)
{
    if (values.rank() != 2 || values.size() == 0 || matrixSize.isEmpty())
        return {};
    const int height = std::max(matrixSize.height(), kColorBarMinHeightPx) + 2;
    QImage image(matrixSize.width() + 2 + 8 + kColorBarWidthPx + kColorBarLabelsPx, height,
        QImage::Format_RGB32);
    image.fill(palette.color(QPalette::AlternateBase));
    QPainter painter(&image);
    const QRectF matrix(1, 1, matrixSize.width(), matrixSize.height());
    paintMatrix(painter, matrix, values, scale, numbers, minBandPx);
    painter.setPen(palette.color(QPalette::Mid));
    painter.drawRect(matrix.adjusted(-1, -1, 0, 0));
    QFont small = painter.font();
    small.setPointSizeF(7.5);
    painter.setFont(small);
    paintColorBar(painter, QRectF(matrix.right() + 8, 1, kColorBarWidthPx, height - 3), scale,
        palette.color(QPalette::Text), kColorBarLabelsPx - 4);
    return image;
}

FloatArray transposedMatrix(const FloatArray& values)
{
    if (values.rank() != 2)
        return values;
    FloatArray result = FloatArray::zeros({ values.dim(1), values.dim(0) });
    for (int64_t i = 0; i < values.dim(0); ++i)
        for (int64_t j = 0; j < values.dim(1); ++j)
            result.values[static_cast<size_t>(j * values.dim(0) + i)]
                = values.values[static_cast<size_t>(i * values.dim(1) + j)];
    return result;
}

QString attentionOrientationNote()
{
    return QCoreApplication::translate(
        "vigil::ui", "band k: row k of the attention (a column of A [T, r]), time left to right");
}

} // namespace vigil::ui
