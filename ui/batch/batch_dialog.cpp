#include "ui/batch/batch_dialog.h"
#include "ui/common/threshold_text.h"

#include "core/common/count_limits.h"
#include "core/common/defaults.h"
#include "core/files/atomic_file.h"
#include "ui/batch/batch_job.h"
#include "ui/batch/batch_table_model.h"
#include "ui/common/time_format.h"
#include "ui/timeline/event_threshold.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <exception>

namespace vigil::ui {
namespace {

QWidget* folderRow(QLineEdit* edit, const QString& title, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto* browse = new QPushButton(QObject::tr("Browse…"), row);
    layout->addWidget(browse);
    QObject::connect(browse, &QPushButton::clicked, row, [edit, title, parent] {
        const QString folder = QFileDialog::getExistingDirectory(parent, title, edit->text());
        if (!folder.isEmpty())
            edit->setText(QDir::toNativeSeparators(folder));
    });
    return row;
}

bool askToStop(QWidget* parent)
{
    return QMessageBox::question(parent, QObject::tr("Stop the batch?"),
               QObject::tr("A batch is running. Stop it? The videos finished so far keep their "
                           "results; “Skip videos already analysed” goes on from there."),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes;
}

} // namespace

BatchDialog::BatchDialog(EngineProvider engines, QWidget* parent)
    : QDialog(parent)
    , engines_(std::move(engines))
    , confirmStop_(askToStop)
    , job_(new BatchJob(this))
    , model_(new BatchTableModel(this))
    , sorted_(new QSortFilterProxyModel(this))
{
    setWindowTitle(tr("Batch process a folder"));
    // A window of its own, not a dialog kept above the main window: a result opened from the
    // table must come to the front (it appeared behind the dialog).
    setWindowFlags(Qt::Window);
    sorted_->setSourceModel(model_);
    sorted_->setSortRole(BatchTableModel::SortRole);
    createLayout();
    connectJob();
    setRunning(false);
    fileBar_->hide(); // shown while a file is analysed
    resize(960, 620);
}

BatchDialog::~BatchDialog() = default; // job_'s destructor cancels and waits

QFormLayout* BatchDialog::createForm()
{
    inputEdit_ = new QLineEdit(this);
    inputEdit_->setPlaceholderText(tr("the folder with the videos"));
    outputEdit_ = new QLineEdit(this);
    outputEdit_->setPlaceholderText(tr("default: a “vigil-results” folder inside it"));
    recursiveBox_ = new QCheckBox(tr("Include subfolders"), this);
    resumeBox_ = new QCheckBox(tr("Skip videos already analysed with these settings"), this);
    thresholdBox_ = new QDoubleSpinBox(this);
    thresholdBox_->setRange(bounds::threshold().min, bounds::threshold().max);
    thresholdBox_->setSingleStep(0.05);
    thresholdBox_->setDecimals(kThresholdDecimals);
    thresholdBox_->setValue(defaults::kThreshold);
    thresholdBox_->setToolTip(tr("Frames scoring at or above it form the events the table counts"));

    auto* form = new QFormLayout;
    form->addRow(tr("Videos in:"), folderRow(inputEdit_, tr("Folder with videos"), this));
    form->addRow(QString(), recursiveBox_);
    form->addRow(tr("Results to:"), folderRow(outputEdit_, tr("Folder for the results"), this));
    form->addRow(QString(), resumeBox_);
    form->addRow(tr("Event threshold:"), thresholdBox_);
    return form;
}

void BatchDialog::createTable()
{
    table_ = new QTableView(this);
    table_->setModel(sorted_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(BatchTableModel::MaxScore, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->setWordWrap(false); // one line per file; the tooltip has the whole message
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setColumnWidth(BatchTableModel::Name, 220);
    table_->setColumnWidth(BatchTableModel::Message, 260);
}

void BatchDialog::createLayout()
{
    QFormLayout* form = createForm();
    createTable();
    startButton_ = new QPushButton(tr("Start"), this);
    startButton_->setDefault(true);
    cancelButton_ = new QPushButton(tr("Cancel batch"), this);
    overallBar_ = new QProgressBar(this);
    overallBar_->setFormat(tr("%v of %m files"));
    fileBar_ = new QProgressBar(this);
    fileBar_->setRange(0, 100);
    fileLabel_ = new QLabel(this);
    fileLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* controls = new QHBoxLayout;
    controls->addWidget(startButton_);
    controls->addWidget(cancelButton_);
    controls->addWidget(overallBar_, 1);

    statusLabel_ = new QLabel(this);
    exportButton_ = new QPushButton(tr("Export summary CSV…"), this);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(statusLabel_, 1);
    bottom->addWidget(exportButton_);
    bottom->addWidget(buttons);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(controls);
    auto* current = new QHBoxLayout;
    current->addWidget(fileLabel_, 1);
    current->addWidget(fileBar_, 1);
    layout->addLayout(current);
    layout->addWidget(table_, 1);
    layout->addLayout(bottom);

    connect(startButton_, &QPushButton::clicked, this, &BatchDialog::start);
    connect(cancelButton_, &QPushButton::clicked, this, &BatchDialog::cancel);
    connect(exportButton_, &QPushButton::clicked, this, &BatchDialog::exportSummary);
    connect(buttons, &QDialogButtonBox::rejected, this, &BatchDialog::close);
    connect(table_, &QTableView::doubleClicked, this, &BatchDialog::openRow);
}

void BatchDialog::connectJob()
{
    connect(job_, &BatchJob::filesFound, this, [this](int count) {
        overallBar_->setRange(0, std::max(1, count));
        overallBar_->setValue(0);
        statusLabel_->setText(count == 0 ? tr("No files in that folder")
                : count == 1             ? tr("1 file to look at")
                                         : tr("%1 files to look at").arg(count));
    });
    // Without a translation loaded, tr's %n keeps "(s)": the two forms are written out.
    connect(job_, &BatchJob::jobsChosen, this, [this](int jobs, int threads) {
        jobsText_ = jobs <= 1 ? QString()
            : threads == 1    ? tr(" · %1 at a time, 1 core each").arg(jobs)
                              : tr(" · %1 at a time, %2 cores each").arg(jobs).arg(threads);
        statusLabel_->setText(statusLabel_->text() + jobsText_);
    });
    connect(job_, &BatchJob::progressChanged, this, &BatchDialog::showProgress);
    connect(job_, &BatchJob::fileFinished, model_, &BatchTableModel::addResult);
    connect(job_, &BatchJob::counted, this, [this](int ok, int failed, int skipped, int notRun) {
        counts_ = std::array<int, 4> { ok, failed, skipped, notRun };
    });
    connect(job_, &BatchJob::succeeded, this, [this](const QString& summary) {
        summaryPath_ = summary;
        showFinished(tr("Done"));
    });
    connect(job_, &BatchJob::cancelled, this, [this](const QString& summary) {
        summaryPath_ = summary;
        showFinished(tr("Cancelled"));
    });
    connect(job_, &BatchJob::failed, this,
        [this](const QString& message) { showFinished(tr("The batch failed: %1").arg(message)); });
    connect(job_, &BatchJob::finished, this, [this] {
        setRunning(false);
        emit batchFinished();
    });
}

void BatchDialog::setSettings(const BatchJobSettings& settings)
{
    inputEdit_->setText(QDir::toNativeSeparators(settings.inputDir));
    outputEdit_->setText(QDir::toNativeSeparators(settings.outputDir));
    recursiveBox_->setChecked(settings.isRecursive);
    resumeBox_->setChecked(settings.isResuming);
    thresholdBox_->setValue(settings.threshold);
}

BatchJobSettings BatchDialog::settings() const
{
    BatchJobSettings settings;
    settings.inputDir = QDir::fromNativeSeparators(inputEdit_->text().trimmed());
    settings.outputDir = QDir::fromNativeSeparators(outputEdit_->text().trimmed());
    if (settings.outputDir.isEmpty() && !settings.inputDir.isEmpty())
        settings.outputDir = QDir(settings.inputDir).filePath(QStringLiteral("vigil-results"));
    settings.isRecursive = recursiveBox_->isChecked();
    settings.isResuming = resumeBox_->isChecked();
    settings.threshold = thresholdBox_->value();
    return settings;
}

void BatchDialog::shareThreshold(EventThreshold* threshold)
{
    threshold->bind(thresholdBox_);
    thresholdBox_->setToolTip(tr("Frames scoring at or above it form the events the table counts; "
                                 "the same threshold as the main window's events"));
}

bool BatchDialog::isRunning() const
{
    return job_->isRunning();
}

QString BatchDialog::statusText() const
{
    return statusLabel_->text();
}

void BatchDialog::start()
{
    if (isRunning())
        return;
    const BatchJobSettings chosen = settings();
    if (chosen.inputDir.isEmpty() || !QDir(chosen.inputDir).exists()) {
        statusLabel_->setText(tr("Choose a folder with videos first"));
        return;
    }
    std::optional<AnalysisEngine> engine = engines_ ? engines_(this) : std::nullopt;
    if (!engine || !engine->isReady()) {
        statusLabel_->setText(tr("No networks are loaded, so nothing can be analysed"));
        return;
    }
    model_->clear();
    summaryPath_.clear();
    counts_.reset();
    jobsText_.clear();
    overallBar_->setRange(0, 0); // busy until the files are counted
    fileBar_->setValue(0);
    fileLabel_->clear();
    statusLabel_->setText(tr("Looking for files…"));
    setRunning(true);
    job_->start(chosen, *engine);
}

void BatchDialog::cancel()
{
    if (!isRunning())
        return;
    statusLabel_->setText(tr("Cancelling…"));
    job_->cancel();
}

void BatchDialog::showProgress(const BatchJobProgress& progress)
{
    overallBar_->setRange(0, std::max(1, progress.filesTotal));
    overallBar_->setValue(progress.filesDone);
    QString eta;
    if (progress.etaS >= 0.0)
        eta = tr(" · about %1 left").arg(formatTime(progress.etaS));
    overallBar_->setFormat(tr("%v of %m files") + eta);
    if (progress.currentFile.isEmpty()) {
        fileLabel_->clear();
        fileBar_->setValue(0);
    } else {
        fileBar_->show();
        fileLabel_->setText(progress.filesRunning > 1
                ? tr("Analysing %1 and %2 more")
                      .arg(progress.currentFile)
                      .arg(progress.filesRunning - 1)
                : tr("Analysing %1").arg(progress.currentFile));
        fileBar_->setValue(static_cast<int>(progress.fileFraction * 100.0));
    }
}

static_assert(static_cast<int>(batch::FileStatus::NotRun) == 3, "counts_ is in enum order");

void BatchDialog::showFinished(const QString& text)
{
    // The batch's own counts (those of summary.csv) when it said them; else the table's.
    std::array<int, 4> counts {};
    if (counts_) {
        counts = *counts_;
    } else {
        for (const batch::BatchRow& row : model_->rows())
            ++counts[static_cast<size_t>(row.status)]; // Ok, Failed, Skipped, NotRun
    }
    QString summary = tr("%1: %2 analysed, %3 failed, %4 skipped")
                          .arg(text)
                          .arg(counts[0])
                          .arg(counts[1])
                          .arg(counts[2]);
    // Files a cancel left unreached were not looked at, which "skipped" would not say.
    if (counts[3] > 0)
        summary += tr(", %n not run (cancelled)", "", counts[3]);
    summary += jobsText_;
    if (!summaryPath_.isEmpty())
        summary += tr(" · summary in %1").arg(QDir::toNativeSeparators(summaryPath_));
    statusLabel_->setText(summary);
    overallBar_->setFormat(tr("%v of %m files"));
    fileLabel_->clear();
    fileBar_->setValue(0);
    fileBar_->hide();
}

void BatchDialog::setRunning(bool isRunning)
{
    startButton_->setEnabled(!isRunning);
    cancelButton_->setEnabled(isRunning);
    for (QWidget* widget : std::initializer_list<QWidget*> {
             inputEdit_, outputEdit_, recursiveBox_, resumeBox_, thresholdBox_ })
        widget->setEnabled(!isRunning);
    exportButton_->setEnabled(!isRunning);
}

void BatchDialog::openRow(const QModelIndex& sortedIndex)
{
    const QModelIndex index = sorted_->mapToSource(sortedIndex);
    if (!index.isValid())
        return;
    const BatchFileResult& result = model_->resultAt(index.row());
    if (!result.row.figures) {
        statusLabel_->setText(tr("%1 has no results to show: %2")
                                  .arg(QString::fromStdString(result.row.relativePath),
                                      QString::fromStdString(result.row.message)));
        return;
    }
    emit openResultRequested(result);
}

QString BatchDialog::writeSummaryCsv(const QString& path) const
{
    try {
        files::writeFileAtomically(path.toStdString(), batch::summaryToCsv(model_->rows()));
        return {};
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

void BatchDialog::exportSummary()
{
    const QString start = summaryPath_.isEmpty()
        ? QDir(settings().outputDir).filePath(QStringLiteral("summary.csv"))
        : summaryPath_;
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export summary CSV"), start, tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString error = writeSummaryCsv(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export summary CSV"), error);
    else
        statusLabel_->setText(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
}

bool BatchDialog::stopForClosing()
{
    if (!isRunning())
        return true;
    if (!confirmStop_(this))
        return false;
    job_->cancelAndWait();
    return true;
}

void BatchDialog::closeEvent(QCloseEvent* event)
{
    if (stopForClosing())
        event->accept();
    else
        event->ignore();
}

void BatchDialog::reject()
{
    if (stopForClosing())
        QDialog::reject();
}

} // namespace vigil::ui
