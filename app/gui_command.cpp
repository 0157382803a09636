#include "app/gui_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/gui_engine.h"
#include "core/analysis/weights_summary.h"
#include "core/tuning/precision_check.h"
#include "models/model_factory.h"
#include "ui/main/main_window.h"

#include <QApplication>
#include <QStringList>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <exception>

namespace vigil::app {
namespace {

// Why Qt could not start a window here, checked before QApplication, which would abort (SIGABRT)
// with its plugin message instead. Empty when QT_QPA_PLATFORM names a platform that needs no
// display (offscreen, minimal, eglfs, vnc...) or the display it needs is set.
std::string displayProblem()
{
    const QString platforms = qEnvironmentVariable("QT_QPA_PLATFORM");
    const bool hasX11 = !qEnvironmentVariableIsEmpty("DISPLAY");
    const bool hasWayland = !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    // Qt tries each of "wayland;xcb" in turn; an empty value means its default, xcb or wayland.
    for (const QString& platform : platforms.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const bool needsX11 = platform.startsWith(QLatin1String("xcb"));
        const bool needsWayland = platform.startsWith(QLatin1String("wayland"));
        if ((!needsX11 && !needsWayland) || (needsX11 && hasX11) || (needsWayland && hasWayland))
            return {};
    }
    if (platforms.trimmed().isEmpty() && (hasX11 || hasWayland))
        return {};
    return "gui: needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set (QT_QPA_PLATFORM="
           "offscreen runs it without one); vigil analyze and vigil batch need none";
}

// The first SIGINT/SIGTERM only sets `cancel` (a signal handler may do no more): poll it and
// quit the event loop, so that the window closes and its analysis is cancelled as on a close.
void quitWhenCancelled(const CancellationToken& cancel, bool& wasCancelled)
{
    auto* poll = new QTimer(qApp);
    QObject::connect(poll, &QTimer::timeout, qApp, [&cancel, &wasCancelled] {
        if (!cancel.isCancelled())
            return;
        wasCancelled = true;
        QApplication::quit();
    });
    poll->start(100);
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
                // The networks of what the picture shows, as its status bar names them.
                if (exitCode == kExitOk)
                    std::printf("wrote %s (%s)\n", path.toLocal8Bit().constData(),
                        analysis::weightsSummary(window.result()->model).c_str());
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

int runGui(const RunOptions& options, const GuiOptions& gui, char* programName,
    const CancellationToken& cancel)
{
    const bool isScreenshot = !gui.screenshotPath.empty();
    if (isScreenshot && gui.video.empty() == !gui.isDemo) {
        printError("--screenshot needs a VIDEO to analyse, or --demo");
        return kExitUsage;
    }
    if (isScreenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (const std::string problem = displayProblem(); !problem.empty()) {
        printError(problem);
        return kExitUsage;
    }
    // As the command line refuses it (cli_engine.cpp), before a window opens.
    if (const std::string problem = tuning::precisionProblem(
            options.model.precision, tuning::readCpuInfo(), options.model.device);
        !problem.empty()) {
        printError(
            tuning::precisionOptionError(options.model.precision, problem, options.model.device));
        return kExitUsage;
    }
    int argc = 1;
    char* argv[] = { programName, nullptr };
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vigil"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));

    // Start-up, before any network runs (core/engine/engine.h): the threads of the command line
    // or the Settings dialog's; a change there takes effect at the next start. The backbone's
    // calibration, which may take a minute, is measured at the first load, with a dialog.
    models::setUpThreads(savedThreads(options), options.model.backbone, options.model.device,
        models::ThreadChoice::Requested);
    // Interactive: the networks are chosen at the first analysis, with dialogs when weights are
    // missing. A screenshot cannot ask, so it loads them now or fails.
    ui::AnalysisEngine engine;
    if (isScreenshot && !gui.isDemo) {
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
    const auto loader = std::make_shared<const models::TorchNetworkLoader>();
    window.setEngineSource(ui::WeightsFlow([options] { return engineRequestOf(options); }, loader));
    window.setCudaUnavailableReason(QString::fromStdString(models::cudaUnavailableReason()));
    window.setBf16UnavailableReason(QString::fromStdString(
        tuning::precisionProblem(Precision::Bf16, tuning::readCpuInfo(), ComputeDevice::Cpu)));
    window.setClassifierFileCheck(classifierFileProblem);
    window.setNetworkLoader(loader);
    window.setDemoMaker(guiDemoMaker(options.model.threads));
    int screenshotExitCode = kExitOk;
    if (isScreenshot)
        saveScreenshotWhenAnalysed(
            window, QString::fromStdString(gui.screenshotPath), screenshotExitCode);
    bool wasCancelled = false;
    quitWhenCancelled(cancel, wasCancelled);
    window.show();
    if (gui.isDemo)
        window.startDemo();
    else if (!gui.video.empty())
        window.openVideo(QString::fromStdString(gui.video));
    if (!gui.camerasFile.empty()) // once the window shows: weights may be asked for
        QTimer::singleShot(0, &window, [&window, &gui] {
            window.openCamerasFile(
                QString::fromStdString(gui.camerasFile), QString::fromStdString(gui.camerasOutput));
        });
    const int code = app.exec();
    if (wasCancelled)
        return kExitCancelled;
    return isScreenshot ? screenshotExitCode : code;
}

} // namespace vigil::app
