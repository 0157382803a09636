#pragma once
// The desktop app's analysis settings, kept with QSettings between sessions: backbone, crops,
// preprocessing preset, classifier, window and stride, threshold, threads, device, precision,
// detectors and the folder for exports. Read by the app when it loads networks for the next
// analysis. Plain values; load/save take the QSettings to use (tests pass one on a temporary
// file). GUI thread.

#include "core/analysis/windows.h"
#include "core/common/defaults.h"
#include "core/common/settings.h"

#include <QString>
#include <QStringList>

class QSettings;

namespace vigil::ui {

struct AppSettings {
    BackboneKind backbone = defaults::kBackbone;
    CropMode crops = defaults::kCrops; // ten: i3d-r50 only
    PreprocessPreset preset = defaults::kPreset; // i3d-r50 only
    // A published classifier's manifest name, a weights file, or empty for the default choice
    // (the installed published classifier, as `vigil analyze` picks it).
    QString classifier;
    analysis::WindowSettings windows; // saved as windowSteps and strideSteps
    double threshold = defaults::kThreshold;
    int threads = static_cast<int>(defaults::kThreads); // 0: all cores
    ComputeDevice device = defaults::kDevice;
    // The backbone's arithmetic. Saved as chosen; app/ runs bf16 only where
    // tuning::precisionProblem allows it (a file copied from another machine falls back to fp32).
    Precision precision = defaults::kPrecision;
    QString exportFolder; // empty: next to the video
    // The detectors scored, in --detectors words (analysis/detectors): parsed by the CLI's own
    // engine::parseDetectorList when the networks load. The classifier alone by default.
    QString detectors = QStringLiteral("attention");

    bool operator==(const AppSettings& other) const;
    bool operator!=(const AppSettings& other) const { return !(*this == other); }

    // Missing or invalid keys keep their defaults.
    static AppSettings load(QSettings& store);
    void save(QSettings& store) const;
    // The threshold alone: it changes while the timeline's line is dragged.
    static void saveThreshold(QSettings& store, double threshold);
};

// Manifest names of the classifiers installed in the models folder (VIGIL_MODELS or the default
// folder); empty when the folder cannot be found. Never throws.
QStringList installedClassifiers();

} // namespace vigil::ui
