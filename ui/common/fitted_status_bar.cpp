#include "ui/common/fitted_status_bar.h"

#include <QFontMetrics>
#include <QTimer>

#include <algorithm>

namespace vigil::ui {

namespace {
// QStatusBar draws its message from x = 6 to 12 px before its right edge; the gap keeps the "…"
// clear of the widget beside it.
constexpr int kLeftMargin = 6;
constexpr int kRightMargin = 12;
constexpr int kGap = 12;
} // namespace

FittedStatusBar::FittedStatusBar(QWidget* parent)
    : QStatusBar(parent)
{
    timer_ = new QTimer(this);
    timer_->setSingleShot(true);
    connect(timer_, &QTimer::timeout, this, [this] {
        full_.clear();
        setToolTip({});
        clearMessage();
    });
    connect(this, &QStatusBar::messageChanged, this, [this](const QString&) {
        if (isFitting_)
            return;
        // clearMessage (or the base's showMessage) ended this message: nothing is left to fit.
        full_.clear();
        setToolTip({});
        timer_->stop();
    });
}

void FittedStatusBar::say(const QString& text, int timeoutMs)
{
    full_ = text;
    isFitting_ = true;
    // Hides the normal widgets, so that only the permanent ones are measured. The timeout is this
    // bar's own: the base's timer would end at every refit.
    showMessage(text);
    isFitting_ = false;
    if (timeoutMs > 0)
        timer_->start(timeoutMs);
    else
        timer_->stop();
    fit();
}

void FittedStatusBar::resizeEvent(QResizeEvent* event)
{
    QStatusBar::resizeEvent(event);
    // The permanent widgets move with the layout, which runs after this event.
    QTimer::singleShot(0, this, &FittedStatusBar::fit);
}

int FittedStatusBar::messageRoom() const
{
    int right = width() - kRightMargin;
    // While a message is shown QStatusBar hides the normal widgets: the visible children are the
    // permanent widgets (and the size grip), whose left edge ends the message.
    for (const QWidget* child : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (child->isVisible() && !child->isWindow() && child->width() > 0)
            right = std::min(right, child->x() - kGap);
    }
    return std::max(0, right - kLeftMargin);
}

void FittedStatusBar::fit()
{
    if (full_.isEmpty() || currentMessage().isEmpty())
        return;
    const QString shown = fontMetrics().elidedText(full_, Qt::ElideRight, messageRoom());
    setToolTip(shown == full_ ? QString() : full_);
    if (shown == currentMessage())
        return;
    isFitting_ = true;
    showMessage(shown);
    isFitting_ = false;
}

} // namespace vigil::ui
