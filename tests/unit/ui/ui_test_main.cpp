// main() of vigil_ui_tests: one QApplication for every test, on the offscreen platform so the
// tests run without a display (CI, ssh).

#include "tests/support/test_paths.h"

#include <QApplication>
#include <QSettings>
#include <gtest/gtest.h>

namespace {

// ctest runs a suite's tests in one process (PER_SUITE, tests/CMakeLists.txt): each test starts
// from empty settings, so a threshold or a recent file saved by one never reaches the next.
class FreshSettings : public ::testing::EmptyTestEventListener {
    void OnTestStart(const ::testing::TestInfo&) override
    {
        QSettings settings;
        settings.clear();
        settings.sync();
    }
};

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // ctest runs the suites as processes in parallel: each gets its own QSettings file (recent
    // files, settings), so one never sees or clears another's.
    qputenv("XDG_CONFIG_HOME", QByteArray::fromStdString(vigil::test::scratchDir("ui_settings")));
    QApplication::setApplicationName(QStringLiteral("vigil-ui-tests"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::UnitTest::GetInstance()->listeners().Append(new FreshSettings);
    return RUN_ALL_TESTS();
}
