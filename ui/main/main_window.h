#pragma once
// MainWindow: composes the panels (video, timeline with heatmaps, window detail, events) and
// wires them to one AnalysisRunner and one CurrentAnalysis, which the panels observe; owns the
// menus, shortcuts, recent files and exports. Opening a video starts its analysis at once in the
// background. GUI thread only; nothing throws out.

#include "ui/main/app_settings.h"
#include "ui/main/current_analysis.h"
#include "ui/main/settings_dialog.h"
#include "ui/tasks/analysis_engine.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/tasks/demo_job.h"

#include <QList>
#include <QMainWindow>

#include <functional>
#include <optional>

class QLabel;

namespace vigil::live {
struct CamerasPlan;
}

namespace vigil::ui {

class AnalysisRunner;
class AnalysisStatusWidget;
class AttentionThumbnails;
class BatchDialog;
class EventThreshold;
class FittedStatusBar;
class EventsPanel;
class EventsTable;
class ExplainPanel;
class ManualDialog;
class ModelStatusWidget;
class RecentFilesMenu;
class TimelinePanel;
class VideoPanel;
class WindowDetailView;

// Asked for the networks when a video is opened and none are loaded (the first analysis): may
// show dialogs (download, import, demo weights); nullopt when the user gave up or it failed.
using EngineSource = std::function<std::optional<AnalysisEngine>(QWidget* parent)>;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(AnalysisEngine engine, QWidget* parent = nullptr);
    ~MainWindow() override;

    void setEngineSource(EngineSource source) { engineSource_ = std::move(source); }
    // Why the settings cannot offer CUDA; empty when they can (app/ knows the networks).
    void setCudaUnavailableReason(const QString& reason) { cudaUnavailableReason_ = reason; }
    // Why the settings cannot offer bfloat16 on this CPU; empty when they can (app/ reads it).
    void setBf16UnavailableReason(const QString& reason) { bf16UnavailableReason_ = reason; }
    // Checks a classifier file chosen in Settings (app/ loads it as core/engine would).
    void setClassifierFileCheck(ClassifierFileCheck check) { classifierCheck_ = std::move(check); }
    // What the Models dialog reads imported files with (app/ gives LibTorch's networks).
    void setNetworkLoader(std::shared_ptr<const engine::NetworkLoader> loader)
    {
        networkLoader_ = std::move(loader);
    }
    // What "Try the demo" runs (app/ makes the demo with core/demo); without one the button and
    // menu item are disabled.
    void setDemoMaker(DemoMaker maker);
    QAction* tryDemoAction() const { return tryDemoAction_; }
    // True while the open video is analysed with the demo's networks.
    bool isShowingDemo() const { return isDemoEngine_; }

