#include "ui/app_settings.h"

#include "core/models_store/model_locations.h"
#include "core/models_store/model_store.h"

#include <QSettings>

#include <exception>

#include <algorithm>

namespace vigil::ui {
namespace {

// A setting's word (core/common/settings.h), or the fallback for a missing or unknown one.
template <typename Enum> Enum settingOr(const QVariant& value, Enum fallback)
{
    return fromString<Enum>(value.toString().toStdString()).value_or(fallback);
}

} // namespace

bool AppSettings::operator==(const AppSettings& other) const
{
    return backbone == other.backbone && crops == other.crops && preset == other.preset
        && classifier == other.classifier && windowSteps == other.windowSteps
        && strideSteps == other.strideSteps && threshold == other.threshold
        && threads == other.threads && device == other.device && exportFolder == other.exportFolder;
}

AppSettings AppSettings::load(QSettings& store)
{
    AppSettings settings;
    store.beginGroup(QStringLiteral("analysis"));
    settings.backbone = settingOr(store.value(QStringLiteral("backbone")), settings.backbone);
    settings.crops = settingOr(store.value(QStringLiteral("crops")), settings.crops);
    settings.preset = settingOr(store.value(QStringLiteral("preprocess")), settings.preset);
    settings.classifier = store.value(QStringLiteral("classifier"), settings.classifier).toString();
    settings.windowSteps = std::clamp(
        store.value(QStringLiteral("windowSteps"), settings.windowSteps).toInt(), 1, 4096);
    settings.strideSteps = std::clamp(
        store.value(QStringLiteral("strideSteps"), settings.strideSteps).toInt(), 1, 4096);
    settings.threshold = std::clamp(
        store.value(QStringLiteral("threshold"), settings.threshold).toDouble(), 0.0, 1.0);
    settings.threads
        = std::clamp(store.value(QStringLiteral("threads"), settings.threads).toInt(), 0, 1024);
    settings.device = settingOr(store.value(QStringLiteral("device")), settings.device);
    store.endGroup();
    settings.exportFolder
        = store.value(QStringLiteral("exports/folder"), settings.exportFolder).toString();
    return settings;
}

QStringList installedClassifiers()
{
    QStringList names;
    try {
        using namespace models_store;
        ModelStore store(modelsFolderFromEnvironment(), ModelManifest::builtIn());
        for (const ModelEntry& entry : store.manifest().entries())
            if (entry.kind == ModelKind::Classifier
                && store.status(entry, HashCheck::CacheOnly).state != InstallState::Missing)
                names << QString::fromStdString(entry.name);
    } catch (const std::exception&) {
        // No models folder: nothing installed to offer.
    }
    return names;
}

void AppSettings::save(QSettings& store) const
{
    store.beginGroup(QStringLiteral("analysis"));
    store.setValue(QStringLiteral("backbone"), QString::fromStdString(toString(backbone)));
    store.setValue(QStringLiteral("crops"), QString::fromStdString(toString(crops)));
    store.setValue(QStringLiteral("preprocess"), QString::fromStdString(toString(preset)));
    store.setValue(QStringLiteral("classifier"), classifier);
    store.setValue(QStringLiteral("windowSteps"), windowSteps);
    store.setValue(QStringLiteral("strideSteps"), strideSteps);
    store.setValue(QStringLiteral("threshold"), threshold);
    store.setValue(QStringLiteral("threads"), threads);
    store.setValue(QStringLiteral("device"), QString::fromStdString(toString(device)));
    store.endGroup();
    store.setValue(QStringLiteral("exports/folder"), exportFolder);
    store.sync();
}

void AppSettings::saveThreshold(QSettings& store, double threshold)
{
    store.setValue(QStringLiteral("analysis/threshold"), threshold);
}

} // namespace vigil::ui
