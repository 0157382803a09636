#include "app/gui_command.h"

#include "app/exit_codes.h"
#include "models/model_factory.h"
#include "ui/analysis_engine.h"
#include "ui/main_window.h"
#include "ui/video_panel.h"

#include <QApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
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

enum class WeightsChoice { Demo, Files, Quit };

WeightsChoice askAboutMissingWeights()
{
    QMessageBox box(QMessageBox::Question, QObject::tr("Vigil: no weights"),
        QObject::tr("No network weights were given."), QMessageBox::NoButton);
    box.setInformativeText(QObject::tr(
        "Vigil needs the backbone (I3D-ResNet-50) and the attention classifier as PyTorch state "
        "dicts (--backbone-weights FILE --classifier FILE).\n\nYou can pick the files now, or try "
        "Vigil with seeded random demo weights: everything works, but the scores and attention "
        "are NOT meaningful."));
    QPushButton* demo
        = box.addButton(QObject::tr("Continue with demo weights"), QMessageBox::AcceptRole);
    QPushButton* files
        = box.addButton(QObject::tr("Choose weight files…"), QMessageBox::ActionRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(demo);
    box.exec();
    if (box.clickedButton() == demo)
        return WeightsChoice::Demo;
    return box.clickedButton() == files ? WeightsChoice::Files : WeightsChoice::Quit;
}

// Asks for each missing file; an unanswered one stays missing (and becomes demo weights).
void chooseWeightFiles(ModelOptions& model)
{
    const QString filter = QObject::tr("PyTorch state dicts (*.pth *.pt);;All files (*)");
    if (model.backboneWeights.empty())
        model.backboneWeights = QFileDialog::getOpenFileName(nullptr,
            QObject::tr("Backbone weights (I3D-ResNet-50 or ResNet-50)"), QString(), filter)
                                    .toStdString();
    if (model.classifierWeights.empty())
        model.classifierWeights = QFileDialog::getOpenFileName(
            nullptr, QObject::tr("Attention classifier weights"), QString(), filter)
                                      .toStdString();
}

// Throws ModelError naming the file when weights cannot be loaded.
ui::AnalysisEngine buildEngine(const RunOptions& options)
{
    const ModelOptions& model = options.model;
    models::setThreadCount(model.threads);
    models::LoadedBackbone backbone = models::loadBackbone(model.backbone, model.backboneWeights);
    models::LoadedClassifier classifier = models::loadClassifier(model.classifierWeights);

    analysis::ExtractionOptions extraction;
    extraction.backbone = model.backbone;
    extraction.crops = model.crops;
    extraction.frameStep = model.frameStep;
    ui::AnalysisEngine engine;
    engine.pipeline
        = std::make_shared<const analysis::FeaturePipeline>(backbone.extractor, extraction);
    engine.scorer = classifier.scorer;
    engine.model.backbone = analysis::backboneName(model.backbone);
    engine.model.crops = model.backbone == analysis::BackboneKind::I3dResNet50
            && model.crops == preprocess::CropMode::Ten
        ? "ten"
        : "center";
    engine.model.backboneWeights = backbone.weights;
    engine.model.classifier = classifier.weights;
    engine.model.hiddenSize = classifier.hiddenSize;
    engine.model.attentionRows = classifier.rows;
    const int64_t window = options.windows.windowSteps;
    engine.windows
        = { window, options.windows.strideSteps > 0 ? options.windows.strideSteps : window };
    engine.device = "CPU";
    return engine;
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
            QTimer::singleShot(300, &window, [&window, path, &exitCode] {
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

    RunOptions resolved = options;
    ModelOptions& model = resolved.model;
    if ((model.backboneWeights.empty() || model.classifierWeights.empty())
        && !model.useDemoWeights) {
        if (isScreenshot) {
            printError(
                "no weights given: pass --backbone-weights and --classifier, or --demo-weights");
            return kExitUsage;
        }
        const WeightsChoice choice = askAboutMissingWeights();
        if (choice == WeightsChoice::Quit)
            return kExitUsage;
        if (choice == WeightsChoice::Files)
            chooseWeightFiles(model);
    }
    ui::AnalysisEngine engine;
    try {
        engine = buildEngine(resolved);
    } catch (const std::exception& error) {
        printError(error.what());
        if (!isScreenshot)
            QMessageBox::critical(nullptr, QObject::tr("Vigil: cannot load the networks"),
                QString::fromStdString(error.what()));
        return kExitFailedInput;
    }

    ui::MainWindow window(engine);
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
