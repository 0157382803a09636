#pragma once
// SettingsDialog: the analysis settings (backbone, crops, classifier, window and stride,
// threshold, threads, device, folder for exports) as a form. It edits an AppSettings value; the
// caller saves it and applies it to the next analysis. GUI thread only.

#include "ui/app_settings.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace vigil::ui {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    // installedClassifiers: manifest names of the classifiers in the models folder.
    // cudaUnavailableReason: why CUDA cannot be chosen; empty when it can.
    SettingsDialog(const AppSettings& settings, const QStringList& installedClassifiers,
        const QString& cudaUnavailableReason, QWidget* parent = nullptr);

    AppSettings settings() const;

private:
    void chooseClassifierFile();
    void updateCropChoice();

    QComboBox* backboneBox_;
    QComboBox* cropsBox_;
    QComboBox* classifierBox_;
    QSpinBox* windowBox_;
    QSpinBox* strideBox_;
    QDoubleSpinBox* thresholdBox_;
    QSpinBox* threadsBox_;
    QComboBox* deviceBox_;
    QLineEdit* exportEdit_;
};

} // namespace vigil::ui
