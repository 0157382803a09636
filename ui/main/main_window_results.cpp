// MainWindow and saved results: File > Open, the command line, Open Recent and drag-and-drop take
// a result (*.vigil.json) as well as a video; each finished analysis is kept
// (batch::keepResult), and opening a video shows its kept or exported result instead of analysing
// it again when that result is of the same file, networks and settings (F5 analyses again).

#include "ui/main/main_window.h"

#include "ui/common/fitted_status_bar.h"
#include "ui/events/events_panel.h"
#include "ui/main/analysis_status_widget.h"
#include "ui/main/exports.h"
#include "ui/main/recent_files_menu.h"
#include "ui/tasks/analysis_runner.h"

#include "core/batch/kept_results.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

#include <algorithm>
#include <exception>

namespace vigil::ui {
namespace {

QString savedOnText(const QString& jsonPath)
{
    return QFileInfo(jsonPath).lastModified().toString(QStringLiteral("yyyy-MM-dd hh:mm"));
}

bool isSameFile(const QString& videoPath, const analysis::AnalysisResult& result)
{
    const auto fingerprint = files::fingerprintOf(videoPath.toStdString());
    return result.video.sampleSha256.empty()
        || (fingerprint && fingerprint->sizeBytes == result.video.sizeBytes
            && fingerprint->sampleSha256 == result.video.sampleSha256);
}

} // namespace

void MainWindow::openResultFile(const QString& jsonPath)
{
    auto result = std::make_shared<analysis::AnalysisResult>();
    const std::string csvPath = formats::scoresPathOfResult(jsonPath.toStdString());
    try {
        *result = formats::readResultFiles(jsonPath.toStdString(), csvPath);
    } catch (const std::exception& error) {
        showError(tr("Cannot open the result: %1").arg(QString::fromStdString(error.what())));
        return;
    }
    if (!result->video.isKnown) {
        showError(tr("%1 is a result of features without their video, so there is no video to "
                     "show it on (vigil explain and vigil clips read it).")
                      .arg(QFileInfo(jsonPath).fileName()));
        return;
    }
    QString videoPath = QString::fromStdString(result->video.path);
    if (!QFileInfo(videoPath).isFile())
        videoPath = locateVideo(jsonPath, videoPath, *result);
    if (videoPath.isEmpty())
        return;
    if (showSavedResult(videoPath, result, jsonPath,
            tr("Showing the saved result %1 (not analysed again)")
                .arg(QFileInfo(jsonPath).fileName())))
        recentMenu_->addFile(jsonPath);
}

QString MainWindow::locateVideo(
    const QString& jsonPath, const QString& storedPath, const analysis::AnalysisResult& result)
{
    const auto answer = QMessageBox::question(this, tr("Where is the video?"),
        tr("The video of %1 is not at\n%2\nIt may have been moved or renamed. Find it?")
            .arg(QFileInfo(jsonPath).fileName(), storedPath),
        QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Open);
    if (answer != QMessageBox::Open)
        return {};
    const QString chosen = QFileDialog::getOpenFileName(this,
        tr("Find %1").arg(QFileInfo(storedPath).fileName()), QFileInfo(jsonPath).absolutePath());
    if (chosen.isEmpty() || isSameFile(chosen, result))
        return chosen;
    const auto shownAnyway = QMessageBox::warning(this, tr("Another video"),
        tr("%1 is not the file this result was made from (its size or content differ). Show the "
           "result on it anyway?")
            .arg(QFileInfo(chosen).fileName()),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    return shownAnyway == QMessageBox::Yes ? chosen : QString();
}

bool MainWindow::openSavedResult(
    const QString& videoPath, const QString& jsonPath, const QString& csvPath)
{
    auto result = std::make_shared<analysis::AnalysisResult>();
    try {
        *result = formats::readResultFiles(jsonPath.toStdString(), csvPath.toStdString());
    } catch (const std::exception& error) {
        showError(
            tr("Cannot show the saved results: %1").arg(QString::fromStdString(error.what())));
        return false;
    }
    // Features of detectors alone (vigil score --detectors urdmu): nothing for the timeline's
    // classifier curve, windows or heatmaps.
    if (!result->model.hasClassifier) {
        showError(tr("%1 was scored by detectors alone, without the attention classifier; its "
                     "scores are in %2.")
                      .arg(QFileInfo(jsonPath).fileName(), QFileInfo(csvPath).fileName()));
        return false;
    }
    return showSavedResult(videoPath, result, jsonPath,
        tr("Showing the saved results of %1 (not analysed again)")
            .arg(QFileInfo(videoPath).fileName()));
}

bool MainWindow::showSavedResult(const QString& videoPath,
    const std::shared_ptr<analysis::AnalysisResult>& result, const QString& reviewedBeside,
    const QString& note)
{
    runner_->cancel(); // an analysis of the video shown so far
    leaveDemo();
    if (!showVideo(videoPath))
        return false;
    result->video.path = videoPath.toStdString(); // names this window's video, as a run would
    showResult(result);
    statusBar()->clearMessage(); // the note below says what is shown, and stays
    if (!reviewedBeside.isEmpty())
        eventsPanel_->setResultFile(reviewedBeside); // the reviewed marks beside the result
    const auto& scores = result->frameScores;
    if (const auto peak = std::max_element(scores.begin(), scores.end()); peak != scores.end())
        seek(peak - scores.begin());
    analysisStatus_->showNote(note);
    return true;
}

bool MainWindow::showKeptResult(const QString& videoPath)
{
    const AnalysisEngine& engine = runner_->engine();
    if (!engine.isReady())
        return false;
    const std::string path = videoPath.toStdString();
    const std::vector<batch::ResultPaths> candidates
        = batch::savedResultCandidates(path, { exportFolderFor(videoPath).toStdString() });
    std::optional<batch::MatchingResult> match = batch::findMatchingResult(
        path, candidates, batch::expectedSettingsOf(*engine.engine, engine.windows));
    if (!match)
        return false;
    const QString jsonPath = QString::fromStdString(match->paths.jsonPath);
    const bool isKept = QFileInfo(jsonPath).absolutePath()
        == QDir(QString::fromStdString(batch::keptResultsFolder())).absolutePath();
    auto result = std::make_shared<analysis::AnalysisResult>(std::move(match->result));
    // A kept result's reviewed marks stay beside the video, where this analysis put them.
    return showSavedResult(videoPath, result, isKept ? QString() : jsonPath,
        tr("Saved result of %1 (same file, networks and settings) · F5 analyses again")
            .arg(savedOnText(jsonPath)));
}

void MainWindow::keepFinishedResult(const ResultPointer& result)
{
    if (!result || !result->video.isKnown)
        return;
    try {
        batch::keepResult(*result, batch::keptResultsFolder());
    } catch (const std::exception& error) {
        status_->say(tr("The result could not be kept for the next opening: %1")
                         .arg(QString::fromStdString(error.what())),
            8000);
    }
}

} // namespace vigil::ui
