#pragma once
// MainWindow: composes the panels (video, timeline with heatmaps, window detail, events) and
// wires them to one AnalysisRunner; owns the menus, shortcuts, recent files and exports. Opening
// a video starts its analysis at once in the background. GUI thread only; nothing throws out.

#include "core/analysis/score_events.h"
#include "ui/analysis_engine.h"
#include "ui/analysis_worker.h"
#include "ui/app_settings.h"

#include <QMainWindow>

#include <functional>
#include <optional>

class QLabel;

namespace vigil::ui {

class AnalysisRunner;
class AnalysisStatusWidget;
class AttentionThumbnails;
class BatchDialog;
class EventsTable;
class ExplainPanel;
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

    // The finished analysis of the open video; nullptr while it runs.
    const ResultPointer& result() const { return result_; }
    // What the views show: the finished result, or the windows scored so far.
    const ResultPointer& shownResult() const { return shown_; }
    QString videoPath() const { return videoPath_; }
    QString errorText() const;
    AnalysisRunner* runner() const { return runner_; }
    VideoPanel* videoPanel() const { return videoPanel_; }
    TimelinePanel* timelinePanel() const { return timelinePanel_; }
    WindowDetailView* windowDetail() const { return windowDetail_; }
    AttentionThumbnails* thumbnails() const { return thumbnails_; }
    EventsTable* eventsTable() const { return eventsTable_; }
    ModelStatusWidget* modelStatus() const { return modelStatus_; }
    AnalysisStatusWidget* analysisStatus() const { return analysisStatus_; }
    ExplainPanel* explainPanel() const { return explainPanel_; }
    // Created at its first use (File > Batch Process Folder…).
    BatchDialog* batchDialog();

public slots:
    void openVideo(const QString& path);
    // Shows a video with results an earlier run saved (a batch's), without analysing it, at its
    // highest score. False (and the reason shown) when the files cannot be read.
    bool openSavedResult(const QString& videoPath, const QString& jsonPath, const QString& csvPath);
    void seek(int64_t frame);
    void cancelAnalysis();
    // Saves the settings and uses them: the threshold now, the networks and windows from the
    // next analysis on (the engine is loaded again through the engine source).
    void applySettings(const vigil::ui::AppSettings& settings);

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
    void createExplainDock();
    void connectRunner();
    bool showVideo(const QString& path);
    bool ensureEngine();
    void showResult(const ResultPointer& result);
    void showPartialResult(const ResultPointer& partial);
    void showInViews(const ResultPointer& result);
    void showError(const QString& message);
    void updateEvents();
    void jumpToEvent(int direction);
    void chooseAndOpen();
    void showSettings();
    void exportResultFiles();
    void exportTimelinePng();
    void exportFramePng();

    AnalysisRunner* runner_;
    VideoPanel* videoPanel_ = nullptr;
    TimelinePanel* timelinePanel_ = nullptr;
    WindowDetailView* windowDetail_ = nullptr;
    AttentionThumbnails* thumbnails_ = nullptr;
    EventsTable* eventsTable_ = nullptr;
    ModelStatusWidget* modelStatus_ = nullptr;
    AnalysisStatusWidget* analysisStatus_ = nullptr;
    ExplainPanel* explainPanel_ = nullptr;
    QLabel* errorBanner_ = nullptr;
    RecentFilesMenu* recentMenu_ = nullptr;
    QString videoPath_;
    ResultPointer result_;
    ResultPointer shown_;
    FeaturesPointer features_; // of result_, for the explain panel
    EngineSource engineSource_;
    BatchDialog* batchDialog_ = nullptr;
    QString cudaUnavailableReason_;
};

} // namespace vigil::ui
