#include "ui/models/models_dialog.h"

#include "core/engine/weights_import.h"

#include "ui/models/model_download_dialog.h"

#include "core/models_store/model_manifest.h"
#include "core/models_store/model_store.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include <exception>
#include <memory>

namespace vigil::ui {
namespace {

using models_store::HashCheck;
using models_store::InstallState;
using models_store::ModelEntry;
using models_store::ModelManifest;
using models_store::ModelStore;

QString stateText(InstallState state)
{
    switch (state) {
    case InstallState::Missing:
        return ModelsDialog::tr("missing");
    case InstallState::Unchecked:
        return ModelsDialog::tr("installed");
    case InstallState::Verified:
        return ModelsDialog::tr("verified");
    case InstallState::Mismatch:
        return ModelsDialog::tr("damaged");
    case InstallState::Unverifiable:
        return ModelsDialog::tr("installed (no checksum to verify)");
    }
    return {};
}

QString sizeText(int64_t bytes)
{
    if (bytes < 0)
        return ModelsDialog::tr("unknown");
    return ModelsDialog::tr("%1 MB").arg(QString::number(static_cast<double>(bytes) / 1e6, 'f', 1));
}

const ModelEntry& entryAt(int row)
{
    return ModelManifest::builtIn().entries().at(static_cast<size_t>(row));
}

} // namespace

ModelsDialog::ModelsDialog(QString modelsFolder, QString mirror,
    std::shared_ptr<const engine::NetworkLoader> loader, QWidget* parent)
    : QDialog(parent)
    , modelsFolder_(std::move(modelsFolder))
    , loader_(std::move(loader))
    , mirror_(std::move(mirror))
    , table_(new QStandardItemModel(0, ColumnCount, this))
    , view_(new QTableView(this))
    , statusLabel_(new QLabel(this))
    , fetchButton_(new QPushButton(tr("&Fetch"), this))
    , importButton_(new QPushButton(tr("&Import a file…"), this))
    , verifyButton_(new QPushButton(tr("&Verify"), this))
    , revealButton_(new QPushButton(tr("&Reveal folder"), this))
    , task_(new BackgroundTask(QStringLiteral("vigil-models"), this))
{
    setWindowTitle(tr("Models"));
    table_->setHorizontalHeaderLabels(
        { tr("Name"), tr("State"), tr("Size"), tr("Description"), tr("From") });
    view_->setModel(table_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setMinimumWidth(760);
    statusLabel_->setWordWrap(true);
    statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* folderLabel
        = new QLabel(tr("Folder: %1").arg(QDir::toNativeSeparators(modelsFolder_)), this);
    folderLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* actions = new QHBoxLayout;
    actions->addWidget(fetchButton_);
    actions->addWidget(importButton_);
    actions->addWidget(verifyButton_);
    actions->addStretch(1);
    actions->addWidget(revealButton_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(folderLabel);
    layout->addWidget(view_, 1);
    layout->addLayout(actions);
    layout->addWidget(statusLabel_);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &ModelsDialog::reject);
    connect(fetchButton_, &QPushButton::clicked, this, &ModelsDialog::fetchSelected);
    connect(importButton_, &QPushButton::clicked, this, &ModelsDialog::importSelected);
    connect(verifyButton_, &QPushButton::clicked, this, [this] { verify(selectedRow()); });
    connect(revealButton_, &QPushButton::clicked, this, &ModelsDialog::revealFolder);
    connect(task_, &BackgroundTask::succeeded, this,
        [this](const QVariant& problem) { outcome_ = problem.toString(); });
    connect(task_, &BackgroundTask::failed, this,
        [this](const QString& message) { outcome_ = message; });
    // On finished, not on the outcome: the dialog is idle again, so its buttons come back.
    connect(task_, &BackgroundTask::finished, this, [this] { finishOperation(outcome_); });
    refresh();
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &ModelsDialog::updateButtons);
    if (table_->rowCount() > 0)
        view_->selectRow(0);
    updateButtons();
}

ModelsDialog::~ModelsDialog()
{
    // Hashing cannot be interrupted; it ends within seconds.
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

int ModelsDialog::rowOf(const QString& entryName) const
{
    const auto& entries = ModelManifest::builtIn().entries();
    for (size_t i = 0; i < entries.size(); ++i)
        if (QString::fromStdString(entries[i].name) == entryName)
            return static_cast<int>(i);
    return -1;
}

void ModelsDialog::refresh()
{
    const auto& entries = ModelManifest::builtIn().entries();
    table_->setRowCount(static_cast<int>(entries.size()));
    try {
        ModelStore store(modelsFolder_.toStdString(), ModelManifest::builtIn());
        for (size_t i = 0; i < entries.size(); ++i) {
            const ModelEntry& entry = entries[i];
            const auto status = store.status(entry, HashCheck::CacheOnly);
            const int row = static_cast<int>(i);
            const int64_t size = status.state != InstallState::Missing
                ? status.sizeBytes
                : entry.checksum.sizeBytes.value_or(-1);
            auto* name = new QStandardItem(QString::fromStdString(entry.name));
            auto* state = new QStandardItem(stateText(status.state));
            state->setData(static_cast<int>(status.state), Qt::UserRole);
            if (status.state == InstallState::Mismatch)
                state->setToolTip(QString::fromStdString(status.problem));
            else
                state->setToolTip(QDir::toNativeSeparators(QString::fromStdString(status.path)));
            auto* description = new QStandardItem(QString::fromStdString(entry.description));
            description->setToolTip(description->text());
            auto* url = new QStandardItem(QString::fromStdString(entry.url));
            url->setToolTip(url->text());
            table_->setItem(row, NameColumn, name);
            table_->setItem(row, StateColumn, state);
            table_->setItem(row, SizeColumn, new QStandardItem(sizeText(size)));
            table_->setItem(row, DescriptionColumn, description);
            table_->setItem(row, UrlColumn, url);
        }
    } catch (const std::exception& error) {
        errorText_ = QString::fromLocal8Bit(error.what());
        statusLabel_->setText(errorText_);
    }
    view_->resizeColumnsToContents();
    updateButtons();
}

void ModelsDialog::selectRow(int row)
{
    if (row >= 0 && row < table_->rowCount())
        view_->selectRow(row);
}

int ModelsDialog::selectedRow() const
{
    const QModelIndexList rows = view_->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void ModelsDialog::updateButtons()
{
    const bool isIdle = !isBusy();
    const bool hasRow = selectedRow() >= 0;
    fetchButton_->setEnabled(isIdle && hasRow);
    importButton_->setEnabled(isIdle && hasRow);
    verifyButton_->setEnabled(isIdle && hasRow
        && table_->item(selectedRow(), StateColumn)->data(Qt::UserRole).toInt()
            != static_cast<int>(InstallState::Missing));
}

void ModelsDialog::fetchSelected()
{
    const int row = selectedRow();
    if (row < 0 || isBusy())
        return;
    ModelDownloadDialog download(
        modelsFolder_, { QString::fromStdString(entryAt(row).name) }, mirror_, this);
    const bool isInstalled = download.exec() == QDialog::Accepted;
    errorText_ = download.errorText();
    statusLabel_->setText(isInstalled
            ? tr("%1 downloaded and verified.").arg(QString::fromStdString(entryAt(row).name))
            : errorText_);
    refresh();
}

void ModelsDialog::importSelected()
{
    const int row = selectedRow();
    if (row < 0 || isBusy())
        return;
    const QString file = QFileDialog::getOpenFileName(this,
        tr("Import %1").arg(QString::fromStdString(entryAt(row).name)), QDir::homePath(),
        tr("Weights (*.pth *.pt *.pkl);;All files (*)"));
    if (!file.isEmpty())
        importFile(row, file);
}

void ModelsDialog::importFile(int row, const QString& file)
{
    if (row < 0 || row >= table_->rowCount() || isBusy())
        return;
    const std::string folder = modelsFolder_.toStdString();
    const std::string path = file.toStdString();
    const std::string name = entryAt(row).name;
    runInBackground(tr("Importing %1…").arg(QDir::toNativeSeparators(file)),
        tr("Could not import: %1"), [folder, path, name, loader = loader_]() -> QString {
            if (!loader)
                return tr("Could not import: no networks to read the file with");
            ModelStore store(folder, ModelManifest::builtIn());
            engine::importWeights(store, path, *store.manifest().find(name), *loader);
            return {};
        });
}

void ModelsDialog::verify(int row)
{
    if (row < 0 || row >= table_->rowCount() || isBusy())
        return;
    const std::string folder = modelsFolder_.toStdString();
    const std::string name = entryAt(row).name;
    runInBackground(tr("Verifying %1…").arg(QString::fromStdString(name)),
        tr("Could not verify: %1"), [folder, name]() -> QString {
            ModelStore store(folder, ModelManifest::builtIn());
            const auto status = store.status(*store.manifest().find(name), HashCheck::File);
            if (status.state == InstallState::Mismatch)
                return tr("%1 is damaged or not the published file: %2")
                    .arg(QString::fromStdString(name), QString::fromStdString(status.problem));
            if (status.state == InstallState::Missing)
                return tr("%1 is not installed.").arg(QString::fromStdString(name));
            return {};
        });
}

void ModelsDialog::revealFolder()
{
    QDir().mkpath(modelsFolder_);
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(modelsFolder_)))
        statusLabel_->setText(tr("Could not open %1").arg(QDir::toNativeSeparators(modelsFolder_)));
}

void ModelsDialog::runInBackground(
    const QString& busyText, const QString& failureText, std::function<QString()> job)
{
    errorText_.clear();
    outcome_.clear();
    statusLabel_->setText(busyText);
    task_->setFailureText([failureText](const QString& what) { return failureText.arg(what); });
    task_->start([job = std::move(job)](TaskContext&) { return QVariant(job()); });
    updateButtons();
}

void ModelsDialog::finishOperation(const QString& error)
{
    errorText_ = error;
    refresh();
    statusLabel_->setText(error.isEmpty() ? tr("Done.") : error);
    emit operationFinished();
}

} // namespace vigil::ui
