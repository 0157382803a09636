#pragma once
// EventThreshold: the one event threshold of the desktop app (AppSettings::threshold): the line
// dragged on the timeline, the box typed into next to the events, the Settings dialog's and the
// batch dialog's are all this value, so the events list and a batch summary of the same file
// agree. Loaded from QSettings when made, saved there at each change. Rounded to 0.01, the
// precision every control shows. GUI thread only.

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
    // Two-way: the box shows the threshold and typing into it sets it.
    void bind(QDoubleSpinBox* box);

public slots:
    void setValue(double threshold);

signals:
    void changed(double threshold);

private:
    double value_ = defaults::kThreshold;
};

} // namespace vigil::ui
