#pragma once
// CurrentAnalysis: the one answer to "which video is open and which results are its": the
// video's path and frame rate, the finished result, the windows scored so far, and the features
// the result was scored from. Results of any other video (a run cancelled by a newer open) are
// refused here, so the panels that observe it never check by hand which video is current.
// Owned by MainWindow; GUI thread only.

#include "core/common/defaults.h"
#include "ui/tasks/analysis_worker.h"

#include <QObject>
#include <QString>

namespace vigil::ui {

class CurrentAnalysis : public QObject {
    Q_OBJECT
public:
    explicit CurrentAnalysis(QObject* parent = nullptr);

    // Empty when no video is open (none yet, or the last open failed).
    QString videoPath() const { return videoPath_; }
    bool hasVideo() const { return !videoPath_.isEmpty(); }
    double framesPerSecond() const { return framesPerSecond_; }
    // The finished analysis of the video; nullptr while it runs.
    const ResultPointer& result() const { return result_; }
    // What the views show: the finished result, or the windows scored so far.
    const ResultPointer& shownResult() const { return shown_; }
    // The features of result(); nullptr when not in memory (saved results, a run going on).
    const FeaturesPointer& shownFeatures() const { return shownFeatures_; }
    // The video's analysis was cancelled: what is shown (if anything) is all it scored.
    bool isCancelled() const { return isCancelled_; }

public slots:
    // A newly opened video, without results yet.
    void setVideo(const QString& path, double framesPerSecond);
    // No video: a failed open leaves nothing of the previous one on screen.
    void clear();
    // The same video about to be analysed again: its old results go.
    void clearResult();
    // Windows scored so far; ignored when they are another video's or the result is finished.
    void showPartialResult(const vigil::ui::ResultPointer& partial);
    // Kept for the result of the same video that follows.
    void setFeatures(const QString& videoPath, const vigil::ui::FeaturesPointer& features);
    // False (and nothing changes) when the result is of another video.
    bool setResult(const vigil::ui::ResultPointer& result);
    // The run of this video stopped before its result (Esc); ignored once the result is in.
    void markCancelled();

signals:
    // The path is empty when no video is open; the shown result was cleared just before.
    void videoChanged(const QString& path, double framesPerSecond);
    // What the views show changed: a result, partial windows, or nothing (nullptr).
    void shownResultChanged(
        const vigil::ui::ResultPointer& shown, const vigil::ui::FeaturesPointer& features);
    void cancelledChanged(bool isCancelled);

private:
    bool isOfThisVideo(const ResultPointer& result) const;
    void show(const ResultPointer& shown, const FeaturesPointer& features);
    void setCancelled(bool isCancelled);

    QString videoPath_;
    double framesPerSecond_ = defaults::kFallbackFps;
    ResultPointer result_;
    ResultPointer shown_;
    FeaturesPointer shownFeatures_;
    QString featuresPath_;
    FeaturesPointer pendingFeatures_; // of featuresPath_, until its result arrives
    bool isCancelled_ = false;
};

} // namespace vigil::ui
