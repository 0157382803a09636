#pragma once
// ModelsDialog: the GUI's model manager, the same one as `vigil models`. Lists the weights the
// built-in manifest knows with their state in the models folder (missing, installed, verified,
// damaged), size and provenance, and fetches (ModelDownloadDialog), imports, verifies and reveals
// them. Imports and verifies hash files up to ~100 MB, so each runs as a BackgroundTask that the
// dialog owns and waits for; errors are shown in words. GUI thread only; throws nothing.

#include "core/engine/network_loader.h"
#include "ui/tasks/background_task.h"

#include <QDialog>
#include <QString>

#include <functional>
#include <memory>

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace vigil::ui {

class ModelsDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { NameColumn, StateColumn, SizeColumn, DescriptionColumn, UrlColumn, ColumnCount };

    // Imports read each file as its network through `loader` (engine::importWeights, as `vigil
    // models import` does); without one, importing is refused rather than unchecked.
    ModelsDialog(QString modelsFolder, QString mirror,
        std::shared_ptr<const engine::NetworkLoader> loader, QWidget* parent = nullptr);
    ~ModelsDialog() override;

    const QStandardItemModel* table() const { return table_; }
    int rowOf(const QString& entryName) const; // -1 when the manifest does not know it
    void selectRow(int row); // a row out of range is ignored
    QString errorText() const { return errorText_; } // the last operation's failure; empty if none
    bool isBusy() const { return task_->isRunning(); }

public slots:
    void refresh(); // re-reads the folder; hashes only what the checksum cache already knows
    void fetchSelected();
    void importSelected(); // asks for the file
    void importFile(int row, const QString& file);
    void verify(int row);
    void revealFolder();

signals:
    void operationFinished(); // an import or verify has ended and the table shows its outcome

private:
    // job returns what went wrong in words (empty when nothing did); what it throws is shown
    // as failureText with %1 its message.
    void runInBackground(
        const QString& busyText, const QString& failureText, std::function<QString()> job);
    void finishOperation(const QString& error);
    int selectedRow() const;
    void updateButtons();

    QString modelsFolder_;
    std::shared_ptr<const engine::NetworkLoader> loader_;
    QString mirror_;
    QStandardItemModel* table_;
    QTableView* view_;
    QLabel* statusLabel_;
    QPushButton* fetchButton_;
    QPushButton* importButton_;
    QPushButton* verifyButton_;
    QPushButton* revealButton_;
    BackgroundTask* task_; // imports and verifies, one at a time
    QString errorText_;
    QString outcome_; // of the operation in progress, shown once its task has finished
};

} // namespace vigil::ui
