#include "ui/main/main_window.h"

#include "ui/common/screen_fit.h"

#include "ui/batch/batch_dialog.h"
#include "ui/common/elided_label.h"
#include "ui/common/fitted_status_bar.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/explain/explain_panel.h"
#include "ui/explain/window_detail_view.h"
#include "ui/main/analysis_status_widget.h"
#include "ui/main/playback_keys.h"
#include "ui/main/recent_files_menu.h"
#include "ui/main/video_panel.h"
#include "ui/main/video_view.h"
#include "ui/models/model_status_widget.h"
#include "ui/tasks/analysis_runner.h"
#include "ui/timeline/attention_thumbnails.h"
#include "ui/timeline/event_threshold.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include "core/analysis/extraction_costs.h"
#include "core/formats/result_files.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QSettings>

#include <algorithm>
#include <exception>

namespace vigil::ui {

MainWindow::MainWindow(AnalysisEngine engine, QWidget* parent)
    : QMainWindow(parent)
    , runner_(new AnalysisRunner(engine, this))
    , current_(new CurrentAnalysis(this))
    , threshold_(new EventThreshold(this))
{
    setWindowTitle(tr("Vigil"));
    setAcceptDrops(true);
    modelStatus_ = new ModelStatusWidget(engine, this);
    analysisStatus_ = new AnalysisStatusWidget(this);
    createLayout();
    createExplainDock();
    explainPanel_->setExplainer(engine.engine ? engine.engine->explainer() : nullptr);
    createActions();
    connectRunner();
    observeAnalysis();
    status_ = new FittedStatusBar(this);
    setStatusBar(status_);
    statusBar()->addWidget(analysisStatus_, 1);
    statusBar()->addPermanentWidget(modelStatus_);
    // The video takes the keys at start and after every dialog; the filter keeps them working
    // when a spin box has the focus anyway.
    videoPanel_->view()->setFocusPolicy(Qt::StrongFocus);
    timelinePanel_->timeline()->setFocusPolicy(Qt::ClickFocus);
    new PlaybackKeys(this, videoPanel_->view());
    videoPanel_->view()->setFocus(Qt::OtherFocusReason);
    // 1440x900, or the screen when it is smaller: a first run on a 1024x640 screen fits it.
    resizeWithinScreen(this, QSize(1440, 900));
    // The dock's share of the width, whatever the size; its own size hint would take half.
    resizeDocks(
        { findChild<QDockWidget*>(QStringLiteral("explainDock")) }, { 320 }, Qt::Horizontal);
}

MainWindow::~MainWindow() = default;

EventsTable* MainWindow::eventsTable() const
{
    return eventsPanel_->table();
}

void MainWindow::applySettings(const AppSettings& settings)
{
    QSettings store;
    const AppSettings before = AppSettings::load(store);
    settings.save(store);
    threshold_->setDefault(settings.threshold);
    AppSettings sameNetworks = settings;
    sameNetworks.threshold = before.threshold;
    sameNetworks.exportFolder = before.exportFolder;
    // Networks and windows come from the engine source, which reads the saved settings.
    const bool isNetworkChange = sameNetworks != before && (engineSource_ || isDemoEngine_);
    if (isNetworkChange)
        runner_->setEngine(AnalysisEngine {});
    status_->say(isNetworkChange && isDemoEngine_
            ? tr("Settings saved; Analyse again (F5) remakes the demo's networks with them")
            : tr("Settings saved; they apply from the next analysis"),
        6000);
}

void MainWindow::connectRunner()
{
    connect(runner_, &AnalysisRunner::started, analysisStatus_, &AnalysisStatusWidget::showStarted);
    connect(runner_, &AnalysisRunner::progressChanged, analysisStatus_,
        &AnalysisStatusWidget::showProgress);
    connect(
        runner_, &AnalysisRunner::finished, analysisStatus_, &AnalysisStatusWidget::showFinished);
    connect(
        analysisStatus_, &AnalysisStatusWidget::cancelRequested, this, &MainWindow::cancelAnalysis);
    connect(runner_, &AnalysisRunner::windowsScored, current_, &CurrentAnalysis::showPartialResult);
    connect(runner_, &AnalysisRunner::featuresExtracted, current_, &CurrentAnalysis::setFeatures);
    connect(runner_, &AnalysisRunner::succeeded, this, [this](const ResultPointer& result) {
        showResult(result);
        keepFinishedResult(result);
    });
    connect(runner_, &AnalysisRunner::failed, this, [this](const QString& message) {
        showError(tr("The analysis failed: %1").arg(message));
        emit analysisFailed(message);
    });
    connect(runner_, &AnalysisRunner::cancelled, this, [this] {
        current_->markCancelled();
        status_->say(tr("Analysis cancelled"), 5000);
    });
}

void MainWindow::observeAnalysis()
{
    connect(current_, &CurrentAnalysis::videoChanged, this, &MainWindow::showVideoChange);
    connect(current_, &CurrentAnalysis::shownResultChanged, this, &MainWindow::showInViews);
    connect(current_, &CurrentAnalysis::cancelledChanged, this, &MainWindow::showScoringState);
}

void MainWindow::showScoringState()
{
    const bool isPartial = current_->shownResult() && !current_->result();
    timelinePanel_->timeline()->setScoringState(current_->isCancelled() ? ScoringState::Cancelled
            : isPartial                                                 ? ScoringState::Running
                                                                        : ScoringState::Complete);
}

void MainWindow::openVideo(const QString& path)
{
    if (formats::isResultFileName(path.toStdString())) {
        openResultFile(path);
        return;
    }
    leaveDemo();
    if (showVideo(path)
        && ensureEngine(tr("No networks are loaded, so the video is shown without analysis. Open "
                           "it again to choose weights (download, import a file, or demo "
                           "weights)."))
        && !showKeptResult(path))
        runner_->start(path);
}

void MainWindow::analyseAgain()
{
    if (!current_->hasVideo())
        return;
    // The demo's networks come from the demo maker (its classifier is for the demo alone), with
    // the detectors Settings names now.
    if (isDemoEngine_ && demoMaker_ && !runner_->engine().isReady()) {
        startDemo();
        return;
    }
    // Until the new networks are there, the old results are the only ones to show. Reached
    // also when the user closed the weights dialog: the text blames neither.
    if (!ensureEngine(tr("No networks are loaded, so the results shown are still those of the "
                         "previous analysis. Analyse again (F5) to choose weights.")))
        return;
    errorBanner_->hide();
    current_->clearResult(); // start() cancels a run still going with the old networks
    runner_->start(current_->videoPath());
}

bool MainWindow::showVideo(const QString& path)
{
    errorBanner_->hide();
    QString error;
    if (!videoPanel_->openVideo(path, &error)) {
        runner_->cancel();
        current_->clear(); // nothing of the previous video stays under this failure
        showError(tr("Cannot open %1: %2").arg(QFileInfo(path).fileName(), error));
        emit analysisFailed(error);
        return false;
    }
    current_->setVideo(path, videoPanel_->framesPerSecond());
    recentMenu_->addFile(path);
    return true;
}

void MainWindow::showVideoChange(const QString& path, double framesPerSecond)
{
    setWindowTitle(path.isEmpty() ? tr("Vigil") : tr("%1 – Vigil").arg(QFileInfo(path).fileName()));
    timelinePanel_->setVideo(videoPanel_->frameCount(), framesPerSecond);
    timelinePanel_->setPlayheadFrame(0);
    threshold_->resetToDefault(); // a dragged threshold belonged to the video before
    thumbnails_->setVideo(path, framesPerSecond);
    explainPanel_->setVideo(path, framesPerSecond);
}

bool MainWindow::ensureEngine(const QString& failure)
{
    if (runner_->engine().isReady())
        return true;
    std::optional<AnalysisEngine> engine = engineSource_ ? engineSource_(this) : std::nullopt;
    if (!engine || !engine->isReady()) {
        showError(failure);
        return false;
    }
    runner_->setEngine(*engine);
    modelStatus_->setEngine(*engine);
    explainPanel_->setExplainer(engine->engine->explainer());
    return true;
}

void MainWindow::showResult(const ResultPointer& result)
{
    // A run cancelled by a newer open may still deliver its result; it is not this video's.
    if (!current_->setResult(result))
        return;
    videoPanel_->setFramePtsUs(result->framePtsUs);
    videoPanel_->setFrameScores(result->frameScores);
    timelinePanel_->setVideo(
        static_cast<int64_t>(result->frameScores.size()), videoPanel_->framesPerSecond());
    timelinePanel_->setPlayheadFrame(videoPanel_->currentFrame());
    QString said = tr("Analysed %1 frames in %2 windows")
                       .arg(result->video.frames)
                       .arg(result->windows.size());
    // Detectors of two families cost two extractions: what each took, where the user decides.
    if (result->extractions.size() > 1)
        said += QStringLiteral("; ")
            + QString::fromStdString(analysis::extractionCostsText(result->extractions));
    status_->say(said, 8000);
    for (const std::string& warning : result->warnings)
        showError(tr("Warning: %1").arg(QString::fromStdString(warning)));
    emit analysisSucceeded();
}

void MainWindow::showInViews(const ResultPointer& shown, const FeaturesPointer& features)
{
    ModelStatusWidget::DetectorWeights detectors;
    if (shown)
        for (const analysis::DetectorResult& detector : shown->detectors)
            detectors.emplace_back(detector.kind, detector.weights);
    modelStatus_->showResultModel(
        shown ? std::optional<analysis::ModelDescription>(shown->model) : std::nullopt,
        std::move(detectors),
        shown ? shown->extractions : std::vector<analysis::FamilyExtraction>());
    if (!shown)
        videoPanel_->setFrameScores({}); // the readout's score was the old result's
    const int64_t frame = videoPanel_->currentFrame();
    timelinePanel_->setResult(shown);
    windowDetail_->setResult(shown);
    windowDetail_->setPlayheadFrame(frame);
    thumbnails_->setResult(shown);
    thumbnails_->setPlayheadFrame(frame);
    explainPanel_->setResult(shown, features);
    explainPanel_->setPlayheadFrame(frame);
    showScoringState();
}

void MainWindow::showError(const QString& message)
{
    errorBanner_->setText(message);
    errorBanner_->show();
}

QString MainWindow::errorText() const
{
    return errorBanner_->isVisible() || !errorBanner_->isHidden() ? errorBanner_->text()
                                                                  : QString();
}

void MainWindow::jumpToEvent(int direction)
{
    const auto& events = eventsTable()->events();
    const int64_t frame = videoPanel_->currentFrame();
    const int index = direction > 0 ? analysis::eventIndexAfter(events, frame)
                                    : analysis::eventIndexBefore(events, frame);
    if (index >= 0) {
        seek(events[static_cast<size_t>(index)].firstFrame);
        return;
    }
    // A key that does nothing must say why: a person at the last event presses it again.
    status_->say(events.empty() ? tr("No events at this threshold")
            : direction > 0
            ? tr("No later event: the last of %1 is at or before the playhead").arg(events.size())
            : tr("No earlier event: the first of %1 is at or after the playhead")
                  .arg(events.size()),
        5000);
}

void MainWindow::exportCurrentEvent(bool isClip)
{
    const int index = currentEventIndex();
    if (index < 0) {
        status_->say(tr("No event to export at this threshold"), 5000);
        return;
    }
    const analysis::ScoreEvent& event = eventsTable()->events()[static_cast<size_t>(index)];
    if (isClip)
        eventsPanel_->chooseClipFile(event);
    else
        eventsPanel_->exportPeakFrame(event);
}

void MainWindow::seek(int64_t frame)
{
    videoPanel_->pause();
    videoPanel_->seek(frame);
}

void MainWindow::cancelAnalysis()
{
    if (runner_->isRunning())
        runner_->cancel();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        event->acceptProposedAction();
        openVideo(urls.first().toLocalFile());
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (batchDialog_ && !batchDialog_->stopForClosing()) {
        event->ignore(); // the user chose to let the batch go on
        return;
    }
    runner_->cancel(); // the runner's destructor then waits for a run that is stopping
    event->accept();
}

} // namespace vigil::ui
