#include "ui/main/exports.h"

#include "core/analysis/weights_summary.h"
#include "core/files/output_names.h"
#include "ui/common/time_format.h"
#include "ui/main/app_settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPainter>
#include <QSettings>
#include <QWidget>

#include <cmath>
#include <exception>

namespace vigil::ui {
namespace {

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
    return folder.isEmpty() || !QDir(folder).exists() ? QFileInfo(videoPath).absolutePath()
                                                      : folder;
}

formats::WrittenFiles writeResultExport(
    const analysis::AnalysisResult& result, const QString& folder, const QString& videoPath)
{
    return formats::writeResultFiles(
        result, folder.toStdString(), resultStem(videoPath).toStdString());
}

QImage withWeightsCaption(
    const QImage& image, const analysis::AnalysisResult* result, const QString& heading)
{
    if (image.isNull() || !result)
        return image;
    const QString summary = QString::fromStdString(analysis::resultWeightsSummary(*result));
    const QString caption = (heading.isEmpty() ? QString() : heading + QLatin1Char('\n'))
        + QObject::tr("weights: %1").arg(summary);
    // Fixed colours and size: the PNG is read away from the app, whatever its palette.
    QFont font;
    font.setPixelSize(12);
    const QRect textArea(6, 0, std::max(1, image.width() - 12), 1000);
    const int textHeight = QFontMetrics(font)
                               .boundingRect(textArea, Qt::TextWordWrap | Qt::AlignLeft, caption)
                               .height();
    QImage captioned(image.width(), image.height() + textHeight + 8, QImage::Format_RGB32);
    captioned.fill(QColor(0xf4, 0xf4, 0xf4));
    QPainter painter(&captioned);
    painter.drawImage(0, 0, image);
    painter.setFont(font);
    painter.setPen(QColor(0x20, 0x20, 0x20));
    painter.drawText(QRect(6, image.height() + 4, textArea.width(), textHeight),
        Qt::TextWordWrap | Qt::AlignLeft, caption);
    painter.end();
    if (!heading.isEmpty())
        captioned.setText(QStringLiteral("Caption"), heading);
    captioned.setText(QStringLiteral("Weights"), summary);
    return captioned;
}

QString frameCaption(
    const QString& videoPath, int64_t frame, const analysis::AnalysisResult* result)
{
    QString text = QFileInfo(videoPath).fileName() + QObject::tr(" \u00b7 frame %1").arg(frame);
    if (!result)
        return text;
    const auto index = static_cast<size_t>(std::max<int64_t>(frame, 0));
    if (index < result->framePtsUs.size())
        text += QStringLiteral(" \u00b7 ")
            + formatTime(static_cast<double>(result->framePtsUs[index]) / 1e6, true);
    const auto scoreText = [index](const std::vector<float>& scores) {
        return index < scores.size() && std::isfinite(scores[index])
            ? QString::number(scores[index], 'f', 3)
            : QObject::tr("not scored");
    };
    text += QObject::tr(" \u00b7 attention %1").arg(scoreText(result->frameScores));
    for (const analysis::DetectorResult& detector : result->detectors)
        text += QStringLiteral(" \u00b7 %1 %2")
                    .arg(QString::fromStdString(toString(detector.kind)),
                        scoreText(detector.frameScores));
    return text;
}

bool writePng(const QImage& image, const QString& path)
{
    return !image.isNull() && image.save(path, "PNG");
}

QString chooseVideoFile(QWidget* parent)
{
    return QFileDialog::getOpenFileName(parent, QObject::tr("Open a video or a saved result"),
        QString(),
        QObject::tr("Videos and results (*.mp4 *.avi *.mkv *.mov *.webm *.m4v *.mpg *.mpeg *.ts "
                    "*.wmv *.vigil.json);;Videos (*.mp4 *.avi *.mkv *.mov *.webm *.m4v *.mpg "
                    "*.mpeg *.ts *.wmv);;Vigil results (*.vigil.json);;All files (*)"));
}

QString resultStem(const QString& videoPath)
{
    // The CLI's one naming rule, for the one video shown.
    return QString::fromStdString(files::outputNames({ videoPath.toStdString() }).names.front());
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
        const formats::WrittenFiles files = writeResultExport(*result, folder, videoPath);
        QMessageBox::information(parent, QObject::tr("Export"),
            QObject::tr("Wrote\n%1\n%2\n\nweights (in the JSON's \"model\"): %3")
                .arg(QString::fromStdString(files.jsonPath), QString::fromStdString(files.csvPath),
                    QString::fromStdString(analysis::resultWeightsSummary(*result))));
    } catch (const std::exception& error) {
        QMessageBox::warning(parent, QObject::tr("Export"), QString::fromStdString(error.what()));
    }
}

QString defaultPngPath(const QString& videoPath, const QString& suffix)
{
    return QDir(exportFolderFor(videoPath))
        .filePath(resultStem(videoPath) + QLatin1Char('.') + suffix + QStringLiteral(".png"));
}

QString framePngSuffix(int64_t frame)
{
    return QStringLiteral("frame-%1").arg(frame, 6, 10, QLatin1Char('0'));
}

void runImagePngExport(QWidget* parent, const QImage& image, const QString& videoPath,
    const QString& suffix, const ResultPointer& result, const QString& heading)
{
    savePng(parent, withWeightsCaption(image, result.get(), heading), videoPath, suffix);
}

} // namespace vigil::ui
