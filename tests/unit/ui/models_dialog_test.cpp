// The Models dialog lists the manifest's weights with their state in the models folder, imports
// a file (the real published classifier) so its row turns verified, says in words why a wrong
// file was refused, and re-verifies an installed file off the GUI thread.

#include "core/common/error.h"
#include "tests/support/test_paths.h"
#include "ui/models/models_dialog.h"

#include <QSignalSpy>
#include <QStandardItemModel>
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>

namespace {

namespace fs = std::filesystem;
using vigil::ui::ModelsDialog;

constexpr const char* kClassifierFile = "SelfAttention-da64-r3-T32-seed9111.pth";

// The networks the dialog reads an imported file with: a stand-in for LibTorch's (which UI tests
// do not link) that accepts every file, or refuses every one as the real loader would refuse junk.
class FakeLoader : public vigil::engine::NetworkLoader {
public:
    explicit FakeLoader(bool isAccepting)
        : isAccepting_(isAccepting)
    {
    }
    vigil::engine::LoadedBackbone loadBackbone(vigil::BackboneKind, const std::string& path,
        vigil::ComputeDevice, vigil::Precision) const override
    {
        ++reads;
        return accept<vigil::engine::LoadedBackbone>(path);
    }
    vigil::engine::LoadedClassifier loadClassifier(const std::string& path) const override
    {
        ++reads;
        return accept<vigil::engine::LoadedClassifier>(path);
    }
    vigil::engine::LoadedDetector loadDetector(
        vigil::DetectorKind, const std::string& path, const std::string&) const override
    {
        ++reads;
        return accept<vigil::engine::LoadedDetector>(path);
    }
    std::string deviceProblem(vigil::ComputeDevice) const override { return {}; }
    mutable std::atomic<int> reads { 0 };

private:
    template <typename Loaded> Loaded accept(const std::string& path) const
    {
        if (!isAccepting_)
            throw vigil::ModelError(path + ": not a network of this kind");
        return {};
    }
    bool isAccepting_;
};

std::shared_ptr<const FakeLoader> accepting()
{
    return std::make_shared<const FakeLoader>(true);
}

QString stateOf(const ModelsDialog& dialog, const QString& name)
{
    const int row = dialog.rowOf(name);
    if (row < 0)
        return QStringLiteral("<no row>");
    return dialog.table()->item(row, ModelsDialog::StateColumn)->text();
}

TEST(ModelsDialog, ListsEveryEntryAsMissingInAnEmptyFolder)
{
    const std::string root = vigil::test::scratchDir("ui_models_empty");
    ModelsDialog dialog(QString::fromStdString(root + "/models"), QString(), accepting());
    EXPECT_GE(dialog.table()->rowCount(), 2);
    EXPECT_EQ(stateOf(dialog, QStringLiteral("classifier-da64-r3")), QStringLiteral("missing"));
    EXPECT_EQ(stateOf(dialog, QStringLiteral("classifier-da128-r7")), QStringLiteral("missing"));
    const int row = dialog.rowOf(QStringLiteral("classifier-da64-r3"));
    EXPECT_TRUE(dialog.table()
                    ->item(row, ModelsDialog::UrlColumn)
                    ->text()
                    .startsWith(QStringLiteral("https://")));
    EXPECT_FALSE(dialog.table()->item(row, ModelsDialog::DescriptionColumn)->text().isEmpty());
}

TEST(ModelsDialog, ImportsTheRealCheckpointAndShowsItVerified)
{
    const std::string published = vigil::test::referenceCheckpoint(kClassifierFile);
    // The dialog checks the built-in manifest's SHA-256: only the published bytes install.
    if (const std::string why = vigil::test::publishedSkipReason(published); !why.empty())
        GTEST_SKIP() << why;
    const std::string root = vigil::test::scratchDir("ui_models_import");
    ModelsDialog dialog(QString::fromStdString(root + "/models"), QString(), accepting());
    const int row = dialog.rowOf(QStringLiteral("classifier-da64-r3"));
    ASSERT_GE(row, 0);

    QSignalSpy finished(&dialog, &ModelsDialog::operationFinished);
    dialog.importFile(row, QString::fromStdString(published));
    EXPECT_TRUE(dialog.isBusy());
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_TRUE(dialog.errorText().isEmpty()) << dialog.errorText().toStdString();
    EXPECT_EQ(stateOf(dialog, QStringLiteral("classifier-da64-r3")), QStringLiteral("verified"));
    EXPECT_EQ(stateOf(dialog, QStringLiteral("classifier-da128-r7")), QStringLiteral("missing"));
    EXPECT_EQ(fs::file_size(root + "/models/" + kClassifierFile), fs::file_size(published));

    // A fresh dialog (as `vigil models list` would) sees it from the checksum cache.
    ModelsDialog reopened(QString::fromStdString(root + "/models"), QString(), accepting());
    EXPECT_EQ(stateOf(reopened, QStringLiteral("classifier-da64-r3")), QStringLiteral("verified"));

    // Verify re-reads the file; a file damaged after the import turns the row damaged.
    QSignalSpy verified(&reopened, &ModelsDialog::operationFinished);
    reopened.verify(row);
    ASSERT_TRUE(verified.wait(60000));
    EXPECT_TRUE(reopened.errorText().isEmpty()) << reopened.errorText().toStdString();
    EXPECT_EQ(stateOf(reopened, QStringLiteral("classifier-da64-r3")), QStringLiteral("verified"));

    std::ofstream(root + "/models/" + kClassifierFile, std::ios::app) << "tail";
    QSignalSpy damaged(&reopened, &ModelsDialog::operationFinished);
    reopened.verify(row);
    ASSERT_TRUE(damaged.wait(60000));
    EXPECT_FALSE(reopened.errorText().isEmpty());
    EXPECT_EQ(stateOf(reopened, QStringLiteral("classifier-da64-r3")), QStringLiteral("damaged"));
}

TEST(ModelsDialog, RefusesAWrongFileAndSaysWhy)
{
    const std::string root = vigil::test::scratchDir("ui_models_wrong");
    std::ofstream(root + "/wrong.pth") << "not the classifier";
    ModelsDialog dialog(QString::fromStdString(root + "/models"), QString(), accepting());
    const int row = dialog.rowOf(QStringLiteral("classifier-da64-r3"));
    QSignalSpy finished(&dialog, &ModelsDialog::operationFinished);
    dialog.importFile(row, QString::fromStdString(root + "/wrong.pth"));
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_TRUE(dialog.errorText().contains(QStringLiteral("wrong.pth")))
        << dialog.errorText().toStdString();
    EXPECT_EQ(stateOf(dialog, QStringLiteral("classifier-da64-r3")), QStringLiteral("missing"));
    EXPECT_FALSE(fs::exists(root + "/models/" + kClassifierFile));
}

// A file of an entry without a published checksum (the Caffe2 I3D backbone) is vouched for
// only by reading it as its network: the dialog must not install one that fails, nor skip it.
TEST(ModelsDialog, ReadsAnImportAsItsNetworkAndInstallsNothingThatFails)
{
    const std::string root = vigil::test::scratchDir("ui_models_unchecked");
    std::ofstream(root + "/junk.pkl") << "not the I3D weights";
    const auto refusing = std::make_shared<const FakeLoader>(false);
    ModelsDialog dialog(QString::fromStdString(root + "/models"), QString(), refusing);
    const int row = dialog.rowOf(QStringLiteral("i3d-r50-kinetics"));
    ASSERT_GE(row, 0);
    QSignalSpy finished(&dialog, &ModelsDialog::operationFinished);
    dialog.importFile(row, QString::fromStdString(root + "/junk.pkl"));
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_EQ(refusing->reads, 1);
    EXPECT_TRUE(dialog.errorText().contains(QStringLiteral("not a network of this kind")))
        << dialog.errorText().toStdString();
    EXPECT_EQ(stateOf(dialog, QStringLiteral("i3d-r50-kinetics")), QStringLiteral("missing"));
    EXPECT_FALSE(fs::exists(root + "/models/i3d_baseline_32x2_IN_pretrain_400k.pkl"));
}

} // namespace
