// MainWindow's menus, keyboard shortcuts and transport buttons, and the slots only they call
// (open, settings, batch, exports). The window's layout and its analysis flow are in
// main_window.cpp.

#include "ui/main/main_window.h"

#include "ui/batch/batch_dialog.h"
#include "ui/common/fitted_status_bar.h"
#include "ui/events/events_table.h"
#include "ui/main/current_analysis.h"
#include "ui/main/exports.h"
#include "ui/main/help_dialogs.h"
#include "ui/main/manual_dialog.h"
#include "ui/main/recent_files_menu.h"
#include "ui/main/settings_dialog.h"
#include "ui/main/video_panel.h"
#include "ui/models/models_dialog.h"
#include "ui/tasks/analysis_runner.h"
#include "ui/timeline/attention_scale.h"
#include "ui/timeline/event_threshold.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include "core/live/watch_plan.h"
#include "core/models_store/model_locations.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QStyle>

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

namespace vigil::ui {

void MainWindow::createActions()
{
    createFileMenu();
    createPlaybackMenu();
    createAnalysisMenu();
    createViewMenu();
    createWindowMenu();
    createHelpMenu();
    createDemoAction(); // in the Help menu, and the empty window's button
    // Nothing to play, analyse or export without a video: the actions say so by being greyed
    // out (and their keys then reach nothing, PlaybackKeys included).
    const auto enableForVideo = [this](const QString& path) {
        for (QAction* action : std::as_const(videoActions_))
            action->setEnabled(!path.isEmpty());
    };
    connect(current_, &CurrentAnalysis::videoChanged, this, enableForVideo);
    enableForVideo(current_->videoPath());
}

void MainWindow::createHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Manual"), QKeySequence(Qt::SHIFT | Qt::Key_F1), this,
            [this] { showManual(QStringLiteral("explain.md")); })
        ->setObjectName(QStringLiteral("manualAction"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
        [this] { showShortcutSheet(this, *menuBar()); });
    help->addAction(tr("&About Vigil"), this, [this] {
        const AnalysisEngine& engine = runner_->engine();
        showAbout(this,
            engine.engine ? std::optional<analysis::ModelDescription>(engine.engine->description())
                          : std::nullopt);
    });
}

