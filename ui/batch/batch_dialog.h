#pragma once
// BatchDialog: File > Batch Process Folder… Picks a folder (recursive or not), an output folder
// and options, runs the batch in the background (BatchJob) with overall and per-file progress
// and Cancel, and fills a sortable results table as files finish. Double-clicking a row with
// results asks the main window to open that video with its saved results. Closing while a batch
// runs asks first, then cancels and waits. GUI thread only; nothing throws out.

#include "ui/batch/batch_worker.h"
#include "ui/tasks/analysis_engine.h"

#include <QDialog>

#include <array>
#include <functional>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace vigil::ui {

class BatchJob;
class EventThreshold;
class BatchTableModel;

class BatchDialog : public QDialog {
    Q_OBJECT
public:
    // Networks for a batch, asked for at each start (a copy of its own: the batch runs beside
    // the main window's analyses). nullopt when none can be had; the provider says why.
    using EngineProvider = std::function<std::optional<AnalysisEngine>(QWidget* parent)>;
    // Whether to stop a running batch (the user's answer); the default asks in a message box.
    using StopConfirmation = std::function<bool(QWidget* parent)>;

    BatchDialog(EngineProvider engines, QWidget* parent = nullptr);
    ~BatchDialog() override;

    void setSettings(const BatchJobSettings& settings);
    BatchJobSettings settings() const;
    // Binds the threshold box to the main window's one event threshold, both ways.
    void shareThreshold(EventThreshold* threshold);
    void setStopConfirmation(StopConfirmation confirm) { confirmStop_ = std::move(confirm); }

    bool isRunning() const;
    BatchTableModel* tableModel() const { return model_; }
    QTableView* table() const { return table_; }
    QSortFilterProxyModel* sortedModel() const { return sorted_; }
    QString statusText() const;
    QString summaryPath() const { return summaryPath_; }
    // Writes the table as summary CSV (the CLI's summary.csv format); an error message or empty.
    QString writeSummaryCsv(const QString& path) const;
    // Asks (when a batch runs) and stops it; false when the user wants it to go on.
    bool stopForClosing();

public slots:
    void start();
    void cancel();
    void openRow(const QModelIndex& sortedIndex);

signals:
    void openResultRequested(const vigil::ui::BatchFileResult& result);
    void batchFinished();

protected:
    void closeEvent(QCloseEvent* event) override;
    void reject() override;

private:
    QFormLayout* createForm();
    void createTable();
    void createLayout();
    void connectJob();
    void showProgress(const BatchJobProgress& progress);
    void showFinished(const QString& text);
    void setRunning(bool isRunning);
    void exportSummary();

    EngineProvider engines_;
    StopConfirmation confirmStop_;
    BatchJob* job_;
    BatchTableModel* model_;
    QSortFilterProxyModel* sorted_;
    QLineEdit* inputEdit_;
    QLineEdit* outputEdit_;
    QCheckBox* recursiveBox_;
    QCheckBox* resumeBox_;
    QDoubleSpinBox* thresholdBox_;
    QPushButton* startButton_;
    QPushButton* cancelButton_;
    QPushButton* exportButton_;
    QProgressBar* overallBar_;
    QProgressBar* fileBar_;
    QLabel* fileLabel_;
    QLabel* statusLabel_;
    QTableView* table_;
    QString summaryPath_;
    std::optional<std::array<int, 4>> counts_; // analysed, failed, skipped, not run
    QString jobsText_; // " · 2 at a time, 1 core each" of the batch running or last run
};

} // namespace vigil::ui
