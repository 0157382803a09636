// A saved sweep read back and what it says for question 7: settings told apart or not by the
// spread of their own runs, weights kept early, and untrusted reports refused in one line.

#include "core/common/error.h"
#include "core/train/sweep_findings.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <limits>

namespace vigil::train {
namespace {

RunResult run(int64_t hidden, int64_t rows, uint64_t seed, double auc, int64_t kept)
{
    RunResult result;
    result.shape = { hidden, rows };
    result.seed = seed;
    result.fold = 0;
    result.auc = auc;
    result.validationAuc = auc;
    result.selectedStep = kept;
    result.steps = 40;
    return result;
}

std::string writeReport(const std::string& name, const std::vector<RunResult>& runs)
{
    const std::string path = test::scratchDir("sweep_findings") + "/" + name;
    writeReportJson(path, "{}", runs, summarise(runs));
    return path;
}

std::string writeText(const std::string& name, const std::string& text)
{
    const std::string path = test::scratchDir("sweep_findings") + "/" + name;
    std::ofstream(path) << text;
    return path;
}

TEST(SweepFindings, ReadsASweepBackAndSaysWhichSettingsItCannotTellApart)
{
    const std::string path = writeReport("model.report.json",
        { run(32, 1, 1, 0.80, 40), run(32, 1, 2, 0.84, 40), run(64, 3, 1, 0.90, 20),
            run(64, 3, 2, 0.96, 40), run(128, 7, 1, 0.93, 40), run(128, 7, 2, 0.95, 10) });
    const SweepReport report = readSweepReport(path);
    ASSERT_EQ(report.runs.size(), 6u);
    ASSERT_EQ(report.settings.size(), 3u);
    EXPECT_NEAR(report.settings[1].mean, 0.93, 1e-12);
    const std::vector<std::string> findings = sweepFindings(report, "model.report.json");
    ASSERT_EQ(findings.size(), 3u);
    EXPECT_NE(
        findings[0].find("d_a 64, r 3: 93.00 % ± 4.24 (2 runs with an AUC)"), std::string::npos)
        << findings[0];
    // 128/7 is best at 94 % with a 1.41-point spread; 64/3 (93 %) is within it, 32/1 is not.
    EXPECT_NE(findings[1].find("Best: d_a 128, r 7 at 94.00 %"), std::string::npos) << findings[1];
    EXPECT_NE(findings[1].find("not told apart by these runs: d_a 64, r 3."), std::string::npos)
        << findings[1];
    EXPECT_EQ(findings[1].find("d_a 32, r 1."), std::string::npos) << findings[1];
    EXPECT_NE(findings[2].find("In 2 of its 6 validated runs"), std::string::npos) << findings[2];
}

TEST(SweepFindings, SaysWhenNoRunWasValidated)
{
    RunResult unvalidated = run(64, 3, 1, 0.9, 40);
    unvalidated.validationAuc = std::numeric_limits<double>::quiet_NaN();
    const SweepReport report = readSweepReport(writeReport("plain.report.json", { unvalidated }));
    const std::vector<std::string> findings = sweepFindings(report, "plain");
    EXPECT_NE(
        findings[0].find("d_a 64, r 3: 90.00 %, no spread (1 run with an AUC)"), std::string::npos)
        << findings[0];
    EXPECT_EQ(findings[0].find("nan"), std::string::npos) << findings[0];
    EXPECT_NE(findings[1].find("single run"), std::string::npos) << findings[1];
    EXPECT_NE(findings[2].find("not validated"), std::string::npos) << findings[2];
}

TEST(SweepFindings, SaysASettingWithoutAnAucHasNoneInsteadOfNan)
{
    RunResult unscored = run(32, 1, 1, std::numeric_limits<double>::quiet_NaN(), 40);
    const SweepReport report = readSweepReport(
        writeReport("unscored.report.json", { unscored, run(64, 3, 1, 0.9, 40) }));
    const std::vector<std::string> findings = sweepFindings(report, "unscored");
    EXPECT_NE(findings[0].find("d_a 32, r 1: no AUC (0 runs with an AUC)"), std::string::npos)
        << findings[0];
    for (const std::string& finding : findings)
        EXPECT_EQ(finding.find("nan"), std::string::npos) << finding;
}

TEST(SweepFindings, RefusesWhatIsNotATrainingReportNamingTheFile)
{
    for (const auto& [name, text] :
        std::vector<std::pair<std::string, std::string>> { { "notjson.report.json", "{ not json" },
            { "noruns.report.json", "{\"settings\": []}" },
            { "empty.report.json", "{\"runs\": []}" },
            { "negative.report.json",
                "{\"runs\": [{\"da\": -4, \"r\": 3, \"seed\": 1, \"fold\": null, \"auc\": 0.5, "
                "\"validation_auc\": null, \"selected_step\": 1, \"steps\": 2}]}" },
            { "kept-after-end.report.json",
                "{\"runs\": [{\"da\": 4, \"r\": 3, \"seed\": 1, \"fold\": null, \"auc\": 0.5, "
                "\"validation_auc\": null, \"selected_step\": 9, \"steps\": 2}]}" },
            { "string.report.json",
                "{\"runs\": [{\"da\": \"64\", \"r\": 3, \"seed\": 1, \"fold\": null, \"auc\": 0.5, "
                "\"validation_auc\": null, \"selected_step\": 1, \"steps\": 2}]}" } }) {
        SCOPED_TRACE(name);
        const std::string path = writeText(name, text);
        try {
            readSweepReport(path);
            ADD_FAILURE() << "read";
        } catch (const IoError& error) {
            EXPECT_EQ(std::string(error.what()).rfind(path + ": ", 0), 0u) << error.what();
        }
    }
    EXPECT_THROW(readSweepReport(test::scratchDir("sweep_findings") + "/missing.json"), Error);
}

} // namespace
} // namespace vigil::train
