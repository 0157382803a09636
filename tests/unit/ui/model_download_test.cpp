// The download dialog fetches published weights through core/models_store from a file://
// mirror, installs them after the checksum, and says which file failed and why. The dialog
// that offers it returns the choice clicked.

#include "tests/support/test_paths.h"
#include "ui/models/missing_weights_dialog.h"
#include "ui/models/model_download_dialog.h"

#include <QCommandLinkButton>
#include <QTest>
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
    // The dialog checks the built-in manifest's SHA-256: only the published bytes install.
    if (const std::string why = vigil::test::publishedSkipReason(published); !why.empty())
        GTEST_SKIP() << why;
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

namespace {

using vigil::ui::MissingWeightsDialog;

TEST(MissingWeights, OffersDownloadImportAndDemoAndReturnsTheOneClicked)
{
    const std::vector<std::pair<QString, MissingWeightsDialog::Choice>> expected {
        { QStringLiteral("Download the published weights"),
            MissingWeightsDialog::Choice::Download },
        { QStringLiteral("Import a weights file…"), MissingWeightsDialog::Choice::Import },
        { QStringLiteral("Continue with demo weights"), MissingWeightsDialog::Choice::Demo },
    };
    for (const auto& [title, choice] : expected) {
        SCOPED_TRACE(title.toStdString());
        MissingWeightsDialog dialog(
            QStringLiteral("the attention classifier"), QStringLiteral("/models"));
        dialog.show();
        QCommandLinkButton* button = nullptr;
        for (QCommandLinkButton* candidate : dialog.findChildren<QCommandLinkButton*>())
            if (candidate->text() == title)
                button = candidate;
        ASSERT_TRUE(button);
        QTest::mouseClick(button, Qt::LeftButton);
        EXPECT_EQ(dialog.result(), QDialog::Accepted);
        EXPECT_EQ(dialog.choice(), choice);
        if (choice == MissingWeightsDialog::Choice::Download) {
            const fs::path dir = fs::path(vigil::test::binaryDir()) / "ui-screenshots";
            fs::create_directories(dir);
            EXPECT_TRUE(
                dialog.grab().save(QString::fromStdString((dir / "missing_weights.png").string())));
        }
    }
    MissingWeightsDialog cancelled(
        QStringLiteral("the attention classifier"), QStringLiteral("/models"));
    cancelled.show();
    QTest::keyClick(&cancelled, Qt::Key_Escape);
    EXPECT_EQ(cancelled.choice(), MissingWeightsDialog::Choice::Cancel);
}

} // namespace
