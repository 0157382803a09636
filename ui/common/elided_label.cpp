#include "ui/common/elided_label.h"

#include <QEvent>
#include <QPainter>
#include <QResizeEvent>

namespace vigil::ui {

ElidedLabel::ElidedLabel(const QString& text, QWidget* parent)
    : QLabel(text, parent)
{
    setWordWrap(false);
    updateToolTip();
}

void ElidedLabel::setText(const QString& text)
{
    QLabel::setText(text);
    updateToolTip();
}

QString ElidedLabel::shownText() const
{
    return fontMetrics().elidedText(text(), Qt::ElideRight, contentsRect().width());
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QSize hint = QLabel::minimumSizeHint();
    return { fontMetrics().horizontalAdvance(QChar(0x2026)) * 3, hint.height() };
}

void ElidedLabel::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setPen(palette().color(foregroundRole()));
    painter.drawText(
        contentsRect(), static_cast<int>(alignment()) | Qt::TextSingleLine, shownText());
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    updateToolTip();
}

void ElidedLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateToolTip();
}

// The tooltip is the whole text whenever some of it is hidden; a tooltip the caller set is
// left alone.
void ElidedLabel::updateToolTip()
{
    const bool isOurs = toolTip().isEmpty() || toolTip() == autoToolTip_;
    if (!isOurs)
        return;
    autoToolTip_ = shownText() != text() ? text() : QString();
    setToolTip(autoToolTip_);
}

} // namespace vigil::ui
