#pragma once
// The File menu's dialogs and what they write: the scores CSV and result JSON (formats' contract,
// the same files as `vigil analyze`; the JSON's "model" says where the weights came from, the
// CSV stays frame,time_s,score), a widget or the current frame as PNG with the result's weights
// written under the picture and in its "Weights" text chunk. GUI thread only; failures are shown
// in a message box, never thrown.

#include "core/formats/result_files.h"
#include "ui/tasks/analysis_worker.h"

#include <QImage>
#include <QString>

class QWidget;

namespace vigil::ui {

// A video file picked in a file dialog; empty when the user cancelled.
QString chooseVideoFile(QWidget* parent);

// "<folder>/<stem>": the name `vigil analyze` gives the files of videoPath.
QString resultStem(const QString& videoPath);

// What the dialogs below call once a place is chosen; throw vigil::IoError / return false.
formats::WrittenFiles writeResultExport(
    const analysis::AnalysisResult& result, const QString& folder, const QString& videoPath);
bool writePng(const QImage& image, const QString& path);
// image with a strip under it that reads heading (when there is one), then "weights:
// <analysis::resultWeightsSummary>", and those lines as its "Caption" and "Weights" texts (PNG
// tEXt chunks once written): a picture of scores says what it shows and what produced them.
// Without a result the image is returned as it is.
QImage withWeightsCaption(
    const QImage& image, const analysis::AnalysisResult* result, const QString& heading = {});
// "vtest.avi · frame 640 · 0:25.6 · attention 0.873 · rtfm 0.512": the video, the frame's time
// and every scorer's score there ("not scored" where none was computed).
QString frameCaption(
    const QString& videoPath, int64_t frame, const analysis::AnalysisResult* result);
// "frame-000640": the name part of a frame's PNG, the same for the current frame and an event's
// peak (the file is then "<video stem>.frame-000640.png").
QString framePngSuffix(int64_t frame);
// Where the PNG dialog starts: "<export folder>/<video stem>.<suffix>.png".
QString defaultPngPath(const QString& videoPath, const QString& suffix);
// The folder exports start in: the Settings' export folder, else the video's folder.
QString exportFolderFor(const QString& videoPath);

void runResultExport(QWidget* parent, const ResultPointer& result, const QString& videoPath);
// result: the one shown, whose weights the PNG names; null when none is.
void runImagePngExport(QWidget* parent, const QImage& image, const QString& videoPath,
    const QString& suffix, const ResultPointer& result, const QString& heading);

} // namespace vigil::ui