void MainWindow::showManual(const QString& file, const QString& headingStart)
{
    if (!manual_)
        manual_ = new ManualDialog(this);
    manual_->show(); // laid out at its size first, so that the heading can be scrolled to
    manual_->showGuide(file, headingStart);
    manual_->raise();
    manual_->activateWindow();
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseAndOpen);
    file->addAction(tr("Open &Stream…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
            &MainWindow::openStream)
        ->setObjectName(QStringLiteral("openStreamAction"));
    file->addAction(tr("Open &Cameras…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this,
            &MainWindow::openCameras)
        ->setObjectName(QStringLiteral("openCamerasAction"));
    recentMenu_ = new RecentFilesMenu(this);
    file->addMenu(recentMenu_);
    file->addAction(tr("&Batch Process Folder…"), QKeySequence(Qt::CTRL | Qt::Key_B), this, [this] {
        BatchDialog* dialog = batchDialog();
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    connect(recentMenu_, &RecentFilesMenu::openRequested, this, &MainWindow::openVideo);
    QMenu* exports = file->addMenu(tr("&Export"));
    videoActions_ << exports->addAction(
        tr("Scores CSV and result &JSON…"), this, &MainWindow::exportResultFiles);
    videoActions_ << exports->addAction(
        tr("&Timeline and heatmaps as PNG…"), this, &MainWindow::exportTimelinePng);
    videoActions_ << exports->addAction(
        tr("Current &frame as PNG…"), this, &MainWindow::exportFramePng);
    exports->addSeparator();
    videoActions_ << exports->addAction(
        tr("&Clip of the current event…"), this, [this] { exportCurrentEvent(true); });
    videoActions_ << exports->addAction(tr("&Peak frame of the current event as PNG…"), this,
        [this] { exportCurrentEvent(false); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::createPlaybackMenu()
{
    QMenu* play = menuBar()->addMenu(tr("&Playback"));
    auto add = [&](const QString& text, const QKeySequence& key, auto slot) {
        QAction* action = play->addAction(text, key, this, slot);
        videoActions_ << action;
        action->setToolTip(QStringLiteral("%1 (%2)").arg(
            QString(text).remove(QLatin1Char('&')), key.toString(QKeySequence::NativeText)));
        return action;
    };
    QAction* previousEvent
        = add(tr("Previous event"), QKeySequence(Qt::Key_PageUp), [this] { jumpToEvent(-1); });
    QAction* snippetBack = add(tr("Back one snippet"), QKeySequence(Qt::SHIFT | Qt::Key_Left),
        [this] { videoPanel_->stepFrames(-16); });
    QAction* frameBack = add(
        tr("Back one frame"), QKeySequence(Qt::Key_Left), [this] { videoPanel_->stepFrames(-1); });
    QAction* playPause = add(
        tr("Play / pause"), QKeySequence(Qt::Key_Space), [this] { videoPanel_->togglePlayback(); });
    QAction* frameForward = add(tr("Forward one frame"), QKeySequence(Qt::Key_Right),
        [this] { videoPanel_->stepFrames(1); });
    QAction* snippetForward = add(tr("Forward one snippet"),
        QKeySequence(Qt::SHIFT | Qt::Key_Right), [this] { videoPanel_->stepFrames(16); });
    QAction* nextEvent
        = add(tr("Next event"), QKeySequence(Qt::Key_PageDown), [this] { jumpToEvent(1); });
    createSpeedActions(play);
    play->addSeparator();
    add(tr("Go to start"), QKeySequence(Qt::Key_Home), [this] { seek(0); });
    add(tr("Go to end"), QKeySequence(Qt::Key_End),
        [this] { seek(videoPanel_->frameCount() - 1); });
    // Buttons show icons from the style (every font has them) or short icon texts; the menu
    // keeps the full names.
    previousEvent->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    snippetBack->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    frameBack->setIconText(QStringLiteral("−1"));
    playPause->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    frameForward->setIconText(QStringLiteral("+1"));
    snippetForward->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    nextEvent->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    for (QAction* action : { previousEvent, snippetBack, frameBack, playPause, frameForward,
             snippetForward, nextEvent })
        videoPanel_->addTransportAction(action);
    connect(
        videoPanel_, &VideoPanel::playbackChanged, playPause, [this, playPause](bool isPlaying) {
            playPause->setIcon(
                style()->standardIcon(isPlaying ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
        });
}

void MainWindow::createAnalysisMenu()
{
    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    videoActions_ << analysis->addAction(
        tr("&Analyse again"), QKeySequence(Qt::Key_F5), this, &MainWindow::analyseAgain);
    videoActions_ << analysis->addAction(
        tr("&Cancel"), QKeySequence(Qt::Key_Escape), this, &MainWindow::cancelAnalysis);
    analysis->addSeparator();
    // QKeySequence::Preferences is empty on X11 (it is Ctrl+, on macOS and KDE's own theme).
    const QList<QKeySequence> preferences = QKeySequence::keyBindings(QKeySequence::Preferences);
    QAction* settings = analysis->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settings->setObjectName(QStringLiteral("settingsAction"));
    settings->setShortcuts(preferences.isEmpty()
            ? QList<QKeySequence> { QKeySequence(Qt::CTRL | Qt::Key_Comma) }
            : preferences);
    analysis->addAction(tr("&Models…"), this, [this] {
        try {
            ModelsDialog dialog(QString::fromStdString(models_store::modelsFolderFromEnvironment()),
                QString::fromStdString(models_store::mirrorFromEnvironment()), networkLoader_,
                this);
            dialog.exec();
        } catch (const std::exception& error) {
            status_->say(tr("No models folder: %1").arg(QString::fromLocal8Bit(error.what())));
        }
    });
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    videoActions_ << view->addAction(tr("&Fit timeline"), QKeySequence(Qt::Key_F),
        timelinePanel_->viewport(), &TimelineViewport::fit);
    QAction* fitScores = view->addAction(tr("Zoom score axis to the &scores"));
    fitScores->setCheckable(true);
    fitScores->setShortcut(QKeySequence(Qt::Key_Y));
    fitScores->setObjectName(QStringLiteral("fitScoreAxisAction"));
    videoActions_ << fitScores;
    connect(fitScores, &QAction::toggled, timelinePanel_->timeline(), &TimelineView::fitScoreAxis);
    view->addAction(
        makeAttentionScaleAction(timelinePanel_->heatmap(), windowDetail_, thumbnails_, this));
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("explainDock"))) {
        QAction* toggle = dock->toggleViewAction();
        toggle->setText(tr("&Explain panel"));
        toggle->setShortcut(QKeySequence(Qt::Key_E));
        view->addAction(toggle);
    }
}

// J, K and L as in video editors and mpv: slower, pause, faster (0.25x to 16x).
void MainWindow::createSpeedActions(QMenu* play)
{
    play->addSeparator();
    videoActions_ << play->addAction(
        tr("Slower"), QKeySequence(Qt::Key_J), videoPanel_, &VideoPanel::playSlower);
    videoActions_ << play->addAction(
        tr("Pause"), QKeySequence(Qt::Key_K), videoPanel_, &VideoPanel::pause);
    videoActions_ << play->addAction(
        tr("Faster"), QKeySequence(Qt::Key_L), videoPanel_, &VideoPanel::playFaster);
    QAction* reviewed = play->addAction(tr("Mark the current event reviewed"),
        QKeySequence(Qt::Key_R), this, &MainWindow::toggleCurrentEventReviewed);
    reviewed->setObjectName(QStringLiteral("markReviewedAction"));
    videoActions_ << reviewed;
    QAction* loop = play->addAction(tr("Loop current event"));
    videoActions_ << loop;
    loop->setObjectName(QStringLiteral("loopEventAction"));
    loop->setCheckable(true);
    loop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_L));
    connect(loop, &QAction::toggled, this, &MainWindow::loopCurrentEvent);
    connect(videoPanel_, &VideoPanel::loopChanged, loop, [loop](bool isLooping) {
        const QSignalBlocker blocker(loop);
        loop->setChecked(isLooping);
    });
}

// The event under the playhead, else the next one, else the one before: the one a reviewer
// is looking at.
void MainWindow::loopCurrentEvent(bool isOn)
{
    if (!isOn) {
        videoPanel_->clearLoop();
        return;
    }
    const auto& events = eventsTable()->events();
    const int64_t frame = videoPanel_->currentFrame();
    const int index = currentEventIndex();
    if (index < 0) {
        videoPanel_->clearLoop();
        if (auto* loop = findChild<QAction*>(QStringLiteral("loopEventAction"))) {
            const QSignalBlocker blocker(loop);
            loop->setChecked(false);
        }
        status_->say(tr("No event to loop at this threshold"), 5000);
        return;
    }
    const analysis::ScoreEvent& event = events[static_cast<size_t>(index)];
    videoPanel_->setLoop(event.firstFrame, event.lastFrame);
    if (frame < event.firstFrame || frame > event.lastFrame)
        videoPanel_->seek(event.firstFrame);
    if (!videoPanel_->isPlaying())
        videoPanel_->togglePlayback();
}

int MainWindow::currentEventIndex() const
{
    const auto& events = eventsTable()->events();
    const int64_t frame = videoPanel_->currentFrame();
    const auto under = std::find_if(events.begin(), events.end(), [frame](const auto& event) {
        return event.firstFrame <= frame && frame <= event.lastFrame;
    });
    if (under != events.end())
        return static_cast<int>(under - events.begin());
    const int after = analysis::eventIndexAfter(events, frame);
    return after >= 0 ? after : analysis::eventIndexBefore(events, frame);
}

// R: the event a reviewer is looking at (as Shift+L loops it) is ticked, or unticked when it
// was; the mark is saved beside the result as a click on its box saves it.
void MainWindow::toggleCurrentEventReviewed()
{
    const int index = currentEventIndex();
    if (index < 0) {
        status_->say(tr("No event to mark at this threshold"), 5000);
        return;
    }
    const bool isReviewed = !eventsTable()->isReviewed(index);
    eventsTable()->setRowReviewed(index, isReviewed);
    eventsTable()->selectRow(index);
    status_->say(isReviewed ? tr("Event %1 marked reviewed").arg(index + 1)
                            : tr("Event %1 no longer marked reviewed").arg(index + 1),
        5000);
}

void MainWindow::showSettings()
{
    QSettings store;
    SettingsDialog dialog(AppSettings::load(store), installedClassifiers(), cudaUnavailableReason_,
        bf16UnavailableReason_, this);
    dialog.setClassifierFileCheck(classifierCheck_);
    if (dialog.exec() == QDialog::Accepted)
        applySettings(dialog.settings());
}

BatchDialog* MainWindow::batchDialog()
{
    if (batchDialog_)
        return batchDialog_;
    // The batch shares the main window's networks, as the live window does: one copy of the
    // weights in memory, chosen (or asked for) once.
    batchDialog_ = new BatchDialog(
        [this](QWidget*) -> std::optional<AnalysisEngine> {
            if (!ensureEngine(tr("No networks are loaded, so the batch did not start. Start it "
                                 "again to choose weights (download, import a file, or demo "
                                 "weights).")))
                return std::nullopt;
            return runner_->engine();
        },
        this);
    batchDialog_->shareThreshold(threshold_); // its summary counts the events the list shows
    connect(batchDialog_, &BatchDialog::openResultRequested, this,
        [this](const BatchFileResult& result) {
            openSavedResult(QString::fromStdString(result.input.path),
                QString::fromStdString(result.input.jsonPath()),
                QString::fromStdString(result.input.csvPath()));
            raise();
            activateWindow();
        });
    return batchDialog_;
}

void MainWindow::chooseAndOpen()
{
    if (const QString path = chooseVideoFile(this); !path.isEmpty())
        openVideo(path);
}

void MainWindow::exportResultFiles()
{
    runResultExport(this, result(), videoPath());
}

void MainWindow::exportTimelinePng()
{
    runImagePngExport(this, timelinePanel_->plotsImage(), videoPath(), QStringLiteral("timeline"),
        result(), tr("%1 \u00b7 scores over time").arg(QFileInfo(videoPath()).fileName()));
}

void MainWindow::exportFramePng()
{
    const int64_t frame = videoPanel_->currentFrame();
    runImagePngExport(this, videoPanel_->currentImage(), videoPath(), framePngSuffix(frame),
        result(), frameCaption(videoPath(), frame, result().get()));
}

} // namespace vigil::ui
