// The Open Stream dialog keeps what the operator chose (the alert thresholds and the output
// folder came back as 0.6/0.5 and empty every time) and never records into a relative folder,
// which for a desktop app is wherever it happened to be started.

#include "tests/support/test_paths.h"
#include "ui/open_stream_dialog.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <gtest/gtest.h>

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

} // namespace
