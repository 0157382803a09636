// The download dialog fetches published weights through core/models_store from a file://
// mirror, installs them after the checksum, and says which file failed and why.

#include "tests/support/test_paths.h"
#include "ui/model_download_dialog.h"

#include <QUrl>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using vigil::ui::ModelDownloadDialog;

constexpr const char* kClassifierFile = "SelfAttention-da64-r3-T32-seed9111.pth";

QString mirrorUrl(const std::string& folder)
{
    return QUrl::fromLocalFile(QString::fromStdString(folder)).toString();
}

TEST(ModelDownload, InstallsAVerifiedClassifierFromAMirror)
{
    const std::string published = vigil::test::referenceCheckpoint(kClassifierFile);
    if (!fs::exists(published))
        GTEST_SKIP() << "no reference checkpoint at " << published;
    const std::string root = vigil::test::scratchDir("ui_download_ok");
    fs::create_directories(root + "/mirror");
    fs::copy_file(published, root + "/mirror/" + kClassifierFile);
    ModelDownloadDialog dialog(QString::fromStdString(root + "/models"),
        { QStringLiteral("classifier-da64-r3") }, mirrorUrl(root + "/mirror"));
    EXPECT_EQ(dialog.exec(), QDialog::Accepted) << dialog.errorText().toStdString();
    EXPECT_TRUE(dialog.errorText().isEmpty());
    EXPECT_EQ(fs::file_size(root + "/models/" + kClassifierFile), fs::file_size(published));
}

TEST(ModelDownload, RejectsAFileThatIsNotThePublishedOneAndSaysWhich)
{
    const std::string root = vigil::test::scratchDir("ui_download_bad");
    fs::create_directories(root + "/mirror");
    std::ofstream(root + "/mirror/" + kClassifierFile) << "not the classifier";
    ModelDownloadDialog dialog(QString::fromStdString(root + "/models"),
        { QStringLiteral("classifier-da64-r3") }, mirrorUrl(root + "/mirror"));
    EXPECT_EQ(dialog.exec(), QDialog::Rejected);
    EXPECT_TRUE(dialog.errorText().contains(QStringLiteral("classifier-da64-r3")))
        << dialog.errorText().toStdString();
    EXPECT_FALSE(fs::exists(root + "/models/" + kClassifierFile));
}

} // namespace
