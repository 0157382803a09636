#include "app/gui_command.h"

#include "app/exit_codes.h"
#include "app/gui_engine.h"
#include "models/model_factory.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <exception>

namespace vigil::app {
namespace {

void printError(const std::string& message)
{
    std::fprintf(stderr, "vigil: %s\n", message.c_str());
}

// Shows the most telling moment, then saves the whole window once it has painted.
void saveScreenshotWhenAnalysed(ui::MainWindow& window, const QString& path, int& exitCode)
{
    QObject::connect(
        &window, &ui::MainWindow::analysisSucceeded, &window, [&window, path, &exitCode] {
            const auto& scores = window.result()->frameScores;
            const auto peak = std::max_element(scores.begin(), scores.end());
            if (peak != scores.end())
                window.seek(peak - scores.begin());
            // Long enough for the thumbnails of the window under the playhead to be decoded.
            QTimer::singleShot(1500, &window, [&window, path, &exitCode] {
                exitCode = window.grab().save(path, "PNG") ? kExitOk : kExitFailedInput;
                if (exitCode == kExitOk)
                    std::printf("wrote %s\n", path.toLocal8Bit().constData());
                else
                    printError("cannot write " + path.toStdString());
                QApplication::quit();
            });
        });
    QObject::connect(
        &window, &ui::MainWindow::analysisFailed, &window, [&exitCode](const QString& message) {
            printError(message.toStdString());
            exitCode = kExitFailedInput;
            // Queued: the failure may come before the event loop runs (an unreadable file).
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        });
}

} // namespace

int runGui(const RunOptions& options, const GuiOptions& gui, char* programName)
{
    const bool isScreenshot = !gui.screenshotPath.empty();
    if (isScreenshot && gui.video.empty()) {
        printError("--screenshot needs a VIDEO to analyse");
        return kExitUsage;
    }
    if (isScreenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char* argv[] = { programName, nullptr };
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vigil"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));

    // Interactive: the networks are chosen at the first analysis, with dialogs when weights are
    // missing. A screenshot cannot ask, so it loads them now or fails.
    ui::AnalysisEngine engine;
    if (isScreenshot) {
        try {
            std::string problem;
            std::optional<ui::AnalysisEngine> loaded = loadEngineQuietly(options, problem);
            if (!loaded) {
                printError(problem);
                return kExitUsage;
            }
            engine = std::move(*loaded);
        } catch (const std::exception& error) {
            printError(error.what());
            return kExitFailedInput;
        }
    }
    ui::MainWindow window(engine);
    window.setEngineSource(GuiEngineSource(options));
    window.setCudaUnavailableReason(QString::fromStdString(models::cudaUnavailableReason()));
    window.setClassifierFileCheck(classifierFileProblem);
    window.setNetworkLoader(std::make_shared<const models::TorchNetworkLoader>());
    int screenshotExitCode = kExitOk;
    if (isScreenshot)
        saveScreenshotWhenAnalysed(
            window, QString::fromStdString(gui.screenshotPath), screenshotExitCode);
    window.show();
    if (!gui.video.empty())
        window.openVideo(QString::fromStdString(gui.video));
    const int code = app.exec();
    return isScreenshot ? screenshotExitCode : code;
}

} // namespace vigil::app
