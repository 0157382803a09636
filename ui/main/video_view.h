#pragma once
// VideoView: paints one video frame as large as fits, aspect ratio kept, on black; or a message
// when there is no frame to show. GUI thread only; holds its own copy of the image.

#include <QImage>
#include <QWidget>

namespace vigil::ui {

class VideoView : public QWidget {
    Q_OBJECT
public:
    explicit VideoView(QWidget* parent = nullptr);

    const QImage& image() const { return image_; }
    QSize sizeHint() const override { return { 640, 400 }; }
    QSize minimumSizeHint() const override { return { 240, 160 }; }

public slots:
    void setImage(const QImage& image);
    void setMessage(const QString& message); // shown when there is no image

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QImage image_;
    QString message_;
};

} // namespace vigil::ui
