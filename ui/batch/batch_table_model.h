#pragma once
// BatchTableModel: the batch dialog's results, one row per finished file (name, status, max
// score, its time, events, duration, seconds taken, the weights that scored it, message). Display
// text is formatted; the SortRole holds the raw value (numbers as numbers), so a
// QSortFilterProxyModel sorts max scores numerically. GUI thread only.

#include "ui/batch/batch_worker.h"

#include <QAbstractTableModel>

#include <vector>

namespace vigil::ui {

class BatchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The message beside the status, where it is seen: at the far right it was off-screen.
    enum Column {
        Name,
        Status,
        Message,
        MaxScore,
        MaxScoreTime,
        Events,
        Duration,
        Seconds,
        Weights,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit BatchTableModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void clear();
    // Adds the file's row, or replaces the row of the same file.
    void addResult(const BatchFileResult& result);
    const BatchFileResult& resultAt(int row) const { return results_.at(static_cast<size_t>(row)); }
    std::vector<batch::BatchRow> rows() const;

private:
    std::vector<BatchFileResult> results_;
};

} // namespace vigil::ui
