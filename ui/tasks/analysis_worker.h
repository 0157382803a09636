#pragma once
// AnalysisWorker: the job of one analysis of one video, run on a BackgroundTask's thread by
// AnalysisRunner, calling the engine synchronously. Cancellation is by the task's token, set
// directly from the GUI thread; the task turns what run() returns or throws into its signals.
// Progress (TaskProgress whose detail is an AnalysisProgress) goes through the stages in order
// and reports Stage::Done (100 %) just before the result, never earlier.
// While the video is decoded, each window is scored as soon as its snippets are extracted and
// the windows so far arrive as windowsScored, so the GUI can draw them before the run ends.

#include "core/analysis/analysis_result.h"
#include "core/analysis/window_stream.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "ui/tasks/analysis_engine.h"
#include "ui/tasks/analysis_progress.h"
#include "ui/tasks/background_task.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <memory>

namespace vigil::ui {

using ResultPointer = std::shared_ptr<const analysis::AnalysisResult>;
// The run's extracted features [steps, crops, F], kept for the explain panel.
using FeaturesPointer = std::shared_ptr<const FloatArray>;

class AnalysisWorker : public QObject {
    Q_OBJECT
public:
    AnalysisWorker(QString videoPath, AnalysisEngine engine, QObject* parent = nullptr);

    // Partial results are copies of everything so far: sent at most this often.
    static constexpr std::chrono::milliseconds kPartialResultInterval { 250 };

    // On the task's thread. Returns the whole result (a ResultPointer); throws Cancelled,
    // ModelError without networks, MediaError naming the video.
    QVariant run(TaskContext& context);

signals:
    // Emitted on the task's thread, so queued to the GUI. The whole windows scored so far (a
    // partial result: frameScores ends with them).
    void windowsScored(const vigil::ui::ResultPointer& partial);
    // Just before the result: the features it was scored from.
    void featuresExtracted(const QString& videoPath, const vigil::ui::FeaturesPointer& features);

private:
    void reportExtraction(TaskContext& context, const analysis::ExtractionProgress& progress);
    void reportWindows(const analysis::WindowStream& stream, bool isForced);

    QString videoPath_;
    AnalysisEngine engine_;
    ProgressThrottle partialThrottle_ { kPartialResultInterval };
    int64_t windowsReported_ = 0;
    int64_t windowsScored_ = 0;
    int64_t framesPerStep_ = defaults::kSnippetFrames;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::ResultPointer)
Q_DECLARE_METATYPE(vigil::ui::FeaturesPointer)
