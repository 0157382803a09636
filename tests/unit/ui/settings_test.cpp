// Settings persist through QSettings (here on a temporary folder), the dialog edits exactly what
// it was given, a classifier file is checked when it is chosen, bf16 is offered only where the
// CPU has it, and the main window applies them: the threshold at once, and a new window starts
// with the saved values.

#include "core/common/count_limits.h"
#include "core/common/defaults.h"
#include "tests/support/test_paths.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/main/app_settings.h"
#include "ui/main/main_window.h"
#include "ui/main/settings_dialog.h"
#include "ui/models/model_status_widget.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace vigil::ui;

// Points the user scope of QSettings at a fresh folder for the test's lifetime.
class SettingsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = QString::fromStdString(vigil::test::scratchDir("ui_settings"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_);
        QSettings().clear();
    }
    void TearDown() override { QSettings().clear(); }

    QString dir_;
};

AppSettings changedSettings()
{
    AppSettings settings;
    settings.backbone = vigil::BackboneKind::ResNet50;
    settings.crops = vigil::CropMode::Center;
    settings.classifier = QStringLiteral("/weights/my classifier.pth");
    settings.windows.windowSteps = 16;
    settings.windows.strideSteps = 8;
    settings.threshold = 0.7;
    settings.threads = 1; // within every machine's cores (bounds::threads)
    settings.device = vigil::ComputeDevice::Cpu;
    settings.precision = vigil::Precision::Bf16; // offered: the dialogs below get no reason not to
    settings.exportFolder = QStringLiteral("/tmp/exports");
    return settings;
}

TEST_F(SettingsTest, SavedSettingsLoadBackAndInvalidValuesKeepTheirDefaults)
{
    EXPECT_EQ(AppSettings::load(*std::make_unique<QSettings>()), AppSettings {});
    {
        QSettings store;
        changedSettings().save(store);
    }
    QSettings store;
    EXPECT_EQ(AppSettings::load(store), changedSettings());
    store.setValue(QStringLiteral("analysis/backbone"), QStringLiteral("vgg"));
    store.setValue(QStringLiteral("analysis/threshold"), 7.0);
    store.setValue(QStringLiteral("analysis/precision"), QStringLiteral("fp16"));
    const AppSettings loaded = AppSettings::load(store);
    EXPECT_EQ(loaded.backbone, vigil::BackboneKind::I3dResNet50);
    EXPECT_EQ(loaded.threshold, 1.0);
    EXPECT_EQ(loaded.precision, vigil::Precision::Fp32);
}

TEST_F(SettingsTest, TheDialogEditsTheSettingsItWasGiven)
{
    const AppSettings settings = changedSettings();
    SettingsDialog dialog(
        settings, { QStringLiteral("classifier-da64-r3") }, QStringLiteral("CPU only"), {});
    EXPECT_EQ(dialog.settings(), settings);
    const std::string shots = vigil::test::binaryDir() + "/ui-screenshots";
    std::filesystem::create_directories(shots);
    EXPECT_TRUE(dialog.grab().save(QString::fromStdString(shots + "/settings-dialog.png")));
    // CUDA is listed but cannot be chosen when the reason says so.
    const auto boxes = dialog.findChildren<QComboBox*>();
    bool hasDisabledCuda = false;
    for (QComboBox* box : boxes)
        if (box->findData(QStringLiteral("cuda")) >= 0)
            hasDisabledCuda = box->itemText(box->findData(QStringLiteral("cuda")))
                                  .contains(QStringLiteral("CPU only"));
    EXPECT_TRUE(hasDisabledCuda);
    AppSettings ten = AppSettings {};
    ten.crops = vigil::CropMode::Ten;
    ten.classifier = QStringLiteral("classifier-da64-r3");
    EXPECT_EQ(
        SettingsDialog(ten, { QStringLiteral("classifier-da64-r3") }, {}, {}).settings(), ten);
}

