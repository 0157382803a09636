#pragma once
// What the file timeline draws over its plot besides the curves: the dashed window boundaries,
// the hatched stretch past the last scored frame with its note ("not scored: the analysis was
// cancelled"), and the placeholder of an empty plot on a patch of its own, so that the threshold
// line drawn before it does not strike it through. GUI thread only.

#include "ui/timeline/timeline_viewport.h"

#include <QRectF>
#include <QString>

#include <cstdint>
#include <vector>

class QPainter;
class QPalette;

namespace vigil::ui {

// How far the shown scores are from the whole video's.
enum class ScoringState { Running, Cancelled, Complete };
// What the frames past the last scored one are: "not scored yet", "not scored: the analysis was
// cancelled", or "not scored".
QString unscoredNote(ScoringState state);

// A line at each window's first frame but the first; none while they would be under 4 px apart.
void paintWindowBoundaries(QPainter& painter, const QRectF& plot, const FrameAxis& frames,
    const std::vector<int64_t>& windowFirstFrames, const QPalette& palette);

// The plot right of scoredFrames hatched, note centred on it when it fits; nothing when every
// frame up to frameCount is scored or the stretch is out of view. Returns the hatched area.
QRectF paintUnscoredTail(QPainter& painter, const QRectF& plot, const FrameAxis& frames,
    int64_t scoredFrames, int64_t frameCount, const QString& note, const QPalette& palette);

void paintPlaceholder(
    QPainter& painter, const QRectF& plot, const QString& text, const QPalette& palette);

} // namespace vigil::ui
