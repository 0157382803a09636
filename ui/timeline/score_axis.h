#pragma once
// ScoreAxis: the score range the timeline's y axis shows. The whole 0..1 by default; zoomed
// around the scores, flat curves (demo weights score every frame about 0.5) become readable.
// A value type; any thread.

#include <vector>

namespace vigil::ui {

class ScoreAxis {
public:
    // The narrowest range shown: finer than the 0.001 the readouts print is noise.
    static constexpr double kMinSpan = 0.005;

    double low() const { return low_; }
    double high() const { return high_; }
    bool isZoomed() const { return low_ > 0.0 || high_ < 1.0; }

    void reset();
    // min..max with a tenth of their spread (at least kMinSpan / 2) either side, inside 0..1.
    void fitTo(double minScore, double maxScore);
    // factor < 1 zooms in; the score under the cursor stays where it is.
    void zoomAround(double score, double factor);

    // y of a score in a plot spanning [top, top + height], and back.
    double yOf(double score, double top, double height) const;
    double scoreAt(double y, double top, double height) const;
    // Scores for the labels: the bottom, middle and top of the range.
    std::vector<double> labelScores() const { return { low_, (low_ + high_) / 2.0, high_ }; }

private:
    void setRange(double low, double high);

    double low_ = 0.0;
    double high_ = 1.0;
};

} // namespace vigil::ui