// The dialog offers exactly what the CLI accepts (core/common/count_limits.h), so the desktop app
// can never save a value `vigil analyze` would refuse, and a settings file written by hand (or on
// a machine with more cores) is brought within the same bounds when it is loaded.
TEST_F(SettingsTest, TheDialogsBoundsAreTheCommandLinesBounds)
{
    AppSettings tooMany;
    tooMany.threads = 100000;
    tooMany.windows.windowSteps = 5000000;
    tooMany.windows.strideSteps = 5000000;
    SettingsDialog dialog(tooMany, {}, QStringLiteral("CPU only"), {});
    QSpinBox* threads = nullptr;
    std::vector<QSpinBox*> steps;
    for (QSpinBox* box : dialog.findChildren<QSpinBox*>()) {
        if (box->suffix().contains(QStringLiteral("snippets")))
            steps.push_back(box);
        else if (!box->specialValueText().isEmpty())
            threads = box;
    }
    ASSERT_TRUE(threads);
    ASSERT_EQ(steps.size(), 2u);
    EXPECT_EQ(threads->minimum(), vigil::bounds::threads().min);
    EXPECT_EQ(threads->maximum(), vigil::bounds::threads().max);
    EXPECT_EQ(steps[0]->minimum(), vigil::bounds::steps().min);
    EXPECT_EQ(steps[0]->maximum(), vigil::bounds::steps().max);
    const auto thresholds = dialog.findChildren<QDoubleSpinBox*>();
    ASSERT_EQ(thresholds.size(), 1u);
    EXPECT_EQ(thresholds[0]->minimum(), vigil::bounds::threshold().min);
    EXPECT_EQ(thresholds[0]->maximum(), vigil::bounds::threshold().max);
    const AppSettings saved = dialog.settings();
    EXPECT_EQ(vigil::countProblem(std::to_string(saved.threads), vigil::bounds::threads()), "");
    EXPECT_EQ(
        vigil::countProblem(std::to_string(saved.windows.windowSteps), vigil::bounds::steps()), "");

    QSettings store;
    tooMany.save(store);
    const AppSettings loaded = AppSettings::load(store);
    EXPECT_EQ(loaded.threads, vigil::bounds::threads().max);
    EXPECT_EQ(loaded.windows.windowSteps, vigil::bounds::steps().max);
    EXPECT_EQ(AppSettings {}.threshold, vigil::defaults::kThreshold);
    EXPECT_EQ(AppSettings {}.windows.windowSteps, vigil::defaults::kWindowSteps);
}

// The preprocessing preset is saved like the crops, and offered for the I3D backbone only.
TEST_F(SettingsTest, ThePresetIsSavedAndOfferedForI3dOnly)
{
    AppSettings rtfm;
    rtfm.preset = vigil::PreprocessPreset::Rtfm;
    rtfm.crops = vigil::CropMode::Ten;
    {
        QSettings store;
        rtfm.save(store);
    }
    QSettings store;
    EXPECT_EQ(AppSettings::load(store).preset, vigil::PreprocessPreset::Rtfm);
    EXPECT_NE(AppSettings::load(store), AppSettings {}) << "another preset is other settings";
    store.setValue(QStringLiteral("analysis/preprocess"), QStringLiteral("bicubic"));
    EXPECT_EQ(AppSettings::load(store).preset, vigil::PreprocessPreset::I3dResnetExtractor);

    SettingsDialog dialog(rtfm, {}, {}, {});
    EXPECT_EQ(dialog.settings(), rtfm);
    QComboBox* presets = nullptr;
    QComboBox* backbones = nullptr;
    for (QComboBox* box : dialog.findChildren<QComboBox*>()) {
        if (box->findData(QStringLiteral("rtfm")) >= 0)
            presets = box;
        if (box->findData(QStringLiteral("resnet50")) >= 0)
            backbones = box;
    }
    ASSERT_TRUE(presets && backbones);
    EXPECT_TRUE(presets->isEnabled());
    backbones->setCurrentIndex(backbones->findData(QStringLiteral("resnet50")));
    EXPECT_FALSE(presets->isEnabled());
    EXPECT_EQ(dialog.settings().preset, vigil::PreprocessPreset::I3dResnetExtractor);
}

