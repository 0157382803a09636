#pragma once
// DetectorThresholdsBox: each detector's own threshold (the one event rule,
// core/analysis/event_rule.h), one spin box per detector the shown result scored. A detector's
// scores sit at their own level for normal video, so each starts at its default from its own
// scores on this video (halfway from its median to 1), which its tooltip states with the median;
// a changed value is this video's view only and goes back to the default with the next video.
// Hidden when the result has no detectors. GUI thread only.

#include "core/analysis/event_rule.h"

#include <QWidget>

#include <vector>

class QDoubleSpinBox;
class QHBoxLayout;

namespace vigil::ui {

class DetectorThresholdsBox : public QWidget {
    Q_OBJECT
public:
    explicit DetectorThresholdsBox(QWidget* parent = nullptr);

    // Keeps the values a person set while the video and its detectors stay the same (a result
    // growing window by window, the same result again); otherwise back to the defaults.
    void setResult(const analysis::AnalysisResult* result);
    // Every detector shown, with its value now (default or not).
    std::vector<analysis::DetectorThreshold> thresholds() const;
    QDoubleSpinBox* boxOf(DetectorKind kind) const;

signals:
    void changed();

private:
    struct Entry {
        DetectorKind kind;
        QDoubleSpinBox* box;
    };
    void rebuild(const analysis::AnalysisResult& result);

    QHBoxLayout* layout_;
    std::vector<Entry> entries_;
    std::string videoPath_;
};

} // namespace vigil::ui
