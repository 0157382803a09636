// main() of vigil_ui_tests: one QApplication for every test, on the offscreen platform so the
// tests run without a display (CI, ssh).

#include "tests/support/test_paths.h"

#include <QApplication>
#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // ctest runs each UI test as its own process, in parallel: each gets its own QSettings file
    // (recent files, settings), so one test never sees or clears another's.
    qputenv("XDG_CONFIG_HOME", QByteArray::fromStdString(vigil::test::scratchDir("ui_settings")));
    QApplication::setApplicationName(QStringLiteral("vigil-ui-tests"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
