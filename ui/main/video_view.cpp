#include "ui/main/video_view.h"

#include <QPainter>

namespace vigil::ui {

VideoView::VideoView(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void VideoView::setImage(const QImage& image)
{
    image_ = image;
    update();
}

void VideoView::setMessage(const QString& message)
{
    message_ = message;
    update();
}

void VideoView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), QColor(16, 16, 18));
    if (image_.isNull()) {
        painter.setPen(QColor(200, 200, 200));
        painter.drawText(rect().adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap,
            message_.isEmpty() ? tr("Open a video with File > Open (Ctrl+O) or drop it here")
                               : message_);
        return;
    }
    const QSize fitted = image_.size().scaled(size(), Qt::KeepAspectRatio);
    const QRect target(
        QPoint((width() - fitted.width()) / 2, (height() - fitted.height()) / 2), fitted);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(target, image_);
}

} // namespace vigil::ui
