#include "ui/common/threshold_text.h"

#include <algorithm>
#include <cmath>

namespace vigil::ui {

double roundedThreshold(double threshold)
{
    return std::round(std::clamp(threshold, 0.0, 1.0) * 1000.0) / 1000.0;
}

QString thresholdText(double threshold)
{
    QString text = QString::number(roundedThreshold(threshold), 'f', kThresholdDecimals);
    if (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    return text;
}

} // namespace vigil::ui
