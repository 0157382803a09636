#pragma once
// SettingsDialog: the analysis settings (backbone, crops, classifier, window and stride,
// threshold, threads, device, precision, detectors, folder for exports) as a form. It edits an
// AppSettings value; the caller saves it and applies it to the next analysis. A classifier file is
// checked when it is chosen (by the check app/ injects), not when the next analysis fails. GUI
// thread only.

#include "ui/main/app_settings.h"

#include <QDialog>
#include <QStringList>

#include <functional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace vigil::ui {

class DetectorChoiceBox;

// Why a file cannot be used as the classifier's weights, in words for the user; empty when it
// can. May take a moment (it loads the file); GUI thread.
using ClassifierFileCheck = std::function<QString(const QString& file)>;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    // installedClassifiers: manifest names of the classifiers in the models folder.
    // cudaUnavailableReason: why CUDA cannot be chosen; empty when it can.
    // bf16UnavailableReason: why this CPU cannot run bfloat16 (tuning::precisionProblem's
    // sentence, from app/); empty when it can. bf16 is the CPU's in any case: with CUDA chosen,
    // float32 is.
    SettingsDialog(const AppSettings& settings, const QStringList& installedClassifiers,
        const QString& cudaUnavailableReason, const QString& bf16UnavailableReason,
        QWidget* parent = nullptr);

    AppSettings settings() const;

    // Without a check every file is taken as it is (and fails at the next analysis if bad).
    void setClassifierFileCheck(ClassifierFileCheck check) { check_ = std::move(check); }
    // What "Other file…" does with the file chosen: checks it, then selects it; false (the
    // problem shown, the choice before kept) when the check finds a problem.
    bool useClassifierFile(const QString& file);
    // The problem with the file last chosen; empty when there was none.
    QString classifierProblem() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fillChoices(const QStringList& installedClassifiers, const QString& currentClassifier,
        const QString& cudaUnavailableReason);
    void fillPrecisionChoices(const QString& bf16UnavailableReason);
    void setNumberRanges();
    void createLayout(QPushButton* browse, QDialogButtonBox* buttons);
    void showSettings(const AppSettings& settings, bool isCudaAvailable);
    void connectControls(QPushButton* browse, QDialogButtonBox* buttons);
    void chooseClassifierFile();
    void updateCropChoice();
    void updatePrecisionChoice();

    QComboBox* backboneBox_;
    QComboBox* cropsBox_;
    QComboBox* presetBox_;
    QComboBox* classifierBox_;
    QLabel* classifierProblem_;
    int classifierIndex_ = 0; // the choice before "Other file…", to go back to
    ClassifierFileCheck check_;
    QSpinBox* windowBox_;
    QSpinBox* strideBox_;
    QDoubleSpinBox* thresholdBox_;
    QSpinBox* threadsBox_;
    QComboBox* deviceBox_;
    QComboBox* precisionBox_;
    QLabel* precisionNote_; // why bfloat16 cannot be chosen; hidden when it can
    QLineEdit* exportEdit_;
    DetectorChoiceBox* detectorsBox_;
};

} // namespace vigil::ui
