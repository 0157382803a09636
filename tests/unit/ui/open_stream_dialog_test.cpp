// The Open Stream dialog: recent sources kept without their passwords, bad choices refused in
// one line, and what the operator chose kept (the alert thresholds and the output
// folder came back as 0.6/0.5 and empty every time) and never records into a relative folder,
// which for a desktop app is wherever it happened to be started.

#include "tests/support/test_paths.h"
#include "ui/live/open_stream_dialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <gtest/gtest.h>

#include <fstream>

namespace {

using namespace vigil;
using namespace vigil::ui;

QString freshStorePath()
{
    const QString path = QString::fromStdString(test::scratchDir("open-stream-memory"))
        + QStringLiteral("/store.ini");
    QFile::remove(path);
    return path;
}

TEST(OpenStreamMemory, TheThresholdsAndTheFolderAreThereNextTime)
{
    const QString path = freshStorePath();
    {
        QSettings store(path, QSettings::IniFormat);
        OpenStreamDialog dialog(store);
        dialog.sourceBox()->setCurrentText(QStringLiteral("udp://127.0.0.1:5004"));
        dialog.onBox()->setValue(0.8);
        dialog.offBox()->setValue(0.7);
        dialog.findChild<QLineEdit*>(QStringLiteral("outputEdit"))
            ->setText(QStringLiteral("/tmp/cam-clips"));
        dialog.accept();
        ASSERT_EQ(dialog.result(), QDialog::Accepted);
    }
    QSettings store(path, QSettings::IniFormat);
    OpenStreamDialog again(store);
    EXPECT_DOUBLE_EQ(again.onBox()->value(), 0.8);
    EXPECT_DOUBLE_EQ(again.offBox()->value(), 0.7);
    again.sourceBox()->setCurrentText(QStringLiteral("udp://127.0.0.1:5004"));
    EXPECT_EQ(again.choices().outputDir, "/tmp/cam-clips");
}

// Issue 37: Open Stream pre-filled the previous camera's folder, so a second camera appended its
// rows to the first one's scores.csv. A folder is remembered for its own source only.
TEST(OpenStreamMemory, ASecondCameraIsNeverOfferedTheFirstCamerasFolder)
{
    const QString path = freshStorePath();
    {
        QSettings store(path, QSettings::IniFormat);
        OpenStreamDialog dialog(store);
        dialog.sourceBox()->setCurrentText(QStringLiteral("udp://127.0.0.1:5004"));
        dialog.findChild<QLineEdit*>(QStringLiteral("outputEdit"))
            ->setText(QStringLiteral("/tmp/first-camera"));
        dialog.accept();
        ASSERT_EQ(dialog.result(), QDialog::Accepted);
    }
    QSettings store(path, QSettings::IniFormat);
    OpenStreamDialog again(store);
    again.sourceBox()->setCurrentText(QStringLiteral("udp://127.0.0.1:5006"));
    auto* output = again.findChild<QLineEdit*>(QStringLiteral("outputEdit"));
    EXPECT_TRUE(output->text().isEmpty()) << output->text().toStdString();
    EXPECT_TRUE(output->placeholderText().contains(QStringLiteral("watch-udp___127.0.0.1_5006")))
        << output->placeholderText().toStdString();
    EXPECT_TRUE(
        again.choices().outputDir.find("/Vigil/watch-udp___127.0.0.1_5006") != std::string::npos);
}

TEST(OpenStreamMemory, TheDefaultFolderIsAbsolute)
{
    QSettings store(freshStorePath(), QSettings::IniFormat);
    OpenStreamDialog dialog(store);
    dialog.sourceBox()->setCurrentText(QStringLiteral("udp://127.0.0.1:5004"));
    const QString folder = QString::fromStdString(dialog.choices().outputDir);
    EXPECT_TRUE(QDir::isAbsolutePath(folder)) << folder.toStdString();
    EXPECT_TRUE(folder.endsWith(QStringLiteral("/Vigil/watch-udp___127.0.0.1_5004")))
        << folder.toStdString();
    dialog.findChild<QLineEdit*>(QStringLiteral("outputEdit"))->setText(QStringLiteral("clips"));
    EXPECT_EQ(
        dialog.choices().outputDir, QDir::home().filePath(QStringLiteral("clips")).toStdString())
        << "a typed relative folder is taken under the home folder";
}

// A fresh QSettings file per test.
struct StoreFile {
    std::string path = test::scratchDir("live-settings") + "/store.ini";
    QSettings store { QString::fromStdString(path), QSettings::IniFormat };
    std::string text()
    {
        store.sync();
        std::ifstream in(path);
        return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
    }
};

TEST(OpenStreamDialog, RemembersRecentSourcesWithoutTheirPassword)
{
    StoreFile file;
    rememberStreamSource(file.store, "rtsp://admin:s3cret@10.0.0.7:554/cam1");
    rememberStreamSource(file.store, "/dev/video0");
    rememberStreamSource(file.store, "rtsp://admin:other@10.0.0.7:554/cam1"); // the same, redacted
    EXPECT_EQ(recentStreamSources(file.store),
        QStringList({ "rtsp://***@10.0.0.7:554/cam1", "/dev/video0" }));
    const std::string text = file.text();
    EXPECT_EQ(text.find("s3cret"), std::string::npos) << text;
    EXPECT_EQ(text.find("admin"), std::string::npos) << text;
    EXPECT_NE(text.find("10.0.0.7"), std::string::npos) << text;
    for (int i = 0; i < 20; ++i)
        rememberStreamSource(file.store, "udp://127.0.0.1:" + std::to_string(5000 + i));
    EXPECT_EQ(recentStreamSources(file.store).size(), kMaxRecentStreams);
}

TEST(OpenStreamDialog, RefusesARedactedRecentSourceABadSourceAndOffAboveOn)
{
    StoreFile file;
    rememberStreamSource(file.store, "http://viewer:hunter2@127.0.0.1:8080/s.ts");
    OpenStreamDialog dialog(file.store);
    ASSERT_GE(dialog.sourceBox()->count(), 1);
    EXPECT_EQ(dialog.sourceBox()->itemText(0), "http://***@127.0.0.1:8080/s.ts");
    dialog.sourceBox()->setCurrentIndex(0);
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    EXPECT_TRUE(dialog.problemLabel()->text().contains("not remembered"));
    dialog.sourceBox()->setCurrentText("clip.mp4"); // a file is never taken for a live source
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    EXPECT_TRUE(dialog.problemLabel()->text().startsWith("clip.mp4: "));
    // Shown at its smallest, a long refusal wraps and the dialog grows so no line is cut.
    dialog.show();
    dialog.resize(dialog.minimumSizeHint());
    dialog.sourceBox()->setCurrentText(QString(200, u'x') + QStringLiteral(".mp4"));
    dialog.accept();
    QApplication::processEvents();
    const QLabel* problem = dialog.problemLabel();
    EXPECT_GE(problem->height(), problem->heightForWidth(problem->width()))
        << problem->text().toStdString();
    dialog.hide();
    dialog.sourceBox()->setCurrentText("http://viewer:hunter2@127.0.0.1:8080/s.ts");
    dialog.offBox()->setValue(0.9);
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    dialog.offBox()->setValue(0.4);
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    ASSERT_TRUE(dialog.plan().has_value());
    EXPECT_EQ(dialog.plan()->settings->reader.source.location,
        "http://viewer:hunter2@127.0.0.1:8080/s.ts");
    EXPECT_FLOAT_EQ(dialog.choices().off, 0.4f);
}

// A stream of `seconds` on 127.0.0.1, viewed with credentials it ignores.
} // namespace
