// main() of vigil_ui_tests: one QApplication for every test, on the offscreen platform so the
// tests run without a display (CI, ssh).

#include <QApplication>
#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication::setApplicationName(QStringLiteral("vigil-ui-tests"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
