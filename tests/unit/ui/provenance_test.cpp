// Every place that shows a result says which weights produced it: the batch table's Weights
// column, the exported PNGs (a visible line under the picture and a "Weights" PNG text chunk),
// and the exported result files (the JSON's "model"; the CSV keeps the CLI's frame,time_s,score
// header, which both CSV readers require on the first line).

#include "core/analysis/weights_summary.h"
#include "core/formats/result_reader.h"
#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/batch/batch_table_model.h"
#include "ui/main/exports.h"
#include "ui/main/main_window.h"
#include "ui/timeline/timeline_panel.h"

#include <QDir>
#include <QSignalSpy>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace {

using namespace vigil::ui;
using vigil::Provenance;

const QString kPublishedSummary
    = QStringLiteral("classifier: published classifier-da64-r3 · backbone: DEMO");

vigil::analysis::AnalysisResult publishedResult()
{
    vigil::analysis::AnalysisResult result;
    result.model.classifier.provenance = Provenance::Published;
    result.model.classifier.name = "classifier-da64-r3";
    result.model.backboneWeights.provenance = Provenance::Demo;
    return result;
}

TEST(Provenance, TheBatchTableHasAWeightsColumn)
{
    BatchTableModel model;
    BatchFileResult file;
    file.row.relativePath = "cam1/a.mp4";
    file.row.status = vigil::batch::FileStatus::Ok;
    file.row.weights = vigil::analysis::weightsSummary(publishedResult().model);
    model.addResult(file);
    EXPECT_EQ(
        model.headerData(BatchTableModel::Weights, Qt::Horizontal, Qt::DisplayRole).toString(),
        QStringLiteral("Weights"));
    const QModelIndex cell = model.index(0, BatchTableModel::Weights);
    EXPECT_EQ(cell.data(Qt::DisplayRole).toString(), kPublishedSummary);
    EXPECT_EQ(cell.data(Qt::ToolTipRole).toString(), kPublishedSummary);
    EXPECT_EQ(cell.data(BatchTableModel::SortRole).toString(), kPublishedSummary);
    // The other columns keep their data.
    EXPECT_EQ(
        model.index(0, BatchTableModel::Name).data().toString(), QStringLiteral("cam1/a.mp4"));
}

int darkPixels(const QImage& image, const QRect& area)
{
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            count += qGray(image.pixel(x, y)) < 100 ? 1 : 0;
    return count;
}

TEST(Provenance, ExportedPngsShowAndCarryTheWeights)
{
    QImage frame(160, 120, QImage::Format_RGB32);
    frame.fill(QColor(200, 60, 60));
    const vigil::analysis::AnalysisResult result = publishedResult();
    const QImage captioned = withWeightsCaption(frame, &result);
    ASSERT_GT(captioned.height(), frame.height());
    EXPECT_EQ(captioned.width(), frame.width());
    EXPECT_EQ(captioned.copy(frame.rect()), frame) << "the picture itself is unchanged";
    // Visible: dark text on the light strip under the picture.
    const QRect strip(0, frame.height(), frame.width(), captioned.height() - frame.height());
    EXPECT_GT(darkPixels(captioned, strip), 50);
    EXPECT_EQ(captioned.text(QStringLiteral("Weights")), kPublishedSummary);
    // And in the file: a PNG text chunk read back by any PNG reader.
    const QString path
        = QString::fromStdString(vigil::test::scratchDir("ui_provenance")) + "/frame.png";
    ASSERT_TRUE(writePng(captioned, path));
    EXPECT_EQ(QImage(path).text(QStringLiteral("Weights")), kPublishedSummary);
    // No result shown: the frame is exported as it is.
    EXPECT_EQ(withWeightsCaption(frame, nullptr), frame);
}

TEST(Provenance, AFramePngSaysWhichVideoWhenAndEveryScoreAndTheDetectorsWeights)
{
    vigil::analysis::AnalysisResult result = publishedResult();
    result.frameScores = { 0.25f, 0.875f, std::nanf("") };
    result.framePtsUs = { 0, 40000, 80000 };
    vigil::analysis::DetectorResult rtfm;
    rtfm.kind = vigil::DetectorKind::Rtfm;
    rtfm.weights.provenance = Provenance::Demo;
    rtfm.frameScores = { 0.5f, 0.625f };
    result.detectors.push_back(rtfm);
    const QString at1 = frameCaption(QStringLiteral("/videos/vtest.avi"), 1, &result);
    EXPECT_EQ(at1, QStringLiteral("vtest.avi · frame 1 · 0:00.0 · attention 0.875 · rtfm 0.625"));
    // Frame 2: the classifier's score is NaN and RTFM has none: neither reads as a number.
    const QString at2 = frameCaption(QStringLiteral("/videos/vtest.avi"), 2, &result);
    EXPECT_TRUE(at2.endsWith(QStringLiteral("attention not scored · rtfm not scored")))
        << at2.toStdString();
    QImage frame(320, 240, QImage::Format_RGB32);
    frame.fill(Qt::white);
    const QImage captioned = withWeightsCaption(frame, &result, at1);
    EXPECT_EQ(captioned.text(QStringLiteral("Caption")), at1);
    EXPECT_EQ(captioned.text(QStringLiteral("Weights")), kPublishedSummary + " · rtfm: DEMO")
        << "the detectors' demo weights are named too";
}

TEST(Provenance, TheTimelineExportOfAnAnalysisNamesItsWeights)
{
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(1500, 900);
    window.show();
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(vigil::test::uiClip("provenance_400.mp4", 400)));
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    const QImage image
        = withWeightsCaption(window.timelinePanel()->grab().toImage(), window.result().get());
    EXPECT_EQ(
        image.text(QStringLiteral("Weights")), QStringLiteral("classifier: DEMO · backbone: DEMO"));
    // For people to look at: build/ui-screenshots/timeline-export.png.
    QDir().mkpath(QString::fromStdString(vigil::test::binaryDir() + "/ui-screenshots"));
    EXPECT_TRUE(writePng(image,
        QString::fromStdString(vigil::test::binaryDir() + "/ui-screenshots/timeline-export.png")));

    // The result files: the weights are in the JSON's model, read back with the result; the CSV
    // keeps the CLI's contract (docs/output-format.md), so `vigil` and the batch's --resume still
    // read it.
    const QString folder = QString::fromStdString(vigil::test::scratchDir("ui_provenance_files"));
    const vigil::formats::WrittenFiles files
        = writeResultExport(*window.result(), folder, window.videoPath());
    const vigil::analysis::AnalysisResult read
        = vigil::formats::readResultFiles(files.jsonPath, files.csvPath);
    EXPECT_EQ(
        vigil::analysis::weightsSummary(read.model), "classifier: DEMO \u00b7 backbone: DEMO");
    std::ifstream csv(files.csvPath);
    std::string header;
    std::getline(csv, header);
    EXPECT_EQ(header, "frame,time_s,score");
}

} // namespace
