#include "ui/exports.h"

#include "ui/app_settings.h"

#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QWidget>

#include <exception>

namespace vigil::ui {
namespace {

QString defaultPngPath(const QString& videoPath, const QString& suffix)
{
    const QFileInfo video(videoPath);
    return QDir(exportFolderFor(videoPath)).filePath(
        video.completeBaseName() + QLatin1Char('.') + suffix + QStringLiteral(".png"));
}

void savePng(QWidget* parent, const QImage& image, const QString& videoPath, const QString& suffix)
{
    if (image.isNull()) {
        QMessageBox::information(
            parent, QObject::tr("Export"), QObject::tr("There is nothing to export yet."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Save PNG"),
        defaultPngPath(videoPath, suffix), QObject::tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (!writePng(image, path))
        QMessageBox::warning(
            parent, QObject::tr("Export"), QObject::tr("Cannot write %1.").arg(path));
}

} // namespace

QString exportFolderFor(const QString& videoPath)
{
    QSettings store;
    const QString folder = AppSettings::load(store).exportFolder;
    return folder.isEmpty() || !QDir(folder).exists() ? QFileInfo(videoPath).absolutePath() : folder;
}

io::WrittenFiles writeResultExport(
    const analysis::AnalysisResult& result, const QString& folder, const QString& videoPath)
{
    return io::writeResultFiles(result, folder.toStdString(), resultStem(videoPath).toStdString());
}

bool writePng(const QImage& image, const QString& path)
{
    return !image.isNull() && image.save(path, "PNG");
}

QString chooseVideoFile(QWidget* parent)
{
    return QFileDialog::getOpenFileName(parent, QObject::tr("Open video"), QString(),
        QObject::tr("Videos (*.mp4 *.avi *.mkv *.mov *.webm *.m4v *.mpg *.mpeg *.ts *.wmv);;All "
                    "files (*)"));
}

QString resultStem(const QString& videoPath)
{
    // The CLI cuts the name at its last dot; completeBaseName does the same.
    return QFileInfo(videoPath).completeBaseName();
}

void runResultExport(QWidget* parent, const ResultPointer& result, const QString& videoPath)
{
    if (!result) {
        QMessageBox::information(parent, QObject::tr("Export"),
            QObject::tr("The analysis has not finished yet: there are no scores to export."));
        return;
    }
    const QString folder = QFileDialog::getExistingDirectory(parent,
        QObject::tr("Folder for %1.vigil.json and .scores.csv").arg(resultStem(videoPath)),
        exportFolderFor(videoPath));
    if (folder.isEmpty())
        return;
    try {
        const io::WrittenFiles files = writeResultExport(*result, folder, videoPath);
        QMessageBox::information(parent, QObject::tr("Export"),
            QObject::tr("Wrote\n%1\n%2")
                .arg(
                    QString::fromStdString(files.jsonPath), QString::fromStdString(files.csvPath)));
    } catch (const std::exception& error) {
        QMessageBox::warning(parent, QObject::tr("Export"), QString::fromStdString(error.what()));
    }
}

void runWidgetPngExport(
    QWidget* parent, QWidget* widget, const QString& videoPath, const QString& suffix)
{
    savePng(parent, widget->grab().toImage(), videoPath, suffix);
}

void runImagePngExport(
    QWidget* parent, const QImage& image, const QString& videoPath, const QString& suffix)
{
    savePng(parent, image, videoPath, suffix);
}

} // namespace vigil::ui
