#include "ui/live/open_stream_dialog.h"
#include "ui/common/threshold_text.h"

#include "core/live/watch_defaults.h"

#include "core/common/count_limits.h"
#include "core/common/defaults.h"
#include "core/common/redacted_url.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

namespace vigil::ui {
namespace {

const char* const kRecentKey = "live/recentSources";
const char* const kMinutesKey = "live/timelineMinutes";
const char* const kOnKey = "live/alertOn";
const char* const kOffKey = "live/alertOff";
// Per source (its redacted form): a folder chosen for one camera is never offered to another.
const char* const kOutputsKey = "live/outputFolders";

QStringList cameraDevices()
{
    QStringList devices;
    for (const QString& name : QDir("/dev").entryList({ "video*" }, QDir::System | QDir::Files))
        devices << "/dev/" + name;
    return devices;
}

QDoubleSpinBox* thresholdBox(double value)
{
    auto* box = new QDoubleSpinBox;
    box->setRange(bounds::threshold().min, bounds::threshold().max);
    box->setDecimals(kThresholdDecimals);
    box->setSingleStep(0.05);
    box->setValue(value);
    return box;
}

} // namespace

QStringList recentStreamSources(QSettings& store)
{
    QStringList sources = store.value(kRecentKey).toStringList();
    while (sources.size() > kMaxRecentStreams)
        sources.removeLast();
    return sources;
}

void rememberStreamSource(QSettings& store, const std::string& location)
{
    const QString shown = QString::fromStdString(redactedUrl(location));
    QStringList sources = recentStreamSources(store);
    sources.removeAll(shown);
    sources.prepend(shown);
    while (sources.size() > kMaxRecentStreams)
        sources.removeLast();
    store.setValue(kRecentKey, sources);
}

QString defaultStreamOutput(const QString& folderName)
{
    QString videos = QStandardPaths::writableLocation(QStandardPaths::MoviesLocation);
    if (videos.isEmpty())
        videos = QDir::homePath();
    return QDir(videos).filePath(QStringLiteral("Vigil/") + folderName);
}

OpenStreamDialog::OpenStreamDialog(QSettings& store, QWidget* parent)
    : QDialog(parent)
    , store_(store)
    , source_(new QComboBox)
    , output_(new QLineEdit)
    , on_(thresholdBox(store.value(kOnKey, defaults::kAlertOn).toDouble()))
    , off_(thresholdBox(store.value(kOffKey, defaults::kAlertOff).toDouble()))
    , minutes_(new QSpinBox)
    , problem_(new QLabel)
{
    const CountBound minutes = bounds::timelineMinutes();
    minutes_->setRange(static_cast<int>(minutes.min), static_cast<int>(minutes.max));
    minutes_->setValue(
        store_.value(kMinutesKey, static_cast<int>(defaults::kLiveTimelineMinutes)).toInt());
    minutes_->setSuffix(tr(" min"));
    setWindowTitle(tr("Open Stream"));
    source_->setEditable(true);
    source_->addItems(recentStreamSources(store_));
    source_->addItems(cameraDevices());
    source_->setCurrentText(QString());
    source_->lineEdit()->setPlaceholderText(tr("rtsp://host/path, http://…, udp://…, /dev/video0"));
    source_->setMinimumContentsLength(40);
    output_->setObjectName(QStringLiteral("outputEdit"));
    connect(source_, &QComboBox::currentTextChanged, this, &OpenStreamDialog::showOutputFor);
    showOutputFor(QString());
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: palette(highlight)"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Watch"));
    connect(buttons, &QDialogButtonBox::accepted, this, &OpenStreamDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout(this);
    form->addRow(tr("URL or camera:"), source_);
    form->addRow(tr("Output folder:"), output_);
    form->addRow(tr("Alert on at:"), on_);
    form->addRow(tr("Alert off below:"), off_);
    form->addRow(tr("Timeline keeps:"), minutes_);
    form->addRow(problem_);
    form->addRow(buttons);
}

LiveChoices OpenStreamDialog::choices() const
{
    LiveChoices choices;
    choices.location = source_->currentText().trimmed().toStdString();
    // Never relative: a desktop app's working folder is wherever it was started from.
    const QString typed = output_->text().trimmed();
    choices.outputDir = (typed.isEmpty() ? defaultStreamOutput(QString::fromStdString(
                             live::defaultWatchOutputDir(redactedUrl(choices.location))))
                                         : QDir(QDir::homePath()).absoluteFilePath(typed))
                            .toStdString();
    choices.on = on_->value();
    choices.off = off_->value();
    return choices;
}

void OpenStreamDialog::showOutputFor(const QString& source)
{
    const std::string location = source.trimmed().toStdString();
    const QString shown = QString::fromStdString(redactedUrl(location));
    output_->setText(store_.value(kOutputsKey).toMap().value(shown).toString());
    const QString folderName = location.empty()
        ? QStringLiteral("watch-<source>")
        : QString::fromStdString(live::defaultWatchOutputDir(redactedUrl(location)));
    output_->setPlaceholderText(
        tr("default: %1").arg(QDir::toNativeSeparators(defaultStreamOutput(folderName))));
}

int OpenStreamDialog::timelineMinutes() const
{
    return minutes_->value();
}

void OpenStreamDialog::accept()
{
    plan_ = live::planWatch(choices());
    problem_->setText(QString::fromStdString(plan_->problem));
    if (!plan_->settings) {
        plan_.reset();
        // The message wraps to more lines than the dialog had room for: it grows to show them.
        layout()->activate();
        const int needed = layout()->hasHeightForWidth() ? layout()->heightForWidth(width())
                                                         : layout()->sizeHint().height();
        if (needed > height())
            resize(width(), needed);
        return;
    }
    rememberStreamSource(store_, choices().location);
    store_.setValue(kMinutesKey, minutes_->value());
    store_.setValue(kOnKey, on_->value());
    store_.setValue(kOffKey, off_->value());
    QVariantMap outputs = store_.value(kOutputsKey).toMap();
    const QString shown = QString::fromStdString(redactedUrl(choices().location));
    if (output_->text().trimmed().isEmpty())
        outputs.remove(shown);
    else
        outputs.insert(shown, output_->text().trimmed());
    store_.setValue(kOutputsKey, outputs);
    QDialog::accept();
}

} // namespace vigil::ui
