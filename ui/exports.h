#pragma once
// The File menu's dialogs and what they write: the scores CSV and result JSON (io's contract,
// the same files as `vigil analyze`), a widget or the current frame as PNG. GUI thread only;
// failures are shown in a message box, never thrown.

#include "core/io/result_files.h"
#include "ui/analysis_worker.h"

#include <QImage>
#include <QString>

class QWidget;

namespace vigil::ui {

// A video file picked in a file dialog; empty when the user cancelled.
QString chooseVideoFile(QWidget* parent);

// "<folder>/<stem>": the name `vigil analyze` gives the files of videoPath.
QString resultStem(const QString& videoPath);

// What the dialogs below call once a place is chosen; throw vigil::IoError / return false.
io::WrittenFiles writeResultExport(const analysis::AnalysisResult& result, const QString& folder,
    const QString& videoPath);
bool writePng(const QImage& image, const QString& path);
// The folder exports start in: the Settings' export folder, else the video's folder.
QString exportFolderFor(const QString& videoPath);

void runResultExport(QWidget* parent, const ResultPointer& result, const QString& videoPath);
void runWidgetPngExport(
    QWidget* parent, QWidget* widget, const QString& videoPath, const QString& suffix);
void runImagePngExport(
    QWidget* parent, const QImage& image, const QString& videoPath, const QString& suffix);

} // namespace vigil::ui
