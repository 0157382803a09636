// One table of defaults and bounds (core/common/defaults.h, count_limits.h) behind every front
// end: each numeric or named option of the command line shows, in its --help, the table's
// bound and default (so the help text, the parser and the docs generated from them say what
// the table says); the Settings and Open Stream dialogs offer the same bounds and start from
// the same defaults; and whatever the Settings dialog can save, the command line accepts.

#include "app/option_checks.h"
#include "core/common/count_limits.h"
#include "core/common/defaults.h"
#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_paths.h"
#include "ui/live/open_stream_dialog.h"
#include "ui/main/app_settings.h"
#include "ui/main/settings_dialog.h"

#include <CLI/CLI.hpp>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSettings>
#include <QSpinBox>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace vigil::test {
namespace {

using app::countIn;
using app::numberIn;

// What CLI11 prints for a captured default (capture_default_str): 0.5, 2, 0.001, 32.
template <typename T> std::string shown(T value)
{
    return CLI::detail::to_string(value);
}

// The line of `option` in `vigil <command> --help`, e.g. "  --window INT:INT in [1 - 10]=32".
std::string optionLine(const std::string& command, const std::string& option)
{
    const InProcessResult help = runInProcess(words(command + " --help"));
    std::istringstream lines(help.out);
    for (std::string line; std::getline(lines, line);) {
        const size_t start = line.find_first_not_of(' ');
        if (start == std::string::npos || line.compare(start, 1, "-") != 0)
            continue;
        const std::string names = line.substr(start, line.find(' ', start) - start);
        const std::string alias = "," + option; // "-j,--jobs"
        if (names == option
            || (names.size() > alias.size()
                && names.compare(names.size() - alias.size(), alias.size(), alias) == 0))
            return line;
    }
    return {};
}

struct ShownOption {
    std::string command;
    std::string option;
    std::string bound; // the check's description ("INT in [1 - 1000000]"), or empty
    std::string value; // the default as --help shows it
};

std::vector<ShownOption> countOptions()
{
    const auto count = [](const CountBound& bound) { return countIn(bound).get_description(); };
    const CountBound trainThreads { 1, bounds::threads().max, {} };
    std::vector<ShownOption> options;
    for (const std::string command : { "analyze", "batch", "score", "gui", "watch" })
        options.push_back(
            { command, "--window", count(bounds::steps()), shown(defaults::kWindowSteps) });
    for (const std::string command : { "analyze", "batch", "score", "explain", "gui" })
        options.push_back(
            { command, "--threads", count(bounds::threads()), shown(defaults::kThreads) });
    options.push_back(
        { "analyze", "--frame-step", count(bounds::frameStep()), shown(defaults::kFrameStep) });
    options.push_back({ "batch", "--jobs", count(bounds::jobs()), shown(defaults::kJobs) });
    for (const std::string command : { "score", "explain" })
        options.push_back({ command, "--snippet-frames", count(bounds::snippetFrames()),
            shown(defaults::kSnippetFrames) });
    options.push_back(
        { "explain", "--top", count(bounds::steps()), shown(defaults::kExplainTopSteps) });
    options.push_back(
        { "eval", "--split", count(bounds::steps()), shown(defaults::kEvalSplitSteps) });
    options.push_back(
        { "train", "--da", count(bounds::hiddenSize()), shown(defaults::kHiddenSize) });
    options.push_back({ "train", "--r", count(bounds::rows()), shown(defaults::kAttentionRows) });
    options.push_back({ "train", "--epochs", count(bounds::epochs()), shown(defaults::kEpochs) });
    options.push_back(
        { "train", "--batch", count(bounds::batchPerClass()), shown(defaults::kBatchPerClass) });
    options.push_back(
        { "train", "--threads", count(trainThreads), shown(defaults::kTrainThreads) });
    options.push_back({ "train", "--seed", "", shown(defaults::kSeed) });
    return options;
}

std::vector<ShownOption> numberOptions()
{
    const auto number = [](const NumberBound& bound) { return numberIn(bound).get_description(); };
    const std::string threshold = number(bounds::threshold());
    return {
        { "batch", "--threshold", threshold, shown(defaults::kThreshold) },
        { "clips", "--threshold", threshold, shown(defaults::kThreshold) },
        { "clips", "--pre", number(bounds::clipContextS()), shown(defaults::kClipPreS) },
        { "clips", "--post", number(bounds::clipContextS()), shown(defaults::kClipPostS) },
        { "watch", "--on", threshold, shown(defaults::kAlertOn) },
        { "watch", "--off", threshold, shown(defaults::kAlertOff) },
        { "watch", "--min-duration", number(bounds::alertMinDurationS()),
            shown(defaults::kAlertMinDurationS) },
        { "watch", "--pre", number(bounds::alertRollS()), shown(defaults::kAlertPreRollS) },
        { "watch", "--post", number(bounds::alertRollS()), shown(defaults::kAlertPostRollS) },
        { "watch", "--timeout", number(bounds::streamTimeoutS()),
            shown(defaults::kStreamTimeoutS) },
        { "watch", "--reconnect-max-delay", number(bounds::reconnectMaxDelayS()),
            shown(defaults::kReconnectMaxDelayS) },
        { "watch", "--give-up-after", number(bounds::giveUpAfterS()), "0" },
        { "train", "--lr", number(bounds::learningRate()), shown(defaults::kLearningRate) },
    };
}

std::vector<ShownOption> namedOptions()
{
    std::vector<ShownOption> options;
    for (const std::string command : { "analyze", "batch", "explain", "gui", "watch" }) {
        options.push_back({ command, "--backbone", "", toString(defaults::kBackbone) });
        options.push_back({ command, "--crops", "", toString(defaults::kCrops) });
        options.push_back({ command, "--preprocess", "", toString(defaults::kPreset) });
        options.push_back({ command, "--device", "", toString(defaults::kDevice) });
    }
    return options;
}

TEST(DefaultsAgreement, EveryOptionsHelpShowsTheTablesBoundAndDefault)
{
    std::vector<ShownOption> options = countOptions();
    for (const std::vector<ShownOption>& more : { numberOptions(), namedOptions() })
        options.insert(options.end(), more.begin(), more.end());
    for (const ShownOption& option : options) {
        SCOPED_TRACE(option.command + " " + option.option);
        const std::string line = optionLine(option.command, option.option);
        ASSERT_NE(line, "") << "not in the help";
        const std::string expected
            = (option.bound.empty() ? "" : ":" + option.bound) + "=" + option.value;
        const size_t at = line.find(expected);
        ASSERT_NE(at, std::string::npos) << line << "\nexpected " << expected;
        const size_t end = at + expected.size();
        EXPECT_TRUE(end == line.size() || line[end] == ' ') << line;
    }
}

// The dialogs need a QApplication: one, offscreen, for the test that makes them.
std::unique_ptr<QApplication> offscreenApplication()
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "vigil_app_tests";
    static char* argv[] = { name, nullptr };
    return std::make_unique<QApplication>(argc, argv);
}

