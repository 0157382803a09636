// --precision on the command line (in this process, runInProcess): bf16 is refused in one line
// on a CPU without native bfloat16 (a saved /proc/cpuinfo through VIGIL_CPUINFO), and where the
// CPU has it the result and the features' sidecar record it; the desktop app runs a bf16 saved
// in its settings only where the CPU has it.

#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include "app/gui_engine.h"
#include "core/tuning/machine_key.h"
#include "ui/main/app_settings.h"

#include <QCoreApplication>
#include <QSettings>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

class PrecisionOption : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("precision_option");
        ASSERT_TRUE(makeClip(dir_ + "/clip.mp4", "testsrc2=size=160x120:rate=25", 20));
    }
    static std::string dir_;
};
std::string PrecisionOption::dir_;

TEST_F(PrecisionOption, Bf16IsRefusedInOneLineWhereTheCpuHasNoNativeBfloat16)
{
    const std::string cpuinfo = dir_ + "/avx2-cpuinfo";
    std::ofstream(cpuinfo) << "model name\t: AMD EPYC 7571\nflags\t\t: fpu sse2 avx2 fma\n";
    const ScopedEnvironment cpu("VIGIL_CPUINFO", cpuinfo);
    const std::string out = dir_ + "/refused";
    const CommandResult run = vigilInProcess("analyze " + shellQuoted(dir_ + "/clip.mp4")
        + " --precision bf16 --demo-weights -o " + shellQuoted(out));
    EXPECT_EQ(run.exitCode, 2) << run.output;
    const std::vector<std::string> lines = linesOfText(run.output);
    ASSERT_EQ(lines.size(), 1u) << run.output;
    EXPECT_EQ(lines[0].rfind("vigil: --precision bf16: this CPU (AMD EPYC 7571) has no native "
                             "bfloat16",
                  0),
        0u)
        << lines[0];
    EXPECT_NE(lines[0].find("; use --precision fp32"), std::string::npos) << lines[0];
    EXPECT_FALSE(fs::exists(out));
    EXPECT_EQ(vigilInProcess("analyze x.mp4 --precision fp16").exitCode, 2);
    // The desktop app refuses it the same way, before a window opens.
    const ScopedEnvironment offscreen("QT_QPA_PLATFORM", std::string("offscreen"));
    const CommandResult gui = vigilInProcess("gui --precision bf16");
    EXPECT_EQ(gui.exitCode, 2) << gui.output;
    EXPECT_EQ(gui.output.rfind("vigil: --precision bf16: this CPU (AMD EPYC 7571)", 0), 0u)
        << gui.output;
}

TEST_F(PrecisionOption, ResultsAndSidecarsRecordBf16)
{
    if (tuning::readCpuInfo().bf16Flags.empty())
        GTEST_SKIP() << "this CPU has no native bfloat16 (avx512_bf16, amx_bf16)";
    const std::string out = dir_ + "/bf16";
    const CommandResult run = vigilInProcess("analyze " + shellQuoted(dir_ + "/clip.mp4")
        + " --precision bf16 --demo-weights -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("(i3d-r50, centre crop, bf16)"), std::string::npos) << run.output;
    const nlohmann::json model = readJson(out + "/clip.vigil.json")["model"];
    EXPECT_EQ(model["precision"], "bf16") << model;

    const CommandResult features = vigilInProcess("features " + shellQuoted(dir_ + "/clip.mp4")
        + " --precision BF16 --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(features.exitCode, 0) << features.output;
    EXPECT_EQ(readJson(out + "/clip.json")["precision"], "bf16");
    const CommandResult fp32 = vigilInProcess("analyze " + shellQuoted(dir_ + "/clip.mp4")
        + " --demo-weights -q -o " + shellQuoted(dir_ + "/fp32"));
    ASSERT_EQ(fp32.exitCode, 0) << fp32.output;
    EXPECT_EQ(readJson(dir_ + "/fp32/clip.vigil.json")["model"]["precision"], "fp32");
}

// Settings > Precision in the desktop app (app::withSavedSettings): a saved bf16 runs where the
// CPU has native bfloat16, and fp32 where it has not (a settings file copied from another
// machine must not make every load fail); settings saved before Precision existed keep the
// command line's --precision.
TEST_F(PrecisionOption, TheDesktopAppRunsASavedBf16OnlyWhereTheCpuHasIt)
{
    QCoreApplication::setOrganizationName(QStringLiteral("Vigil"));
    QCoreApplication::setApplicationName(QStringLiteral("vigil-precision-test"));
    const QString settingsDir = QString::fromStdString(scratchDir("precision_option_settings"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir);
    {
        QSettings store;
        store.clear();
        ui::AppSettings saved;
        saved.precision = Precision::Bf16;
        saved.save(store);
    }
    const std::string withBf16 = dir_ + "/bf16-cpuinfo";
    std::ofstream(withBf16)
        << "model name\t: AMD EPYC 9654\nflags\t\t: fpu avx2 avx512f avx512_bf16\n";
    const std::string withoutBf16 = dir_ + "/avx2-cpuinfo";
    std::ofstream(withoutBf16) << "model name\t: AMD EPYC 7571\nflags\t\t: fpu sse2 avx2 fma\n";
    {
        const ScopedEnvironment cpu("VIGIL_CPUINFO", withBf16);
        EXPECT_EQ(app::withSavedSettings({}).model.precision, Precision::Bf16);
    }
    {
        const ScopedEnvironment cpu("VIGIL_CPUINFO", withoutBf16);
        EXPECT_EQ(app::withSavedSettings({}).model.precision, Precision::Fp32);
    }
    QSettings().remove(QStringLiteral("analysis/precision"));
    app::RunOptions commandLine;
    commandLine.model.precision = Precision::Bf16;
    {
        const ScopedEnvironment cpu("VIGIL_CPUINFO", withBf16);
        EXPECT_EQ(app::withSavedSettings(commandLine).model.precision, Precision::Bf16);
        EXPECT_EQ(app::withSavedSettings({}).model.precision, Precision::Fp32);
    }
    QSettings().clear();
}

} // namespace
} // namespace vigil::test
