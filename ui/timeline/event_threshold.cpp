#include "ui/timeline/event_threshold.h"
#include "ui/common/threshold_text.h"

#include "core/common/count_limits.h"
#include "ui/main/app_settings.h"

#include <QDoubleSpinBox>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

// Every control shows kThresholdDecimals; a finer value would count events no control can show.
double rounded(double threshold)
{
    return roundedThreshold(threshold);
}

} // namespace

EventThreshold::EventThreshold(QObject* parent)
    : QObject(parent)
{
    QSettings store;
    default_ = rounded(AppSettings::load(store).threshold);
    value_ = default_;
}

void EventThreshold::setValue(double threshold)
{
    threshold = rounded(threshold);
    if (threshold == value_)
        return;
    value_ = threshold;
    emit changed(value_);
}

void EventThreshold::setDefault(double threshold)
{
    default_ = rounded(threshold);
    QSettings store;
    AppSettings::saveThreshold(store, default_);
    setValue(default_);
}

void EventThreshold::bind(QDoubleSpinBox* box)
{
    box->setRange(bounds::threshold().min, bounds::threshold().max);
    box->setDecimals(kThresholdDecimals);
    box->setSingleStep(0.05);
    // Applied on Enter or leaving the box: each keystroke ("0", "0.", "0.8") is no threshold.
    box->setKeyboardTracking(false);
    box->setValue(value_);
    connect(this, &EventThreshold::changed, box, [box](double threshold) {
        if (box->value() != threshold) // setValue rewrites the text even when equal
            box->setValue(threshold);
    });
    connect(box, &QDoubleSpinBox::valueChanged, this, &EventThreshold::setValue);
}

} // namespace vigil::ui