// The status bar says which preset made what is shown (a reopened result of another preset is
// another model).
TEST_F(SettingsTest, TheStatusBarNamesThePresetOfI3dFeatures)
{
    vigil::analysis::ModelDescription model;
    model.preset = vigil::PreprocessPreset::Rtfm;
    EXPECT_TRUE(ModelStatusWidget::describe(model).contains(QStringLiteral("rtfm preprocessing")));
    model.backbone = vigil::BackboneKind::ResNet50;
    EXPECT_FALSE(ModelStatusWidget::describe(model).contains(QStringLiteral("preprocessing")));
}

// tuning::precisionProblem's sentence for a CPU without native bfloat16, as app/ passes it.
const QString kNoBf16 = QStringLiteral(
    "this CPU (AMD EPYC 7571) has no native bfloat16 instructions (no avx512_bf16 or amx_bf16 in "
    "/proc/cpuinfo), and emulated bf16 runs slower than fp32");

bool isItemEnabled(QComboBox* box, int index)
{
    auto* items = qobject_cast<QStandardItemModel*>(box->model());
    return items && items->item(index)->isEnabled();
}

// bf16 is listed everywhere; where the CPU cannot run it, it cannot be chosen, the reason is
// shown under the box, and a saved bf16 shows (and saves) the float32 that would run.
TEST_F(SettingsTest, Bf16CannotBeChosenWhereTheCpuHasNoBfloat16AndTheReasonIsShown)
{
    AppSettings bf16;
    bf16.precision = vigil::Precision::Bf16;
    for (const QString& reason : { QString(), kNoBf16 }) {
        SCOPED_TRACE(reason.isEmpty() ? "a CPU with bf16" : "a CPU without bf16");
        SettingsDialog dialog(bf16, {}, QStringLiteral("CPU only"), reason);
        auto* box = dialog.findChild<QComboBox*>(QStringLiteral("precisionBox"));
        auto* note = dialog.findChild<QLabel*>(QStringLiteral("precisionNote"));
        ASSERT_TRUE(box && note);
        const int bf16Item = box->findData(QStringLiteral("bf16"));
        ASSERT_GE(bf16Item, 0);
        EXPECT_GE(box->findData(QStringLiteral("fp32")), 0);
        EXPECT_EQ(isItemEnabled(box, bf16Item), reason.isEmpty());
        EXPECT_EQ(note->isHidden(), reason.isEmpty());
        EXPECT_EQ(note->text().contains(kNoBf16), !reason.isEmpty()) << note->text().toStdString();
        EXPECT_EQ(dialog.settings().precision,
            reason.isEmpty() ? vigil::Precision::Bf16 : vigil::Precision::Fp32);
        EXPECT_TRUE(box->isEnabled());
        EXPECT_FALSE(box->toolTip().isEmpty());
    }
    const std::string shots = vigil::test::binaryDir() + "/ui-screenshots";
    std::filesystem::create_directories(shots);
    EXPECT_TRUE(SettingsDialog(bf16, {}, QStringLiteral("CPU only"), kNoBf16)
                    .grab()
                    .save(QString::fromStdString(shots + "/settings-dialog-no-bf16.png")));
}

// Alt+P reaches the box: its label's buddy.
TEST_F(SettingsTest, ThePrecisionLabelHasAMnemonicForTheBox)
{
    SettingsDialog dialog(AppSettings {}, {}, QStringLiteral("CPU only"), {});
    auto* box = dialog.findChild<QComboBox*>(QStringLiteral("precisionBox"));
    QLabel* label = nullptr;
    for (QLabel* each : dialog.findChildren<QLabel*>())
        if (each->text() == QStringLiteral("&Precision:"))
            label = each;
    ASSERT_TRUE(box && label);
    EXPECT_EQ(label->buddy(), box);
}

