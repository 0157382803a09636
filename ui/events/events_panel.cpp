#include "ui/events/events_panel.h"
#include "ui/common/threshold_text.h"

#include "ui/common/time_format.h"
#include "ui/events/detector_thresholds_box.h"
#include "ui/events/event_source_box.h"
#include "ui/events/events_table.h"
#include "ui/main/clip_export.h"
#include "ui/main/current_analysis.h"
#include "ui/main/exports.h"
#include "ui/main/frame_provider.h"
#include "ui/tasks/thumbnail_loader.h"
#include "ui/timeline/event_threshold.h"

#include "core/analysis/event_source.h"
#include "core/analysis/score_events.h"
#include "core/clips/event_clips.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <exception>

namespace vigil::ui {
namespace {

constexpr int kThumbnailWidthPx = 128;

} // namespace

EventsPanel::EventsPanel(CurrentAnalysis* analysis, EventThreshold* threshold, QWidget* parent)
    : QWidget(parent)
    , analysis_(analysis)
    , threshold_(threshold)
    , thresholdBox_(new QDoubleSpinBox(this))
    , sourceBox_(new EventSourceBox(this))
    , detectorThresholds_(new DetectorThresholdsBox(this))
    , table_(new EventsTable(this))
    , note_(new QLabel(this))
    , incomplete_(new QLabel(this))
    , thumbnails_(new ThumbnailLoader(kThumbnailWidthPx, this))
    , clipExport_(new ClipExport(this, this))
{
    thresholdBox_->setToolTip(tr("Frames scoring at or above it form events; the same threshold "
                                 "as the red line in the timeline, Settings and batches"));
    threshold_->bind(thresholdBox_);
    note_->setWordWrap(true);
    note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    note_->hide();
    incomplete_->setWordWrap(true);
    incomplete_->hide();
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setVerticalSpacing(2); // two rows, and a 1024x640 window still fits
    form->addRow(tr("Threshold:"), thresholdBox_);
    form->addRow(tr("&Events from:"), sourceBox_);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(sourceBox_)))
        label->setBuddy(sourceBox_->sourceCombo());
    form->addRow(detectorThresholds_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(form);
    layout->addWidget(incomplete_);
    layout->addWidget(table_, 1);
    layout->addWidget(note_);
    connect(
        analysis_, &CurrentAnalysis::shownResultChanged, this, [this](const ResultPointer& shown) {
            sourceBox_->setResult(shown.get());
            detectorThresholds_->setResult(shown.get());
            updateEvents();
        });
    connect(sourceBox_, &EventSourceBox::sourceChanged, this, &EventsPanel::updateEvents);
    connect(detectorThresholds_, &DetectorThresholdsBox::changed, this, &EventsPanel::updateEvents);
    connect(analysis_, &CurrentAnalysis::videoChanged, this, [this](const QString& path) {
        thumbnails_->setVideo(path);
        useSidecar(path.isEmpty()
                ? QString()
                : QString::fromStdString(formats::reviewSidecarPath(path.toStdString())));
    });
    connect(threshold_, &EventThreshold::changed, this, &EventsPanel::updateEvents);
    connect(analysis_, &CurrentAnalysis::cancelledChanged, this, &EventsPanel::updateEvents);
    connect(thumbnails_, &ThumbnailLoader::thumbnailReady, table_, &EventsTable::setThumbnail);
    connect(table_, &EventsTable::reviewedChanged, this, &EventsPanel::markReviewed);
    connect(table_, &EventsTable::exportClipRequested, this, &EventsPanel::chooseClipFile);
    connect(table_, &EventsTable::exportPeakFrameRequested, this, &EventsPanel::exportPeakFrame);
    connect(clipExport_, &ClipExport::succeeded, this,
        [this](const QString& path, double startS, double endS) {
            showNote(tr("Saved the clip %1 (%2 s to %3 s of the video)")
                         .arg(QDir::toNativeSeparators(path))
                         .arg(startS, 0, 'f', 2)
                         .arg(endS, 0, 'f', 2));
        });
    connect(clipExport_, &ClipExport::failed, this, [this](const QString& message) {
        showNote(tr("Cannot export the clip: %1").arg(message));
    });
    connect(clipExport_, &ClipExport::cancelled, this,
        [this] { showNote(tr("Clip export cancelled; no file was written")); });
    updateEvents();
}

