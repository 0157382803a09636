#include "app/gui_engine.h"

#include "app/loaded_models.h"
#include "app/models_command.h"
#include "core/common/error.h"
#include "core/models_store/model_locations.h"
#include "core/models_store/model_store.h"
#include "models/model_factory.h"
#include "ui/app_settings.h"
#include "ui/missing_weights_dialog.h"
#include "ui/model_download_dialog.h"

#include <QApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>

#include <exception>

namespace vigil::app {
namespace {

using models_store::ModelEntry;
using models_store::ModelKind;
using models_store::ModelManifest;

bool isMissingBackbone(const WeightsChoice& choice)
{
    return choice.options.backboneWeights.empty();
}
bool isMissingClassifier(const WeightsChoice& choice)
{
    return choice.options.classifierWeights.empty();
}

// The manifest entries that would fill what is missing; the first of each kind is the default.
std::vector<const ModelEntry*> candidates(const WeightsChoice& choice)
{
    std::vector<const ModelEntry*> entries;
    const std::string backbone = analysis::backboneName(choice.options.backbone);
    for (const ModelEntry& entry : ModelManifest::builtIn().entries()) {
        const bool isClassifier = entry.kind == ModelKind::Classifier;
        if ((isClassifier && isMissingClassifier(choice))
            || (!isClassifier && isMissingBackbone(choice) && entry.backbone == backbone))
            entries.push_back(&entry);
    }
    return entries;
}

QStringList defaultDownloads(const WeightsChoice& choice)
{
    QStringList names;
    bool hasClassifier = false;
    for (const ModelEntry* entry : candidates(choice)) {
        const bool isClassifier = entry->kind == ModelKind::Classifier;
        if (!isClassifier || !hasClassifier)
            names << QString::fromStdString(entry->name);
        hasClassifier = hasClassifier || isClassifier;
    }
    return names;
}

QString missingText(const WeightsChoice& choice)
{
    if (isMissingBackbone(choice) && isMissingClassifier(choice))
        return QObject::tr("the attention classifier and the %1 backbone")
            .arg(QString::fromStdString(analysis::backboneName(choice.options.backbone)));
    return isMissingClassifier(choice)
        ? QObject::tr("the attention classifier")
        : QObject::tr("the %1 backbone")
              .arg(QString::fromStdString(analysis::backboneName(choice.options.backbone)));
}

// Asks for a file and which weights it is, then installs it after the store's checks.
void importFile(QWidget* parent, const WeightsChoice& choice, const std::string& folder)
{
    const QString file = QFileDialog::getOpenFileName(parent, QObject::tr("Import weights"),
        QString(), QObject::tr("Weights (*.pth *.pt *.pkl);;All files (*)"));
    if (file.isEmpty())
        return;
    const std::vector<const ModelEntry*> entries = candidates(choice);
    QStringList items;
    for (const ModelEntry* entry : entries)
        items << QStringLiteral("%1 — %2").arg(
            QString::fromStdString(entry->name), QString::fromStdString(entry->description));
    bool isChosen = false;
    const QString item = QInputDialog::getItem(parent, QObject::tr("Import weights"),
        QObject::tr("Which weights is this file?"), items, 0, false, &isChosen);
    if (!isChosen)
        return;
    try {
        models_store::ModelStore store(folder, ModelManifest::builtIn());
        const std::string path
            = store.import(file.toStdString(), *entries[static_cast<size_t>(items.indexOf(item))]);
        QMessageBox::information(parent, QObject::tr("Import weights"),
            QObject::tr("Installed %1").arg(QString::fromStdString(path)));
    } catch (const std::exception& error) {
        QMessageBox::warning(
            parent, QObject::tr("Import weights"), QString::fromStdString(error.what()));
    }
}

// Loads the chosen networks (the way `vigil analyze` does); throws ModelError naming a file.
ui::AnalysisEngine buildEngine(const RunOptions& options, WeightsChoice& choice)
{
    const ModelOptions& model = choice.options;
    models::setThreadCount(model.threads);
    models::LoadedBackbone backbone = choice.backbone
        ? std::move(*choice.backbone)
        : models::loadBackbone(model.backbone, model.backboneWeights, {}, model.device);
    models::LoadedClassifier classifier = models::loadClassifier(model.classifierWeights);

    ui::AnalysisEngine engine;
    engine.pipeline = std::make_shared<const analysis::FeaturePipeline>(
        backbone.extractor, extractionOptions(model));
    engine.scorer = classifier.scorer;
    engine.explainer = classifier.explainer;
    engine.model.backbone = analysis::backboneName(model.backbone);
    engine.model.crops = model.backbone == analysis::BackboneKind::I3dResNet50
            && model.crops == preprocess::CropMode::Ten
        ? "ten"
        : "center";
    engine.model.backboneWeights = backbone.weights;
    engine.model.classifier = classifier.weights;
    engine.model.hiddenSize = classifier.hiddenSize;
    engine.model.attentionRows = classifier.rows;
    describePublished(choice, engine.model);
    const int64_t window = options.windows.windowSteps;
    engine.windows
        = { window, options.windows.strideSteps > 0 ? options.windows.strideSteps : window };
    engine.device = model.device == models::ComputeDevice::Cuda ? "CUDA" : "CPU";
    engine.warnings = choice.warnings;
    return engine;
}

// The options of the command line with the settings saved by the Settings dialog on top (once
// it has saved any): the GUI's choice of backbone, crops, classifier, windows and threads.
RunOptions withSavedSettings(RunOptions options)
{
    QSettings store;
    if (!store.contains(QStringLiteral("analysis/backbone")))
        return options;
    const ui::AppSettings settings = ui::AppSettings::load(store);
    const auto backbone = settings.backbone == QLatin1String("resnet50")
        ? analysis::BackboneKind::ResNet50
        : analysis::BackboneKind::I3dResNet50;
    if (backbone != options.model.backbone)
        options.model.backboneWeights.clear(); // the file named for the other backbone
    options.model.backbone = backbone;
    options.model.crops = settings.crops == QLatin1String("ten") ? preprocess::CropMode::Ten
                                                                 : preprocess::CropMode::Center;
    if (!settings.classifier.isEmpty()) {
        const std::string chosen = settings.classifier.toStdString();
        const ModelEntry* entry = ModelManifest::builtIn().find(chosen);
        options.model.classifierWeights = chosen;
        if (entry && entry->kind == ModelKind::Classifier) {
            try {
                options.model.classifierWeights = models_store::ModelStore(
                    models_store::modelsFolderFromEnvironment(), ModelManifest::builtIn())
                                                      .pathOf(*entry);
            } catch (const Error&) {
                options.model.classifierWeights.clear(); // no models folder: the default choice
            }
        }
    }
    options.windows.windowSteps = settings.windowSteps;
    options.windows.strideSteps = settings.strideSteps;
    options.model.threads = settings.threads;
    // The settings dialog offers CUDA only when it can be used (gui_command.cpp).
    options.model.device
        = settings.device == QStringLiteral("cuda") && models::cudaUnavailableReason().empty()
        ? models::ComputeDevice::Cuda
        : models::ComputeDevice::Cpu;
    return options;
}

} // namespace

std::optional<ui::AnalysisEngine> loadEngineQuietly(const RunOptions& options, std::string& problem)
{
    std::optional<WeightsChoice> choice = chooseWeights(options.model, true);
    if (!choice) {
        problem = "the weights named cannot be used";
        return std::nullopt;
    }
    if ((isMissingBackbone(*choice) || isMissingClassifier(*choice))
        && !options.model.useDemoWeights) {
        problem = "no " + missingText(*choice).toStdString()
            + " installed: run `vigil models fetch`, pass --backbone-weights and --classifier, or "
              "--demo-weights";
        return std::nullopt;
    }
    return buildEngine(options, *choice);
}

std::optional<ui::AnalysisEngine> GuiEngineSource::operator()(QWidget* parent)
{
    const RunOptions saved = withSavedSettings(options_);
    for (;;) {
        RunOptions options = saved;
        options.model.useDemoWeights = options_.model.useDemoWeights;
        std::optional<WeightsChoice> choice = chooseWeights(options.model, true);
        if (!choice) {
            QMessageBox::critical(parent, QObject::tr("Vigil: weights"),
                QObject::tr(
                    "The weights named on the command line, or the installed ones, cannot be used. "
                    "`vigil models verify` in a terminal says which file and why."));
            return std::nullopt;
        }
        const bool isMissing = isMissingBackbone(*choice) || isMissingClassifier(*choice);
        if (!isMissing || options.model.useDemoWeights) {
            try {
                QApplication::setOverrideCursor(Qt::WaitCursor);
                ui::AnalysisEngine engine = buildEngine(options, *choice);
                QApplication::restoreOverrideCursor();
                return engine;
            } catch (const std::exception& error) {
                QApplication::restoreOverrideCursor();
                QMessageBox::critical(parent, QObject::tr("Vigil: cannot load the networks"),
                    QString::fromStdString(error.what()));
                return std::nullopt;
            }
        }
        std::string folder;
        try {
            folder = models_store::modelsFolderFromEnvironment();
        } catch (const Error& error) {
            QMessageBox::critical(
                parent, QObject::tr("Vigil: weights"), QString::fromStdString(error.what()));
            return std::nullopt;
        }
        ui::MissingWeightsDialog ask(missingText(*choice), QString::fromStdString(folder), parent);
        ask.exec();
        switch (ask.choice()) {
        case ui::MissingWeightsDialog::Choice::Download: {
            ui::ModelDownloadDialog download(QString::fromStdString(folder),
                defaultDownloads(*choice),
                QString::fromStdString(models_store::mirrorFromEnvironment()), parent);
            if (download.exec() != QDialog::Accepted && !download.errorText().isEmpty())
                QMessageBox::warning(
                    parent, QObject::tr("Vigil: download failed"), download.errorText());
            break;
        }
        case ui::MissingWeightsDialog::Choice::Import:
            importFile(parent, *choice, folder);
            break;
        case ui::MissingWeightsDialog::Choice::Demo:
            options_.model.useDemoWeights = true;
            break;
        case ui::MissingWeightsDialog::Choice::Cancel:
            return std::nullopt;
        }
    }
}

} // namespace vigil::app
