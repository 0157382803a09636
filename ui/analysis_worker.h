#pragma once
// AnalysisWorker: runs one analysis of one video on the thread it was moved to, by calling the
// engine synchronously. Created and owned by AnalysisRunner, which moves it to a fresh QThread.
// Cancellation is by the shared CancellationToken, set directly from the GUI thread; every
// outcome becomes a signal (succeeded, failed or cancelled), then finished. Nothing throws out.
// Progress goes through the stages in order and reports Stage::Done (100 %) just before
// succeeded, never earlier.
// While the video is decoded, each window is scored as soon as its snippets are extracted and
// the windows so far arrive as windowsScored, so the GUI can draw them before the run ends.

#include "core/analysis/analysis_result.h"
#include "core/analysis/window_stream.h"
#include "core/common/cancellation.h"
#include "ui/analysis_engine.h"
#include "ui/analysis_progress.h"

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
    AnalysisWorker(QString videoPath, AnalysisEngine engine,
        std::shared_ptr<const CancellationToken> cancel, QObject* parent = nullptr);

    // Progress signals are at most this often; the engine reports every feature step.
    static constexpr std::chrono::milliseconds kProgressInterval { 100 };
    // Partial results are copies of everything so far: sent at most this often.
    static constexpr std::chrono::milliseconds kPartialResultInterval { 250 };

public slots:
    void run();

signals:
    void progressChanged(const vigil::ui::AnalysisProgress& progress);
    // The whole windows scored so far (a partial result: frameScores ends with them).
    void windowsScored(const vigil::ui::ResultPointer& partial);
    // Just before succeeded: the features the result was scored from.
    void featuresExtracted(const QString& videoPath, const vigil::ui::FeaturesPointer& features);
    void succeeded(const vigil::ui::ResultPointer& result);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    void reportExtraction(const analysis::ExtractionProgress& progress);
    void reportWindows(const analysis::WindowStream& stream, bool isForced);

    QString videoPath_;
    AnalysisEngine engine_;
    std::shared_ptr<const CancellationToken> cancel_;
    std::chrono::steady_clock::time_point startedAt_;
    std::chrono::steady_clock::time_point lastReportAt_;
    std::chrono::steady_clock::time_point lastPartialAt_;
    int64_t windowsReported_ = 0;
    int64_t windowsScored_ = 0;
    int64_t framesPerStep_ = 16;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::ResultPointer)
Q_DECLARE_METATYPE(vigil::ui::FeaturesPointer)