void EventsPanel::updateEvents()
{
    const double threshold = threshold_->value();
    const ResultPointer& shown = analysis_->shownResult();
    const analysis::EventRule rule = eventRule();
    const analysis::EventSource& source = rule.source;
    const bool isDetector = source.kind == analysis::EventSource::Kind::Detector;
    const QDoubleSpinBox* detectorBox
        = isDetector ? detectorThresholds_->boxOf(source.detector) : nullptr;
    table_->setNoEventsText(source.kind == analysis::EventSource::Kind::Classifier
            ? QString()
            : tr("No frame has %1 at %2 or more. Lower its threshold, or choose other scores "
                 "above.")
                  .arg(sourceBox_->sourceText())
                  .arg(thresholdText(detectorBox ? detectorBox->value() : threshold)));
    // After a cancel nothing more will come: the list must not promise events.
    table_->setNotScoredText(analysis_->isCancelled()
            ? tr("Not scored: the analysis was cancelled before its first window, so no event "
                 "is known. F5 analyses the video again.")
            : QString());
    table_->setEvents(
        shown ? analysis::findEvents(*shown, rule) : std::vector<analysis::ScoreEvent>(),
        analysis_->framesPerSecond(), threshold, shown != nullptr);
    emit eventsChanged(table_->events());
    showCompleteness(shown);
    table_->setReviewed(reviewed_);
    QVector<qint64> peaks;
    for (const analysis::ScoreEvent& event : table_->events())
        peaks.push_back(event.peakFrame);
    thumbnails_->request(peaks);
}

analysis::EventRule EventsPanel::eventRule() const
{
    analysis::EventRule rule;
    rule.source = sourceBox_->source();
    rule.on = threshold_->value();
    rule.detectorThresholds = detectorThresholds_->thresholds();
    return rule;
}

void EventsPanel::showCompleteness(const ResultPointer& shown)
{
    const bool isCancelled = analysis_->isCancelled();
    if (!isCancelled && !(shown && !analysis_->result())) {
        incomplete_->hide();
        incomplete_->clear();
        return;
    }
    const size_t scored = shown ? shown->frameScores.size() : 0;
    const double upToS = scored == 0 ? 0.0
        : scored <= shown->framePtsUs.size()
        ? static_cast<double>(shown->framePtsUs[scored - 1]) / 1e6
        : static_cast<double>(scored) / analysis_->framesPerSecond();
    incomplete_->setText(scored == 0
            ? (isCancelled ? tr("<b>Incomplete:</b> the analysis was cancelled before its first "
                                "window; nothing was scored (F5 analyses again)")
                           : tr("<b>Incomplete:</b> nothing is scored yet"))
            : isCancelled
            ? tr("<b>Incomplete:</b> the analysis was cancelled; only the first %1 was scored, "
                 "and events after it are not known (F5 analyses again)")
                  .arg(formatTime(upToS, true))
            : tr("<b>Incomplete:</b> the events of the first %1, scored so far")
                  .arg(formatTime(upToS, true)));
    incomplete_->show();
}

QString EventsPanel::incompleteText() const
{
    return incomplete_->text();
}

void EventsPanel::setResultFile(const QString& jsonPath)
{
    useSidecar(QString::fromStdString(formats::reviewSidecarPath(jsonPath.toStdString())));
}

void EventsPanel::useSidecar(const QString& path)
{
    sidecarPath_ = path;
    reviewed_ = {};
    note_->hide();
    if (!path.isEmpty()) {
        try {
            reviewed_ = formats::readReviewSidecar(path.toStdString());
        } catch (const std::exception& error) {
            showNote(tr("The reviewed marks cannot be read: %1")
                         .arg(QString::fromStdString(error.what())));
        }
    }
    table_->setReviewed(reviewed_);
}

