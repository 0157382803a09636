#include "ui/main/app_settings.h"

#include "core/common/count_limits.h"
#include "core/engine/detector_plan.h"
#include "core/models_store/model_locations.h"
#include "core/models_store/model_store.h"

#include <QSettings>

#include <algorithm>
#include <exception>

namespace vigil::ui {
namespace {

// A setting's word (core/common/settings.h), or the fallback for a missing or unknown one.
template <typename Enum> Enum settingOr(const QVariant& value, Enum fallback)
{
    return fromString<Enum>(value.toString().toStdString()).value_or(fallback);
}

// A stored count, clamped to the bound the CLI checks (core/common/count_limits.h): a settings
// file edited by hand, or saved on a machine with more cores, cannot start what the CLI refuses.
int64_t countWithin(const QVariant& value, int64_t fallback, const CountBound& bound)
{
    bool isNumber = false;
    const qlonglong count = value.toLongLong(&isNumber);
    if (!isNumber)
        return fallback;
    return std::clamp<int64_t>(count, bound.min, bound.max);
}

} // namespace

bool AppSettings::operator==(const AppSettings& other) const
{
    return backbone == other.backbone && crops == other.crops && preset == other.preset
        && classifier == other.classifier && windows == other.windows
        && threshold == other.threshold && threads == other.threads && device == other.device
        && precision == other.precision && exportFolder == other.exportFolder
        && detectors == other.detectors;
}

AppSettings AppSettings::load(QSettings& store)
{
    AppSettings settings;
    store.beginGroup(QStringLiteral("analysis"));
    settings.backbone = settingOr(store.value(QStringLiteral("backbone")), settings.backbone);
    settings.crops = settingOr(store.value(QStringLiteral("crops")), settings.crops);
    settings.preset = settingOr(store.value(QStringLiteral("preprocess")), settings.preset);
    settings.classifier = store.value(QStringLiteral("classifier"), settings.classifier).toString();
    settings.windows.windowSteps = countWithin(
        store.value(QStringLiteral("windowSteps")), settings.windows.windowSteps, bounds::steps());
    settings.windows.strideSteps = countWithin(
        store.value(QStringLiteral("strideSteps")), settings.windows.strideSteps, bounds::steps());
    settings.threshold
        = std::clamp(store.value(QStringLiteral("threshold"), settings.threshold).toDouble(),
            bounds::threshold().min, bounds::threshold().max);
    settings.threads = static_cast<int>(
        countWithin(store.value(QStringLiteral("threads")), settings.threads, bounds::threads()));
    settings.device = settingOr(store.value(QStringLiteral("device")), settings.device);
    settings.precision = settingOr(store.value(QStringLiteral("precision")), settings.precision);
    // A list the CLI would refuse (edited by hand, a detector since removed) keeps the default.
    // Joined: a hand-written INI line "detectors=attention,rtfm" reads back as a list.
    const QString detectors
        = store.value(QStringLiteral("detectors")).toStringList().join(QLatin1Char(','));
    engine::DetectorRequest request;
    if (!detectors.isEmpty() && engine::parseDetectorList(detectors.toStdString(), request).empty())
        settings.detectors = detectors;
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
    store.setValue(QStringLiteral("windowSteps"), static_cast<qlonglong>(windows.windowSteps));
    store.setValue(QStringLiteral("strideSteps"), static_cast<qlonglong>(windows.strideSteps));
    store.setValue(QStringLiteral("threshold"), threshold);
    store.setValue(QStringLiteral("threads"), threads);
    store.setValue(QStringLiteral("device"), QString::fromStdString(toString(device)));
    store.setValue(QStringLiteral("precision"), QString::fromStdString(toString(precision)));
    store.setValue(QStringLiteral("detectors"), detectors);
    store.endGroup();
    store.setValue(QStringLiteral("exports/folder"), exportFolder);
    store.sync();
}

void AppSettings::saveThreshold(QSettings& store, double threshold)
{
    store.setValue(QStringLiteral("analysis/threshold"), threshold);
}

} // namespace vigil::ui
