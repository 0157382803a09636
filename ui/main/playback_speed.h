#pragma once
// PlaybackSpeed: the rate the video plays at, one of 0.25x, 0.5x, 1x, 2x, 4x, 8x and 16x, stepped
// by J (slower) and L (faster) as in video editors and mpv. Playing faster than the frames can be
// shown one per timer tick skips frames: framesPerTick() says how many each tick advances.
// A value type; any thread.

#include <QString>

#include <cstdint>

namespace vigil::ui {

class PlaybackSpeed {
public:
    static constexpr double kSlowest = 0.25;
    static constexpr double kFastest = 16.0;

    double factor() const { return factor_; }
    void faster() { factor_ = factor_ * 2.0 > kFastest ? kFastest : factor_ * 2.0; }
    void slower() { factor_ = factor_ / 2.0 < kSlowest ? kSlowest : factor_ / 2.0; }
    void reset() { factor_ = 1.0; }

    // The timer interval for a video of framesPerSecond: one frame per tick, but no tick shorter
    // than kShortestTickMs (a timer cannot show 400 frames a second; frames are skipped instead).
    int tickMs(double framesPerSecond) const;
    int64_t framesPerTick(double framesPerSecond) const;
    // "0.25x", "1x", "16x"
    QString text() const;

    static constexpr int kShortestTickMs = 20;

private:
    double factor_ = 1.0;
};

} // namespace vigil::ui
