#include "ui/common/time_format.h"

#include <QObject>

#include <cmath>

namespace vigil::ui {

QString formatTime(double seconds, bool withTenths)
{
    if (!std::isfinite(seconds) || seconds < 0.0)
        seconds = 0.0;
    const auto tenths = static_cast<long long>(std::llround(seconds * 10.0));
    const long long whole = withTenths ? tenths / 10 : std::llround(seconds);
    const long long hours = whole / 3600;
    const long long minutes = whole / 60 % 60;
    const long long secs = whole % 60;
    QString text = hours > 0
        ? QStringLiteral("%1:%2:%3")
              .arg(hours)
              .arg(minutes, 2, 10, QLatin1Char('0'))
              .arg(secs, 2, 10, QLatin1Char('0'))
        : QStringLiteral("%1:%2").arg(minutes).arg(secs, 2, 10, QLatin1Char('0'));
    if (withTenths)
        text += QStringLiteral(".%1").arg(tenths % 10);
    return text;
}

QString timeLeftText(double elapsedS, double fraction)
{
    if (!std::isfinite(fraction) || fraction < 0.05 || fraction >= 1.0 || elapsedS <= 0.0)
        return {};
    return QObject::tr("about %1 left").arg(formatTime(elapsedS * (1.0 - fraction) / fraction));
}

} // namespace vigil::ui
