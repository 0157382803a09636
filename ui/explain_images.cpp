#include "ui/explain_images.h"

#include "ui/color_map.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

struct Range {
    double low = 0.0;
    double high = 0.0;
};

Range rangeOf(const FloatArray& values)
{
    Range range;
    if (values.values.empty())
        return range;
    const auto [low, high] = std::minmax_element(values.values.begin(), values.values.end());
    return { *low, *high };
}

QColor colorOf(double value, HeatScale scale, const Range& range)
{
    if (scale == HeatScale::Weights)
        return viridisScaled(value, range.high);
    const double maxAbs = std::max(std::fabs(range.low), std::fabs(range.high));
    return divergingColor(maxAbs > 0.0 ? value / maxAbs : 0.0);
}

QImage framed(QImage image, const QColor& frame)
{
    QPainter painter(&image);
    painter.setPen(frame);
    painter.drawRect(image.rect().adjusted(0, 0, -1, -1));
    return image;
}

} // namespace

QColor divergingColor(double t)
{
    t = std::clamp(t, -1.0, 1.0);
    const QColor middle(0xf2, 0xf2, 0xf2);
    const QColor end = t < 0 ? QColor(0x21, 0x66, 0xac) : QColor(0xb2, 0x18, 0x2b);
    const double a = std::fabs(t);
    return QColor::fromRgbF(static_cast<float>(middle.redF() + (end.redF() - middle.redF()) * a),
        static_cast<float>(middle.greenF() + (end.greenF() - middle.greenF()) * a),
        static_cast<float>(middle.blueF() + (end.blueF() - middle.blueF()) * a));
}

QColor textColorOn(const QColor& background)
{
    const double luminance
        = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
}

QImage transposedHeatmap(const FloatArray& values, HeatScale scale, QSize cellSize,
    int maxHeightPx, const QColor& frame)
{
    if (values.rank() != 2 || values.size() == 0)
        return {};
    const int64_t rows = values.dim(0);
    const int64_t cols = values.dim(1);
    // Bands of neighbouring columns averaged when the picture would be too tall.
    const int64_t bands = std::max<int64_t>(1,
        std::min<int64_t>(cols, std::max(1, maxHeightPx / std::max(1, cellSize.height()))));
    const Range range = rangeOf(values);
    QImage image(static_cast<int>(rows) * cellSize.width() + 2,
        static_cast<int>(bands) * cellSize.height() + 2, QImage::Format_RGB32);
    QPainter painter(&image);
    for (int64_t t = 0; t < rows; ++t)
        for (int64_t band = 0; band < bands; ++band) {
            const int64_t first = band * cols / bands;
            const int64_t last = std::max(first + 1, (band + 1) * cols / bands);
            double sum = 0.0;
            for (int64_t c = first; c < last; ++c)
                sum += values.values[static_cast<size_t>(t * cols + c)];
            const QColor color = colorOf(sum / static_cast<double>(last - first), scale, range);
            painter.fillRect(1 + static_cast<int>(t) * cellSize.width(),
                1 + static_cast<int>(band) * cellSize.height(), cellSize.width(),
                cellSize.height(), color);
        }
    painter.end();
    return framed(std::move(image), frame);
}

QImage rowHeatmap(const FloatArray& values, HeatScale scale, int maxWidthPx, int bandHeightPx,
    const QColor& frame)
{
    if (values.rank() != 2 || values.size() == 0)
        return {};
    // rowHeatmap(v) is transposedHeatmap of vᵀ with one pixel per column group.
    FloatArray transposed = FloatArray::zeros({ values.dim(1), values.dim(0) });
    for (int64_t i = 0; i < values.dim(0); ++i)
        for (int64_t j = 0; j < values.dim(1); ++j)
            transposed.values[static_cast<size_t>(j * values.dim(0) + i)]
                = values.values[static_cast<size_t>(i * values.dim(1) + j)];
    // Averaging columns: transpose back after averaging groups of features.
    const int64_t features = transposed.dim(0);
    const int64_t groups = std::min<int64_t>(features, std::max(1, maxWidthPx));
    FloatArray grouped = FloatArray::zeros({ groups, values.dim(0) });
    for (int64_t g = 0; g < groups; ++g) {
        const int64_t first = g * features / groups;
        const int64_t last = std::max(first + 1, (g + 1) * features / groups);
        for (int64_t k = 0; k < values.dim(0); ++k) {
            double sum = 0.0;
            for (int64_t f = first; f < last; ++f)
                sum += transposed.values[static_cast<size_t>(f * values.dim(0) + k)];
            grouped.values[static_cast<size_t>(g * values.dim(0) + k)]
                = static_cast<float>(sum / static_cast<double>(last - first));
        }
    }
    const int cellWidth = std::max(1, maxWidthPx / static_cast<int>(groups));
    return transposedHeatmap(grouped, scale, QSize(cellWidth, bandHeightPx),
        bandHeightPx * static_cast<int>(values.dim(0)), frame);
}

QImage signedBars(const FloatArray& values, QSize size, const QColor& axis)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    if (values.size() == 0)
        return image;
    const Range range = rangeOf(values);
    const double maxAbs = std::max({ std::fabs(range.low), std::fabs(range.high), 1e-12 });
    const double barWidth = static_cast<double>(size.width()) / static_cast<double>(values.size());
    const double middle = size.height() / 2.0;
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (int64_t i = 0; i < values.size(); ++i) {
        const double value = values.values[static_cast<size_t>(i)];
        const double height = (size.height() / 2.0 - 1.0) * std::fabs(value) / maxAbs;
        const QRectF bar(i * barWidth + 1.0, value >= 0 ? middle - height : middle,
            std::max(1.0, barWidth - 2.0), std::max(1.0, height));
        painter.fillRect(bar, divergingColor(value / maxAbs * 0.85 + (value >= 0 ? 0.15 : -0.15)));
    }
    painter.setPen(axis);
    painter.drawLine(QPointF(0, middle), QPointF(size.width(), middle));
    return image;
}

} // namespace vigil::ui