// The settings the dialog saves with every number box at its minimum, or at its maximum.
ui::AppSettings settingsAtTheEnds(bool isMax)
{
    ui::SettingsDialog dialog(ui::AppSettings {}, {}, QStringLiteral("CPU only"), {});
    for (QSpinBox* box : dialog.findChildren<QSpinBox*>())
        box->setValue(isMax ? box->maximum() : box->minimum());
    // The stride's maximum follows the window's value: set it again once the window is set.
    for (QSpinBox* box : dialog.findChildren<QSpinBox*>())
        box->setValue(isMax ? box->maximum() : box->minimum());
    for (QDoubleSpinBox* box : dialog.findChildren<QDoubleSpinBox*>())
        box->setValue(isMax ? box->maximum() : box->minimum());
    return dialog.settings();
}

TEST(DefaultsAgreement, WhatTheSettingsDialogSavesTheCommandLineAccepts)
{
    const auto application = offscreenApplication();
    EXPECT_EQ(ui::AppSettings {}.windows, analysis::WindowSettings {});
    EXPECT_EQ(ui::AppSettings {}.threshold, defaults::kThreshold);
    EXPECT_EQ(ui::AppSettings {}.threads, defaults::kThreads);

    const std::string dir = scratchDir("defaults_agreement");
    const std::string features = dir + "/clip.npy";
    files::writeNpy(features, FloatArray::zeros({ 4, 1, 2048 }));
    for (const bool isMax : { false, true }) {
        const ui::AppSettings saved = settingsAtTheEnds(isMax);
        const analysis::WindowSettings& windows = saved.windows;
        SCOPED_TRACE("window " + std::to_string(windows.windowSteps) + ", stride "
            + std::to_string(windows.strideSteps) + ", threads " + std::to_string(saved.threads)
            + ", threshold " + std::to_string(saved.threshold));
        EXPECT_EQ(windows.windowSteps, isMax ? bounds::steps().max : bounds::steps().min);
        EXPECT_EQ(saved.threads, isMax ? bounds::threads().max : bounds::threads().min);
        const InProcessResult score = runInProcess({ "score", features, "--demo-weights", "-q",
            "-o", dir + "/out", "--window", std::to_string(windows.windowSteps), "--stride",
            std::to_string(windows.strideSteps), "--threads", std::to_string(saved.threads) });
        EXPECT_EQ(score.exitCode, 0) << score.err;
        // A result that is not there fails as an input (1), after the threshold was accepted.
        const InProcessResult clips = runInProcess({ "clips", dir + "/none.vigil.json", "-o",
            dir + "/clips", "--threshold", shown(saved.threshold) });
        EXPECT_EQ(clips.exitCode, 1) << clips.err;
        EXPECT_EQ(clips.err.find("--threshold"), std::string::npos) << clips.err;
    }
}

TEST(DefaultsAgreement, TheOpenStreamDialogOffersWatchsBoundsAndDefaults)
{
    const auto application = offscreenApplication();
    const QString path = QString::fromStdString(scratchDir("defaults_agreement_stream"))
        + QStringLiteral("/store.ini");
    QFile::remove(path);
    QSettings store(path, QSettings::IniFormat);
    ui::OpenStreamDialog dialog(store);
    for (QDoubleSpinBox* box : { dialog.onBox(), dialog.offBox() }) {
        EXPECT_EQ(box->minimum(), bounds::threshold().min);
        EXPECT_EQ(box->maximum(), bounds::threshold().max);
    }
    EXPECT_DOUBLE_EQ(dialog.onBox()->value(), defaults::kAlertOn);
    EXPECT_DOUBLE_EQ(dialog.offBox()->value(), defaults::kAlertOff);
    EXPECT_EQ(dialog.minutesBox()->minimum(), bounds::timelineMinutes().min);
    EXPECT_EQ(dialog.minutesBox()->maximum(), bounds::timelineMinutes().max);
    EXPECT_EQ(dialog.minutesBox()->value(), defaults::kLiveTimelineMinutes);
}

} // namespace
} // namespace vigil::test
