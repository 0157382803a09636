// MainWindow's demo (docs/demo.md): the button of the empty window and Help > Try the
// demo run the maker app/ gave on a DemoJob, with a progress dialog and Cancel, then open the
// demo's video with the demo's networks. A video opened afterwards gets the networks of the
// settings again: the demo's classifier is for the demo alone.

#include "ui/main/main_window.h"

#include "ui/common/fitted_status_bar.h"
#include "ui/common/time_format.h"
#include "ui/explain/explain_panel.h"
#include "ui/main/video_panel.h"
#include "ui/models/model_status_widget.h"
#include "ui/tasks/analysis_runner.h"

#include <QAction>
#include <QElapsedTimer>
#include <QLabel>
#include <QMenuBar>
#include <QProgressDialog>
#include <QStatusBar>

#include <algorithm>
#include <memory>

namespace vigil::ui {

void MainWindow::createDemoAction()
{
    tryDemoAction_ = new QAction(tr("Try the &demo"), this);
    tryDemoAction_->setObjectName(QStringLiteral("tryDemoAction"));
    tryDemoAction_->setToolTip(
        tr("A demo video (vtest.avi with an inverted stretch) and a classifier trained on this "
           "machine on synthetic events, over a random backbone: no real data or weights. Made "
           "once (under a minute), then kept in the cache."));
    tryDemoAction_->setEnabled(false); // until setDemoMaker
    connect(tryDemoAction_, &QAction::triggered, this, &MainWindow::startDemo);
    for (QAction* menu : menuBar()->actions())
        if (menu->menu() && menu->text() == tr("&Help"))
            menu->menu()->insertAction(menu->menu()->actions().value(0), tryDemoAction_);
    videoPanel_->setEmptyStateAction(tryDemoAction_);
    demoJob_ = new DemoJob(this);
    connect(demoJob_, &DemoJob::succeeded, this, &MainWindow::showDemo);
    connect(demoJob_, &DemoJob::failed, this, [this](const QString& message) {
        showError(tr("The demo could not be made: %1").arg(message));
        emit analysisFailed(message); // ends a --demo --screenshot run too
    });
    connect(
        demoJob_, &DemoJob::cancelled, this, [this] { status_->say(tr("Demo cancelled"), 5000); });
}

void MainWindow::setDemoMaker(DemoMaker maker)
{
    demoMaker_ = std::move(maker);
    tryDemoAction_->setEnabled(static_cast<bool>(demoMaker_));
}

void MainWindow::startDemo()
{
    if (!demoMaker_ || demoJob_->isRunning())
        return;
    // Making the demo trains a network with LibTorch's (process-wide) thread count set for it.
    runner_->cancel();
    auto* progress = new QProgressDialog(tr("Making the demo…"), tr("Cancel"), 0, 100, this);
    progress->setWindowTitle(tr("Vigil: demo"));
    progress->setMinimumDuration(300); // a cached demo is ready before it would show
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    connect(demoJob_, &DemoJob::progressChanged, progress,
        [progress, clock](const QString& stage, double fraction) {
            const QString left
                = timeLeftText(static_cast<double>(clock->elapsed()) / 1000.0, fraction);
            progress->setLabelText(left.isEmpty() ? stage : stage + QStringLiteral(" · ") + left);
            progress->setValue(static_cast<int>(fraction * 100.0));
        });
    connect(progress, &QProgressDialog::canceled, demoJob_, &DemoJob::cancel);
    connect(demoJob_, &DemoJob::finished, progress, &QWidget::close);
    errorBanner_->hide();
    status_->say(tr("Making the demo…"));
    demoJob_->start(demoMaker_);
}

void MainWindow::showDemo(const DemoLaunch& launch)
{
    if (!launch.engine.isReady()) {
        showError(tr("The demo's networks could not be loaded"));
        return;
    }
    runner_->cancel();
    runner_->setEngine(launch.engine);
    modelStatus_->setEngine(launch.engine);
    explainPanel_->setExplainer(launch.engine.engine->explainer());
    isDemoEngine_ = true;
    // Once analysed, the demo opens at its highest score: the inserted event.
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &MainWindow::analysisSucceeded, this, [this, once] {
        disconnect(*once);
        const auto& scores = result()->frameScores;
        if (const auto peak = std::max_element(scores.begin(), scores.end());
            isDemoEngine_ && peak != scores.end())
            seek(peak - scores.begin());
    });
    if (showVideo(launch.videoPath)) {
        runner_->start(launch.videoPath);
        status_->say(
            tr("Demo: the inverted stretch was inserted into vtest.avi; the classifier was "
               "trained here on synthetic events"),
            10000);
    }
}

void MainWindow::leaveDemo()
{
    if (!isDemoEngine_)
        return;
    isDemoEngine_ = false;
    runner_->cancel();
    runner_->setEngine(AnalysisEngine {});
    modelStatus_->setEngine(AnalysisEngine {});
}

} // namespace vigil::ui
