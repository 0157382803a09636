#pragma once
// ElidedLabel: a one-line label whose minimum width is a few characters, so it never widens its
// panel: what does not fit ends in "…" and the whole text is in the tooltip. A QLabel asks for its
// whole text's width as its minimum, so a readout that grew ("loop", a longer time) pushed the
// splitters and cut the panels beside it. GUI thread only.

#include <QLabel>

namespace vigil::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(const QString& text = {}, QWidget* parent = nullptr);

    // QLabel::setText, then the tooltip follows (QLabel's is not virtual: call it on this type).
    void setText(const QString& text);
    // The text as drawn at the current width.
    QString shownText() const;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateToolTip();

    QString autoToolTip_; // the tooltip this label set itself, to tell it from the caller's
};

} // namespace vigil::ui
