#pragma once
// Runs one blocking job (loading and checking networks, the first backbone calibration,
// hashing an imported file) on a worker thread while the GUI thread keeps turning: a modal
// dialog says what is happening and for how long, the windows repaint, timers fire. The call
// returns when the job has finished, so a caller keeps its simple sequential flow (ask, load,
// use). Input to other windows is blocked meanwhile by the dialog. GUI thread only; the job
// must not touch widgets. It runs as a BackgroundTask, so it is started and joined like every
// other background job.

#include <QString>

#include <functional>

class QWidget;

namespace vigil::ui {

// Rethrows on the GUI thread whatever the job threw. text may say what can make it long.
void runBusy(
    QWidget* parent, const QString& title, const QString& text, const std::function<void()>& job);

} // namespace vigil::ui
