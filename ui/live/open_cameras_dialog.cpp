#include "ui/live/open_cameras_dialog.h"

#include "core/common/error.h"
#include "ui/live/open_stream_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace vigil::ui {
namespace {

const QString kFileKey = QStringLiteral("live/camerasFile");

} // namespace

QString defaultCamerasOutput(const QString& file)
{
    const QString stem = QFileInfo(file.trimmed()).baseName();
    return defaultStreamOutput(
        QStringLiteral("cameras-") + (stem.isEmpty() ? QStringLiteral("<file>") : stem));
}

std::optional<live::CamerasPlan> planCamerasFile(
    const QString& file, const QString& outputDir, std::string& problem)
{
    if (file.trimmed().isEmpty()) {
        problem = QObject::tr("Choose a cameras file first").toStdString();
        return std::nullopt;
    }
    try {
        live::WatchChoices common;
        common.outputDir = (outputDir.trimmed().isEmpty()
                ? defaultCamerasOutput(file)
                : QDir(QDir::homePath()).absoluteFilePath(outputDir.trimmed()))
                               .toStdString();
        live::CamerasPlan plan
            = live::planCameras(live::readCamerasFile(file.trimmed().toStdString()), common);
        problem = plan.problem;
        if (problem.empty())
            return plan;
    } catch (const Error& error) {
        problem = error.what();
    }
    return std::nullopt;
}

OpenCamerasDialog::OpenCamerasDialog(QSettings& store, QWidget* parent)
    : QDialog(parent)
    , store_(store)
    , file_(new QLineEdit)
    , output_(new QLineEdit)
    , problem_(new QLabel)
{
    setWindowTitle(tr("Open Cameras"));
    file_->setText(store_.value(kFileKey).toString());
    file_->setPlaceholderText(tr("a cameras file, as vigil watch --cameras reads it"));
    auto* browseButton = new QPushButton(tr("&Browse…"));
    connect(browseButton, &QPushButton::clicked, this, &OpenCamerasDialog::browse);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(file_, 1);
    fileRow->addWidget(browseButton);
    const auto showDefault = [this] {
        output_->setPlaceholderText(
            tr("default: %1").arg(QDir::toNativeSeparators(defaultCamerasOutput(file_->text()))));
    };
    connect(file_, &QLineEdit::textChanged, this, showDefault);
    showDefault();
    auto* form = new QFormLayout;
    auto* fileLabel = new QLabel(tr("&Cameras file:"));
    fileLabel->setBuddy(file_);
    form->addRow(fileLabel, fileRow);
    form->addRow(tr("&Output folder:"), output_);
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #c62828"));
    problem_->hide();
    auto* help = new QLabel(tr("Each camera writes its own folder under the output folder "
                               "(scores.csv, events.jsonl, thumbnails, clips), and status.json "
                               "there says how every camera keeps up."));
    help->setWordWrap(true);
    help->setEnabled(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Watch"));
    connect(buttons, &QDialogButtonBox::accepted, this, &OpenCamerasDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(help);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
    resize(640, sizeHint().height());
}

QString OpenCamerasDialog::outputDir() const
{
    const QString typed = output_->text().trimmed();
    return typed.isEmpty() ? defaultCamerasOutput(file_->text())
                           : QDir(QDir::homePath()).absoluteFilePath(typed);
}

void OpenCamerasDialog::showRefused(
    const QString& file, const QString& outputDir, const QString& problem)
{
    file_->setText(file);
    output_->setText(outputDir);
    problem_->setText(problem);
    problem_->show();
}

void OpenCamerasDialog::browse()
{
    const QString chosen = QFileDialog::getOpenFileName(this, tr("Cameras file"),
        QFileInfo(file_->text()).absolutePath(), tr("Cameras files (*.json);;All files (*)"));
    if (!chosen.isEmpty())
        file_->setText(chosen);
}

void OpenCamerasDialog::accept()
{
    std::string problem;
    plan_ = planCamerasFile(file_->text(), output_->text(), problem);
    if (!plan_) {
        problem_->setText(QString::fromStdString(problem));
        problem_->show();
        return;
    }
    store_.setValue(kFileKey, file_->text().trimmed());
    QDialog::accept();
}

} // namespace vigil::ui