    // The open video and its results, which every panel shows.
    CurrentAnalysis* currentAnalysis() const { return current_; }
    // The finished analysis of the open video; nullptr while it runs.
    const ResultPointer& result() const { return current_->result(); }
    // What the views show: the finished result, or the windows scored so far.
    const ResultPointer& shownResult() const { return current_->shownResult(); }
    QString videoPath() const { return current_->videoPath(); }
    EventThreshold* eventThreshold() const { return threshold_; }
    QString errorText() const;
    AnalysisRunner* runner() const { return runner_; }
    VideoPanel* videoPanel() const { return videoPanel_; }
    TimelinePanel* timelinePanel() const { return timelinePanel_; }
    WindowDetailView* windowDetail() const { return windowDetail_; }
    AttentionThumbnails* thumbnails() const { return thumbnails_; }
    EventsPanel* eventsPanel() const { return eventsPanel_; }
    EventsTable* eventsTable() const;
    ModelStatusWidget* modelStatus() const { return modelStatus_; }
    AnalysisStatusWidget* analysisStatus() const { return analysisStatus_; }
    ExplainPanel* explainPanel() const { return explainPanel_; }
    // Created at its first use (File > Batch Process Folder…).
    BatchDialog* batchDialog();

public slots:
    void openVideo(const QString& path);
    // File > Open Stream…: a live source in a LiveWindow, on the engine of `vigil watch`.
    void openStream();
    // File > Open Cameras…: the cameras of a cameras file on a CameraWall, one MultiWatch
    // with this window's engine (`vigil watch --cameras`).
    void openCameras();
    // The camera wall of `file` writing under outputDir (empty: the default), as `vigil gui
    // --cameras FILE -o DIR`; cameras that cannot start open Open Cameras… with the file and why.
    void openCamerasFile(const QString& file, const QString& outputDir);
    // Analysis > Analyse again (F5): the results shown stay until the networks are loaded, and
    // stay (with a message) when they cannot be.
    void analyseAgain();
    // Shows a video with results an earlier run saved (a batch's), without analysing it, at its
    // highest score. False (and the reason shown) when the files cannot be read. A result file
    // given to openVideo (File > Open, the command line, Open Recent, a drop) is shown so too.
    bool openSavedResult(const QString& videoPath, const QString& jsonPath, const QString& csvPath);
    void seek(int64_t frame);
    void cancelAnalysis();
    // Try the demo: makes (or finds) the demo on a worker thread, with progress and Cancel, then
    // opens its video and analyses it with the demo's networks. Ignored while one is made.
    void startDemo();
    // Saves the settings and uses them: the threshold now, the networks and windows from the
    // next analysis on (the engine is loaded again through the engine source).
    void applySettings(const vigil::ui::AppSettings& settings);
    // Help > Manual at guide `file` (docs/<file>), at the heading that starts with headingStart.
    void showManual(const QString& file, const QString& headingStart = {});

signals:
    // After the panels have been filled (succeeded) or the failure shown.
    void analysisSucceeded();
    void analysisFailed(const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createLayout();
    void createActions();
    void createFileMenu();
    void createPlaybackMenu();
    void createAnalysisMenu();
    void createViewMenu();
    void createHelpMenu();
    void createWindowMenu(); // main_window_live.cpp
    void fillWindowMenu(QMenu* menu);
    bool ensureLiveEngine(const QString& whyNeeded);
    void keepWindowMenuCurrent(QWidget* window);
    void showCameraWall(const live::CamerasPlan& plan);
    void createExplainDock();
    void connectRunner();
    void observeAnalysis();
    void showVideoChange(const QString& path, double framesPerSecond);
    void showInViews(const ResultPointer& shown, const FeaturesPointer& features);
    // The timeline's note on the frames not scored: yet (a run going on), or ever (cancelled).
    void showScoringState();
    bool showVideo(const QString& path);
    // A result file: read, its video found (asked for when it moved), shown without a network.
    void openResultFile(const QString& jsonPath);
    // Where the user says a result's moved video is; empty when they gave up.
    QString locateVideo(
        const QString& jsonPath, const QString& storedPath, const analysis::AnalysisResult& result);
    // reviewedBeside: the result file whose reviewed marks the events show (empty: the video's).
    bool showSavedResult(const QString& videoPath,
        const std::shared_ptr<analysis::AnalysisResult>& result, const QString& reviewedBeside,
        const QString& note);
    // Shows a kept or exported result of this very file made with the loaded networks and
    // settings; false when there is none.
    bool showKeptResult(const QString& videoPath);
    void keepFinishedResult(const ResultPointer& result);
    // failure: the message shown when no networks can be had.
    bool ensureEngine(const QString& failure);
    void showResult(const ResultPointer& result);
    void showError(const QString& message);
    void jumpToEvent(int direction);
    // File > Export's event items: the event under the playhead, else the nearest one.
    void exportCurrentEvent(bool isClip);
    void loopCurrentEvent(bool isOn);
    // The event under the playhead, else the next one, else the one before; -1 when none.
    int currentEventIndex() const;
    void toggleCurrentEventReviewed();
    void createSpeedActions(QMenu* play);
    void chooseAndOpen();
    void showSettings();
    void exportResultFiles();
    void exportTimelinePng();
    void exportFramePng();
    void createDemoAction();
    void showDemo(const DemoLaunch& launch);
    // Back to the networks of the settings once a video other than the demo's is opened.
    void leaveDemo();

    AnalysisRunner* runner_;
    VideoPanel* videoPanel_ = nullptr;
    TimelinePanel* timelinePanel_ = nullptr;
    WindowDetailView* windowDetail_ = nullptr;
    AttentionThumbnails* thumbnails_ = nullptr;
    EventsPanel* eventsPanel_ = nullptr;
    FittedStatusBar* status_ = nullptr;
    ModelStatusWidget* modelStatus_ = nullptr;
    AnalysisStatusWidget* analysisStatus_ = nullptr;
    ExplainPanel* explainPanel_ = nullptr;
    QLabel* errorBanner_ = nullptr;
    RecentFilesMenu* recentMenu_ = nullptr;
    CurrentAnalysis* current_;
    EventThreshold* threshold_;
    EngineSource engineSource_;
    ClassifierFileCheck classifierCheck_;
    std::shared_ptr<const engine::NetworkLoader> networkLoader_;
    BatchDialog* batchDialog_ = nullptr;
    ManualDialog* manual_ = nullptr;
    QString cudaUnavailableReason_;
    QString bf16UnavailableReason_;
    QList<QAction*> videoActions_; // enabled only while a video is open
    DemoMaker demoMaker_;
    DemoJob* demoJob_ = nullptr;
    QAction* tryDemoAction_ = nullptr;
    bool isDemoEngine_ = false;
};

} // namespace vigil::ui
