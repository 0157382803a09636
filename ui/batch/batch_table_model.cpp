#include "ui/batch/batch_table_model.h"

#include "ui/common/time_format.h"

#include <QBrush>
#include <QColor>

namespace vigil::ui {
namespace {

// What the column sorts by: numbers as numbers, and rows without figures below every score.
QVariant sortValue(const batch::BatchRow& row, int column)
{
    const auto& figures = row.figures;
    switch (column) {
    case BatchTableModel::Name:
        return QString::fromStdString(row.relativePath).toLower();
    case BatchTableModel::Status:
        return QString::fromStdString(batch::statusName(row.status));
    case BatchTableModel::MaxScore:
        return figures ? QVariant(static_cast<double>(figures->maxScore)) : QVariant(-1.0);
    case BatchTableModel::MaxScoreTime:
        return figures ? QVariant(figures->maxScoreTimeS) : QVariant(-1.0);
    case BatchTableModel::Events:
        return figures ? QVariant(static_cast<qlonglong>(figures->events)) : QVariant(-1);
    case BatchTableModel::Duration:
        return figures ? QVariant(figures->durationS) : QVariant(-1.0);
    case BatchTableModel::Seconds:
        return row.secondsTaken;
    case BatchTableModel::Weights:
        return QString::fromStdString(row.weights);
    case BatchTableModel::Message:
        return QString::fromStdString(row.message);
    default:
        return {};
    }
}

QVariant displayText(const batch::BatchRow& row, int column)
{
    const auto& figures = row.figures;
    switch (column) {
    case BatchTableModel::Name:
        return QString::fromStdString(row.relativePath);
    case BatchTableModel::Status:
        return QString::fromStdString(batch::statusName(row.status)).replace(u'_', u' ');
    case BatchTableModel::MaxScore:
        return figures ? QString::number(figures->maxScore, 'f', 3) : QString();
    case BatchTableModel::MaxScoreTime:
        return figures ? formatTime(figures->maxScoreTimeS, true) : QString();
    case BatchTableModel::Events:
        return figures ? QString::number(figures->events) : QString();
    case BatchTableModel::Duration:
        return figures ? formatTime(figures->durationS) : QString();
    case BatchTableModel::Seconds:
        return row.status == batch::FileStatus::Ok
            ? QStringLiteral("%1 s").arg(row.secondsTaken, 0, 'f', 1)
            : QString();
    // analysis::weightsSummary, filled by the batch for rows with figures: which weights
    // produced the scores beside it (DEMO weights give meaningless scores).
    case BatchTableModel::Weights:
        return QString::fromStdString(row.weights);
    case BatchTableModel::Message:
        return QString::fromStdString(row.message);
    default:
        return {};
    }
}

QVariant statusBrush(batch::FileStatus status)
{
    // Mid-tone colours read on light and dark palettes alike.
    switch (status) {
    case batch::FileStatus::Ok:
        return QBrush(QColor(0x2e, 0x9d, 0x4d));
    case batch::FileStatus::Failed:
        return QBrush(QColor(0xd9, 0x4a, 0x3d));
    case batch::FileStatus::Skipped:
    case batch::FileStatus::NotRun:
        return QBrush(QColor(0x8a, 0x8a, 0x8a));
    }
    return {};
}

// Each row says what can be done with it: a result opens on a double click, a failed or skipped
// file says why (the table's one tooltip promised every row a result).
QString toolTip(const BatchFileResult& result, int column)
{
    const batch::BatchRow& row = result.row;
    if (column == BatchTableModel::Weights)
        return QString::fromStdString(row.weights);
    QString text
        = column == BatchTableModel::Name ? QString::fromStdString(result.input.path) : QString();
    const QString message = QString::fromStdString(row.message);
    const QString what = row.figures
        ? QObject::tr("Double-click to open it with its results at its highest score")
        : row.status == batch::FileStatus::Failed ? QObject::tr("Failed: %1").arg(message)
        : row.status == batch::FileStatus::NotRun ? QObject::tr("Not run: %1").arg(message)
                                                  : QObject::tr("Skipped: %1").arg(message);
    if (row.figures && !message.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + message;
    return text + (text.isEmpty() ? QString() : QStringLiteral("\n")) + what;
}

} // namespace

BatchTableModel::BatchTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

int BatchTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(results_.size());
}

int BatchTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BatchTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name:
        return tr("File");
    case Status:
        return tr("Status");
    case MaxScore:
        return tr("Max score");
    case MaxScoreTime:
        return tr("At");
    case Events:
        return tr("Events");
    case Duration:
        return tr("Length");
    case Seconds:
        return tr("Took");
    case Weights:
        return tr("Weights");
    case Message:
        return tr("Message");
    default:
        return {};
    }
}

QVariant BatchTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const batch::BatchRow& row = results_[static_cast<size_t>(index.row())].row;
    if (role == SortRole)
        return sortValue(row, index.column());
    if (role == Qt::DisplayRole)
        return displayText(row, index.column());
    if (role == Qt::ToolTipRole)
        return toolTip(results_[static_cast<size_t>(index.row())], index.column());
    if (role == Qt::TextAlignmentRole && index.column() >= MaxScore && index.column() <= Seconds)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Status)
        return statusBrush(row.status);
    return {};
}

void BatchTableModel::clear()
{
    beginResetModel();
    results_.clear();
    endResetModel();
}

void BatchTableModel::addResult(const BatchFileResult& result)
{
    for (size_t i = 0; i < results_.size(); ++i)
        if (results_[i].row.relativePath == result.row.relativePath) {
            results_[i] = result;
            emit dataChanged(
                index(static_cast<int>(i), 0), index(static_cast<int>(i), ColumnCount - 1));
            return;
        }
    const int row = rowCount();
    beginInsertRows({}, row, row);
    results_.push_back(result);
    endInsertRows();
}

std::vector<batch::BatchRow> BatchTableModel::rows() const
{
    std::vector<batch::BatchRow> rows;
    for (const BatchFileResult& result : results_)
        rows.push_back(result.row);
    return rows;
}

} // namespace vigil::ui