void EventsPanel::markReviewed(const analysis::ScoreEvent& event, bool isReviewed)
{
    reviewed_.mark(event, isReviewed);
    if (sidecarPath_.isEmpty())
        return;
    try {
        const QString resultName
            = QFileInfo(sidecarPath_)
                  .fileName()
                  .replace(QStringLiteral(".reviewed.json"), QStringLiteral(".vigil.json"));
        formats::writeReviewSidecar(
            sidecarPath_.toStdString(), resultName.toStdString(), reviewed_);
    } catch (const std::exception& error) {
        showNote(
            tr("The reviewed marks cannot be saved: %1").arg(QString::fromStdString(error.what())));
    }
}

std::optional<clips::PlannedClip> EventsPanel::plannedClip(const analysis::ScoreEvent& event) const
{
    const ResultPointer& shown = analysis_->shownResult();
    if (!shown)
        return std::nullopt;
    const QString video = analysis_->videoPath();
    const clips::ClipNaming naming { exportFolderFor(video).toStdString(),
        resultStem(video).toStdString(), clips::clipExtensionOfVideo(video.toStdString()) };
    const clips::ClipSettings settings; // the context either side is vigil clips' default
    // The events listed, of whichever scores they come from, numbered as the list shows them.
    for (clips::PlannedClip& clip :
        clips::planEventClips(*shown, table_->events(), settings, naming))
        if (clip.event.firstFrame == event.firstFrame && clip.event.lastFrame == event.lastFrame) {
            clip.request.videoPath = video.toStdString(); // the file open now, as shown
            return clip;
        }
    return std::nullopt;
}

QString EventsPanel::defaultClipPath(const analysis::ScoreEvent& event) const
{
    try {
        if (const auto clip = plannedClip(event))
            return QString::fromStdString(clip->request.outputPath);
    } catch (const std::exception&) {
        // The export itself says why the video cannot be read.
    }
    return {};
}

void EventsPanel::exportClip(const analysis::ScoreEvent& event, const QString& outputPath)
{
    std::optional<clips::PlannedClip> clip;
    try {
        clip = plannedClip(event);
    } catch (const std::exception& error) {
        showNote(tr("Cannot export the clip: %1").arg(QString::fromStdString(error.what())));
        return;
    }
    if (!clip) {
        showNote(tr("Cannot export the clip: the event is no longer in the list"));
        return;
    }
    clip->request.outputPath = outputPath.toStdString();
    if (!clipExport_->start(clip->request))
        showNote(tr("A clip is being exported; wait for it or cancel it first"));
}

void EventsPanel::chooseClipFile(const analysis::ScoreEvent& event)
{
    const QString start = defaultClipPath(event);
    const QString suffix
        = QFileInfo(start).suffix().isEmpty() ? QStringLiteral("mkv") : QFileInfo(start).suffix();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export clip"), start, tr("Video (*.%1);;Matroska (*.mkv)").arg(suffix));
    if (!path.isEmpty())
        exportClip(event, path);
}

void EventsPanel::exportPeakFrame(const analysis::ScoreEvent& event)
{
    const QString video = analysis_->videoPath();
    try {
        FrameProvider frames(video.toStdString());
        const QImage image = frames.frameAt(event.peakFrame);
        if (image.isNull())
            throw std::runtime_error("the frame is past the end of the video");
        const ResultPointer result = analysis_->shownResult();
        runImagePngExport(this, image, video, framePngSuffix(event.peakFrame), result,
            tr("Event peak: %1").arg(frameCaption(video, event.peakFrame, result.get())));
    } catch (const std::exception& error) {
        showNote(tr("Cannot export the peak frame: %1").arg(QString::fromStdString(error.what())));
    }
}

void EventsPanel::showNote(const QString& text)
{
    note_->setText(text);
    note_->show();
}

} // namespace vigil::ui
