#pragma once
// AnalysisRunner: starts one AnalysisWorker on its own QThread per run and relays its signals to
// the GUI thread. Lives on the GUI thread; owns the run's thread, worker and cancellation token.
// One run at a time: starting another cancels the current one and starts when it has finished.
// The destructor cancels and waits, so no thread outlives the runner.

#include "ui/analysis_engine.h"
#include "ui/analysis_worker.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <memory>
#include <optional>

namespace vigil::ui {

class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    explicit AnalysisRunner(AnalysisEngine engine, QObject* parent = nullptr);
    ~AnalysisRunner() override;

    bool isRunning() const { return thread_ != nullptr; }
    const AnalysisEngine& engine() const { return engine_; }
    // Networks for the next runs (a run in progress keeps its own copy).
    void setEngine(AnalysisEngine engine) { engine_ = std::move(engine); }

public slots:
    void start(const QString& videoPath);
    // Thread-safe through the token; the run stops at its next unit of work (one snippet).
    void cancel();

signals:
    void started(const QString& videoPath);
    void progressChanged(const vigil::ui::AnalysisProgress& progress);
    void windowsScored(const vigil::ui::ResultPointer& partial);
    void featuresExtracted(const QString& videoPath, const vigil::ui::FeaturesPointer& features);
    void succeeded(const vigil::ui::ResultPointer& result);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    void launch(const QString& videoPath);
    void handleThreadFinished();

    AnalysisEngine engine_;
    QPointer<QThread> thread_;
    std::shared_ptr<CancellationToken> cancel_;
    std::optional<QString> pendingPath_;
};

} // namespace vigil::ui
