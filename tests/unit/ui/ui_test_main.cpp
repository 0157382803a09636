// main() of vigil_ui_tests: one QApplication for every test, on the offscreen platform so the
// tests run without a display (CI, ssh).

#include "core/batch/kept_results.h"
#include "tests/support/test_paths.h"

#include <QApplication>
#include <QSettings>
#include <gtest/gtest.h>

#include <filesystem>
#include <system_error>

namespace {

// ctest runs a suite's tests in one process (PER_SUITE, tests/CMakeLists.txt): each test starts
// from empty settings and no kept results, so a threshold, a recent file or an analysis kept by
// one never reaches the next.
class FreshSettings : public ::testing::EmptyTestEventListener {
    void OnTestStart(const ::testing::TestInfo&) override
    {
        QSettings settings;
        settings.clear();
        settings.sync();
        std::error_code ignored;
        std::filesystem::remove_all(vigil::batch::keptResultsFolder(), ignored);
    }
};

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // ctest runs the suites as processes in parallel: each gets its own QSettings file (recent
    // files, settings), so one never sees or clears another's.
    qputenv("XDG_CONFIG_HOME", QByteArray::fromStdString(vigil::test::scratchDir("ui_settings")));
    qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(vigil::test::scratchDir("ui_cache")));
    QApplication::setApplicationName(QStringLiteral("vigil-ui-tests"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::UnitTest::GetInstance()->listeners().Append(new FreshSettings);
    return RUN_ALL_TESTS();
}