// bf16's kernels are the CPU's (tuning::precisionProblem): choosing CUDA chooses float32.
TEST_F(SettingsTest, ChoosingCudaChoosesFloat32)
{
    AppSettings bf16;
    bf16.precision = vigil::Precision::Bf16;
    SettingsDialog dialog(bf16, {}, {}, {});
    auto* precision = dialog.findChild<QComboBox*>(QStringLiteral("precisionBox"));
    QComboBox* device = nullptr;
    for (QComboBox* box : dialog.findChildren<QComboBox*>())
        if (box->findData(QStringLiteral("cuda")) >= 0)
            device = box;
    ASSERT_TRUE(precision && device);
    EXPECT_EQ(dialog.settings().precision, vigil::Precision::Bf16);
    device->setCurrentIndex(device->findData(QStringLiteral("cuda")));
    EXPECT_FALSE(precision->isEnabled());
    EXPECT_EQ(dialog.settings().device, vigil::ComputeDevice::Cuda);
    EXPECT_EQ(dialog.settings().precision, vigil::Precision::Fp32);
    device->setCurrentIndex(device->findData(QStringLiteral("cpu")));
    EXPECT_TRUE(precision->isEnabled());
}

// The status bar says which arithmetic made what is shown (another precision is another model).
TEST_F(SettingsTest, TheStatusBarNamesBf16AfterTheBackbone)
{
    vigil::analysis::ModelDescription model;
    EXPECT_FALSE(ModelStatusWidget::describe(model).contains(QStringLiteral("bf16")));
    model.precision = vigil::Precision::Bf16;
    EXPECT_TRUE(ModelStatusWidget::describe(model).contains(QStringLiteral("i3d-r50 bf16,")))
        << ModelStatusWidget::describe(model).toStdString();
    model.backbone = vigil::BackboneKind::ResNet50;
    EXPECT_TRUE(ModelStatusWidget::describe(model).contains(QStringLiteral("resnet50 bf16,")));
}

TEST_F(SettingsTest, TheMainWindowSavesAndAppliesThem)
{
    {
        MainWindow window(vigil::test::fakeEngine(4));
        EXPECT_DOUBLE_EQ(window.timelinePanel()->timeline()->threshold(), 0.5);
        window.applySettings(changedSettings());
        EXPECT_DOUBLE_EQ(window.timelinePanel()->timeline()->threshold(), 0.7);
    }
    QSettings store;
    EXPECT_EQ(AppSettings::load(store), changedSettings());
    MainWindow next(vigil::test::fakeEngine(4));
    EXPECT_DOUBLE_EQ(next.timelinePanel()->timeline()->threshold(), 0.7);
}

// Stands in for app/'s check (which loads the file as a classifier through core/engine).
QString fakeClassifierCheck(const QString& file)
{
    return file.endsWith(QStringLiteral("bad.pth"))
        ? QStringLiteral("tensor attention.weight has shape [3, 64], expected [64, 2048]")
        : QString();
}

// A stride larger than the window would leave steps that no window scores: the dialog never
// lets one be chosen, also when the window shrinks under it or a saved stride is too large.
TEST_F(SettingsTest, TheStrideCannotExceedTheWindow)
{
    AppSettings saved;
    saved.windows.windowSteps = 8;
    saved.windows.strideSteps = 16;
    SettingsDialog dialog(saved, {}, QStringLiteral("CPU only"), {});
    EXPECT_EQ(dialog.settings().windows.strideSteps, 8);
    QSpinBox* window = nullptr;
    QSpinBox* stride = nullptr;
    for (QSpinBox* box : dialog.findChildren<QSpinBox*>()) {
        if (box->suffix().contains(QStringLiteral("snippets")))
            (window ? stride : window) = box;
    }
    ASSERT_TRUE(window && stride);
    stride->setValue(8);
    window->setValue(4);
    EXPECT_EQ(dialog.settings().windows.windowSteps, 4);
    EXPECT_EQ(dialog.settings().windows.strideSteps, 4);
    stride->setValue(100);
    EXPECT_EQ(dialog.settings().windows.strideSteps, 4);
}

// Typing a window digit by digit must not clamp the stride to the first digit on the way.
TEST_F(SettingsTest, TypingTheWindowKeepsTheStride)
{
    AppSettings saved;
    saved.windows = { 32, 32 };
    SettingsDialog dialog(saved, {}, QStringLiteral("CPU only"), {});
    QSpinBox* window = nullptr;
    QSpinBox* stride = nullptr;
    for (QSpinBox* box : dialog.findChildren<QSpinBox*>()) {
        if (box->suffix().contains(QStringLiteral("snippets")))
            (window ? stride : window) = box;
    }
    ASSERT_TRUE(window && stride);
    window->selectAll();
    QTest::keyClicks(window, QStringLiteral("64"));
    QTest::keyClick(window, Qt::Key_Return);
    EXPECT_EQ(dialog.settings().windows.windowSteps, 64);
    EXPECT_EQ(dialog.settings().windows.strideSteps, 32);
    window->selectAll();
    QTest::keyClicks(window, QStringLiteral("8"));
    QTest::keyClick(window, Qt::Key_Return);
    EXPECT_EQ(dialog.settings().windows.strideSteps, 8);
}

