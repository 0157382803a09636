#pragma once
// OpenCamerasDialog (File > Open Cameras…): a cameras file, as `vigil watch --cameras FILE`
// reads it (live::readCamerasFile: names, sources, per-camera thresholds and folders), and the
// folder the cameras write under, each in DIR/<name>/ (default <Videos>/Vigil/cameras-<file>).
// It refuses, saying why in one line, a file that cannot be read or cameras that cannot start
// (live::planCameras: shared names or folders, a source that is not one). The file last opened
// is remembered. GUI thread only.

#include "core/live/cameras_plan.h"

#include <QDialog>

#include <optional>

class QLabel;
class QLineEdit;
class QSettings;

namespace vigil::ui {

// The cameras of `file` writing under `outputDir` (empty: the default for the file), as vigil
// watch --cameras plans them; nullopt with `problem` set (one line) when they cannot start.
std::optional<live::CamerasPlan> planCamerasFile(
    const QString& file, const QString& outputDir, std::string& problem);
// <Videos>/Vigil/cameras-<the file's name>
QString defaultCamerasOutput(const QString& file);

class OpenCamerasDialog : public QDialog {
    Q_OBJECT
public:
    OpenCamerasDialog(QSettings& store, QWidget* parent = nullptr);

    QLineEdit* fileEdit() const { return file_; }
    QLineEdit* outputEdit() const { return output_; }
    QLabel* problemLabel() const { return problem_; }
    // After accept(): the cameras, which can start.
    const std::optional<live::CamerasPlan>& plan() const { return plan_; }
    QString outputDir() const; // the typed folder, or the default for the file
    // Shown again with why they could not start (vigil gui --cameras).
    void showRefused(const QString& file, const QString& outputDir, const QString& problem);

public slots:
    void accept() override;

private:
    void browse();

    QSettings& store_;
    QLineEdit* file_;
    QLineEdit* output_;
    QLabel* problem_;
    std::optional<live::CamerasPlan> plan_;
};

} // namespace vigil::ui
