#pragma once
// EventThreshold: the one event threshold of the desktop app: the line dragged on the timeline,
// the box typed into next to the events and the batch dialog's are all this value, so the events
// list and a batch summary of the same file agree. Dragging or typing is a view setting of the
// video shown: only Settings changes the saved default (AppSettings::threshold), and each newly
// opened video starts from that default. Rounded to 0.01, the precision every control shows. GUI
// thread only.

#include "core/common/defaults.h"

#include <QObject>

class QDoubleSpinBox;

namespace vigil::ui {

class EventThreshold : public QObject {
    Q_OBJECT
public:
    // Starts from the saved setting.
    explicit EventThreshold(QObject* parent = nullptr);

    double value() const { return value_; }
    double defaultValue() const { return default_; }
    // Two-way: the box shows the threshold and typing into it sets it.
    void bind(QDoubleSpinBox* box);

public slots:
    // The threshold of the video shown; not saved.
    void setValue(double threshold);
    // Settings' default: saved, and the threshold now.
    void setDefault(double threshold);
    // A new video starts from the default.
    void resetToDefault() { setValue(default_); }

signals:
    void changed(double threshold);

private:
    double value_ = defaults::kThreshold;
    double default_ = defaults::kThreshold;
};

} // namespace vigil::ui
