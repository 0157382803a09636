#include "ui/main/playback_speed.h"
#include "core/common/defaults.h"

#include <algorithm>
#include <cmath>

namespace vigil::ui {

int PlaybackSpeed::tickMs(double framesPerSecond) const
{
    const double fps = defaults::fpsOrFallback(framesPerSecond);
    const double frameMs = 1000.0 / (fps * factor_);
    return std::max(kShortestTickMs, static_cast<int>(std::lround(frameMs)));
}

int64_t PlaybackSpeed::framesPerTick(double framesPerSecond) const
{
    const double fps = defaults::fpsOrFallback(framesPerSecond);
    return std::max<int64_t>(1, std::llround(fps * factor_ * tickMs(fps) / 1000.0));
}

QString PlaybackSpeed::text() const
{
    return QString::number(factor_, 'g', 3) + QStringLiteral("x");
}

} // namespace vigil::ui
