#include "ui/explain/explain_images.h"

#include <QObject>
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

QImage attentionOrientationPicture(int64_t rows, int64_t row, const QPalette& palette)
{
    constexpr int kCellW = 14, kCellH = 9, kLines = 6, kTop = 18, kBandCells = 12;
    const int gridW = static_cast<int>(rows) * kCellW;
    const int bandLeft = gridW + 70;
    QImage image(bandLeft + kBandCells * kCellW + 8, kTop + kLines * kCellH + 16,
        QImage::Format_ARGB32_Premultiplied);
    image.fill(palette.color(QPalette::Base));
    QPainter painter(&image);
    QFont font = painter.font();
    font.setPixelSize(11);
    painter.setFont(font);
    const QColor text = palette.color(QPalette::Text);
    const QColor grid = palette.color(QPalette::Mid);
    const QColor accent = palette.color(QPalette::Highlight);
    painter.setPen(text);
    painter.drawText(QRect(0, 0, gridW + 60, kTop - 4), Qt::AlignLeft | Qt::AlignBottom,
        QStringLiteral("A [T, %1]").arg(rows));
    for (int line = 0; line < kLines; ++line)
        for (int k = 0; k < rows; ++k) {
            const QRect cell(k * kCellW, kTop + line * kCellH, kCellW, kCellH);
            painter.fillRect(
                cell, k == row ? accent.lighter(150) : palette.color(QPalette::AlternateBase));
            painter.setPen(grid);
            painter.drawRect(cell);
        }
    painter.setPen(QPen(accent, 2));
    painter.drawRect(QRect(static_cast<int>(row) * kCellW, kTop, kCellW, kLines * kCellH));
    painter.setPen(text);
    painter.drawText(QRect(0, kTop + kLines * kCellH, gridW + 60, 16),
        Qt::AlignLeft | Qt::AlignVCenter, QObject::tr("t ↓, column %1").arg(row));
    const int middle = kTop + kLines * kCellH / 2;
    painter.drawLine(gridW + 10, middle, bandLeft - 10, middle);
    painter.drawLine(bandLeft - 16, middle - 4, bandLeft - 10, middle);
    painter.drawLine(bandLeft - 16, middle + 4, bandLeft - 10, middle);
    for (int t = 0; t < kBandCells; ++t) {
        const QRect cell(bandLeft + t * kCellW, middle - kCellH / 2, kCellW, kCellH);
        painter.fillRect(cell, accent.lighter(150));
        painter.setPen(grid);
        painter.drawRect(cell);
    }
    painter.setPen(text);
    painter.drawText(QRect(bandLeft, 0, kBandCells * kCellW, middle - kCellH / 2 - 2),
        Qt::AlignLeft | Qt::AlignBottom, QObject::tr("row %1 of the attention").arg(row));
    painter.drawText(QRect(bandLeft, middle + kCellH / 2 + 2, kBandCells * kCellW, 16),
        Qt::AlignLeft | Qt::AlignTop, QObject::tr("time t →"));
    return image;
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
    // No value below 0 (a magnitude): the whole height goes up from the bottom line.
    const bool isUnsigned = range.low >= 0.0;
    const double middle = isUnsigned ? size.height() - 1.0 : size.height() / 2.0;
    const double reach = isUnsigned ? size.height() - 2.0 : size.height() / 2.0 - 1.0;
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (int64_t i = 0; i < values.size(); ++i) {
        const double value = values.values[static_cast<size_t>(i)];
        const double height = reach * std::fabs(value) / maxAbs;
        const QRectF bar(i * barWidth + 1.0, value >= 0 ? middle - height : middle,
            std::max(1.0, barWidth - 2.0), std::max(1.0, height));
        painter.fillRect(bar, divergingColor(value / maxAbs * 0.85 + (value >= 0 ? 0.15 : -0.15)));
    }
    painter.setPen(axis);
    painter.drawLine(QPointF(0, middle), QPointF(size.width(), middle));
    return image;
}

} // namespace vigil::ui
