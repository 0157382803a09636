#include "ui/explain_images.h"

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

QImage timeMatrixPicture(const FloatArray& values, QSize cellSize, int maxHeightPx,
    const ColorScale& scale, const QPalette& palette)
{
    if (values.rank() != 2 || values.size() == 0)
        return {};
    const int bandHeight = std::max(1, cellSize.height());
    const int64_t bands = std::clamp<int64_t>(maxHeightPx / bandHeight, 1, values.dim(1));
    const QSize matrix(static_cast<int>(values.dim(0)) * std::max(1, cellSize.width()),
        static_cast<int>(bands) * bandHeight);
    return matrixImage(values, matrix, scale, CellNumbers::WhereTheyFit, palette, bandHeight);
}

QImage featureMatrixPicture(const FloatArray& values, int widthPx, int bandHeightPx,
    const ColorScale& scale, const QPalette& palette)
{
    if (values.rank() != 2 || values.size() == 0)
        return {};
    const int columns = static_cast<int>(std::min<int64_t>(values.dim(0), std::max(1, widthPx)));
    const QSize matrix(
        columns * std::max(1, widthPx / columns), static_cast<int>(values.dim(1)) * bandHeightPx);
    return matrixImage(values, matrix, scale, CellNumbers::Hidden, palette, bandHeightPx);
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