TEST_F(SettingsTest, AClassifierFileIsCheckedWhenChosenAndABadOneIsRefused)
{
    SettingsDialog dialog(AppSettings {}, { QStringLiteral("classifier-da64-r3") }, {}, {});
    QStringList checked;
    dialog.setClassifierFileCheck([&checked](const QString& file) {
        checked << file;
        return fakeClassifierCheck(file);
    });
    EXPECT_FALSE(dialog.useClassifierFile(QStringLiteral("/weights/bad.pth")));
    EXPECT_EQ(checked, QStringList { QStringLiteral("/weights/bad.pth") });
    EXPECT_TRUE(dialog.classifierProblem().contains(QStringLiteral("attention.weight")));
    EXPECT_TRUE(dialog.classifierProblem().contains(QStringLiteral("bad.pth")));
    EXPECT_TRUE(dialog.settings().classifier.isEmpty()); // the default stays chosen

    EXPECT_TRUE(dialog.useClassifierFile(QStringLiteral("/weights/good.pth")));
    EXPECT_EQ(dialog.settings().classifier, QStringLiteral("/weights/good.pth"));
    EXPECT_TRUE(dialog.classifierProblem().isEmpty());
    // A bad file after a good one keeps the good one.
    EXPECT_FALSE(dialog.useClassifierFile(QStringLiteral("/weights/bad.pth")));
    EXPECT_EQ(dialog.settings().classifier, QStringLiteral("/weights/good.pth"));
}

// app/ says why this CPU cannot run bf16; the window's Settings dialog shows it.
TEST_F(SettingsTest, TheMainWindowGivesItsBf16ReasonToTheSettingsDialog)
{
    MainWindow window(vigil::test::fakeEngine(4));
    window.setBf16UnavailableReason(kNoBf16);
    bool isBf16Enabled = true;
    QString note;
    QTimer::singleShot(0, &window, [&isBf16Enabled, &note] {
        auto* dialog = qobject_cast<SettingsDialog*>(QApplication::activeModalWidget());
        ASSERT_TRUE(dialog);
        auto* box = dialog->findChild<QComboBox*>(QStringLiteral("precisionBox"));
        isBf16Enabled = box && isItemEnabled(box, box->findData(QStringLiteral("bf16")));
        if (auto* label = dialog->findChild<QLabel*>(QStringLiteral("precisionNote")))
            note = label->text();
        dialog->reject();
    });
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == QStringLiteral("&Settings…"))
            action->trigger(); // modal until the timer above closes it
    EXPECT_FALSE(isBf16Enabled);
    EXPECT_TRUE(note.contains(kNoBf16));
}

TEST_F(SettingsTest, TheMainWindowGivesItsClassifierCheckToTheSettingsDialog)
{
    MainWindow window(vigil::test::fakeEngine(4));
    int calls = 0;
    window.setClassifierFileCheck([&calls](const QString& file) {
        ++calls;
        return fakeClassifierCheck(file);
    });
    QString problem;
    QTimer::singleShot(0, &window, [&problem] {
        auto* dialog = qobject_cast<SettingsDialog*>(QApplication::activeModalWidget());
        ASSERT_TRUE(dialog);
        dialog->useClassifierFile(QStringLiteral("/weights/bad.pth"));
        problem = dialog->classifierProblem();
        dialog->reject();
    });
    QAction* settings = nullptr;
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == QStringLiteral("&Settings…"))
            settings = action;
    ASSERT_TRUE(settings);
    settings->trigger(); // modal until the timer above closes it
    EXPECT_EQ(calls, 1);
    EXPECT_FALSE(problem.isEmpty());
}

} // namespace
