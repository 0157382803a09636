#pragma once
// OpenStreamDialog (File > Open Stream…): a live source for the live view, as `vigil watch`
// takes it: a network URL (rtsp, http(s), udp, tcp, srt) or a camera (the /dev/video* devices
// are listed), the output folder (default as vigil watch) and the --on/--off thresholds. Recent
// sources are remembered in QSettings WITHOUT credentials (their redacted form): one picked
// again must have its user and password typed again. GUI thread only.

#include "ui/live/live_worker.h"

#include <QDialog>
#include <QStringList>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QSettings;

namespace vigil::ui {

// The remembered sources, newest first (redacted), at most kMaxRecentStreams.
QStringList recentStreamSources(QSettings& store);
// Stores the redacted form of `location` first in the list.
void rememberStreamSource(QSettings& store, const std::string& location);
inline constexpr int kMaxRecentStreams = 8;

// "<the user's Videos folder>/Vigil/<folderName>": where the live view records when no folder
// is typed (an absolute path, unlike vigil watch's ./watch-<source> in the folder it runs in).
QString defaultStreamOutput(const QString& folderName);

class OpenStreamDialog : public QDialog {
    Q_OBJECT
public:
    // store: where the recent sources are kept (outlives the dialog).
    OpenStreamDialog(QSettings& store, QWidget* parent = nullptr);

    QComboBox* sourceBox() const { return source_; }
    QLineEdit* outputEdit() const { return output_; }
    QDoubleSpinBox* onBox() const { return on_; }
    QDoubleSpinBox* offBox() const { return off_; }
    QLabel* problemLabel() const { return problem_; }
    QSpinBox* minutesBox() const { return minutes_; }
    // How many minutes the live timeline keeps (remembered; default 10).
    int timelineMinutes() const;

    LiveChoices choices() const;
    // After accept(): the plan of choices() (live::planWatch), which can start.
    const std::optional<live::WatchPlan>& plan() const { return plan_; }

public slots:
    void accept() override; // refuses, saying why, when the choices cannot start

private:
    // The folder last chosen for this source, else empty with the source's default shown.
    void showOutputFor(const QString& source);

    QSettings& store_;
    QComboBox* source_;
    QLineEdit* output_;
    QDoubleSpinBox* on_;
    QDoubleSpinBox* off_;
    QSpinBox* minutes_;
    QLabel* problem_;
    std::optional<live::WatchPlan> plan_;
};

} // namespace vigil::ui
