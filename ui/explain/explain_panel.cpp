#include "ui/explain/explain_panel.h"
#include "core/common/defaults.h"

#include "core/analysis/attention_lesson.h"
#include "core/analysis/window_slices.h"
#include "ui/explain/detector_explain_page.h"
#include "ui/tasks/thumbnail_loader.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace vigil::ui {

// A QTextBrowser that takes the page's pictures from the panel instead of files.
class ExplainBrowser : public QTextBrowser {
public:
    ExplainBrowser(
        const ExplainPage& page, const QHash<qint64, QImage>& thumbnails, QWidget* parent)
        : QTextBrowser(parent)
        , page_(page)
        , thumbnails_(thumbnails)
    {
        setOpenLinks(false);
        setFrameShape(QFrame::NoFrame);
    }

    QVariant loadResource(int type, const QUrl& name) override
    {
        if (type != QTextDocument::ImageResource)
            return QTextBrowser::loadResource(type, name);
        const QString text = name.toString();
        if (text.startsWith(QLatin1String("explain:")))
            return page_.images.value(text.mid(8));
        if (text.startsWith(QLatin1String("thumb:"))) {
            const QImage image = thumbnails_.value(text.mid(6).toLongLong());
            if (!image.isNull())
                return image;
            QImage placeholder(160, 120, QImage::Format_RGB32); // until the frame is decoded
            placeholder.fill(palette().color(QPalette::AlternateBase));
            return placeholder;
        }
        return {};
    }

private:
    const ExplainPage& page_;
    const QHash<qint64, QImage>& thumbnails_;
};

ExplainPanel::ExplainPanel(QWidget* parent)
    : QWidget(parent)
    , browser_(new ExplainBrowser(page_, thumbnails_, this))
    , cropBox_(new QComboBox(this))
    , cropLabel_(new QLabel(tr("Crop:"), this))
    , loader_(new ThumbnailLoader(160, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* crops = new QHBoxLayout;
    crops->addWidget(cropLabel_);
    crops->addWidget(cropBox_, 1);
    layout->addLayout(crops);
    layout->addWidget(browser_, 1);
    cropBox_->setToolTip(tr("The classifier scores each crop on its own; the window's score is "
                            "the mean over the crops"));
    cropLabel_->hide();
    cropBox_->hide();
    connect(cropBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            setCrop(index);
    });
    connect(browser_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        const QString link = url.toString();
        if (link.startsWith(QLatin1String("seek:")))
            emit seekRequested(link.mid(5).toLongLong());
        else if (link.startsWith(QLatin1String("softmax-row:")))
            setSoftmaxRow(link.mid(12).toInt());
        else if (link.startsWith(QLatin1Char('#')))
            browser_->scrollToAnchor(link.mid(1));
        else if (link.startsWith(QLatin1String("guide:")))
            emit guideRequested(link.mid(6));
        else if (link == QLatin1String("sweep:open"))
            chooseSweepReport();
    });
    connect(
        loader_, &ThumbnailLoader::thumbnailReady, this, [this](qint64 frame, const QImage& image) {
            if (thumbnails_.size() > 64)
                thumbnails_.clear();
            thumbnails_.insert(frame, image);
            // Replaces the placeholder the document may have cached under this name.
            browser_->document()->addResource(
                QTextDocument::ImageResource, QUrl(QStringLiteral("thumb:%1").arg(frame)), image);
            if (page_.thumbnailFrames.contains(frame))
                showPage();
        });
    showMessage(tr("Open a video: this panel then shows how the classifier computes the score "
                   "of the window under the playhead, step by step, with its real numbers."));
}

void ExplainPanel::setExplainer(std::shared_ptr<const analysis::WindowExplainer> explainer)
{
    explainer_ = std::move(explainer);
    isStale_ = true;
    refresh();
}

void ExplainPanel::setVideo(const QString& path, double framesPerSecond)
{
    fps_ = defaults::fpsOrFallback(framesPerSecond);
    thumbnails_.clear();
    loader_->setVideo(path);
    setResult(nullptr, nullptr);
}

void ExplainPanel::setResult(ResultPointer result, FeaturesPointer features)
{
    result_ = std::move(result);
    features_ = std::move(features);
    index_ = AttentionIndex(result_.get());
    const int crops = features_ && features_->rank() == 3 ? static_cast<int>(features_->dim(1)) : 1;
    if (cropBox_->count() != crops) {
        const QSignalBlocker blocker(cropBox_);
        cropBox_->clear();
        for (int crop = 0; crop < crops; ++crop)
            cropBox_->addItem(tr("crop %1 (of %2)").arg(crop).arg(crops));
        crop_ = 0;
    }
    cropBox_->setVisible(crops > 1);
    cropLabel_->setVisible(crops > 1);
    windowIndex_ = -1;
    isStale_ = true;
    refresh();
}

void ExplainPanel::setCrop(int crop)
{
    if (crop == crop_ || crop < 0 || crop >= cropBox_->count())
        return;
    crop_ = crop;
    cropBox_->setCurrentIndex(crop);
    isStale_ = true;
    refresh();
}

bool ExplainPanel::setSweepReport(const QString& path)
{
    const bool isRead = sweep_.load(path);
    isStale_ = true;
    refresh();
    return isRead;
}

void ExplainPanel::chooseSweepReport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a training sweep"), {},
        tr("Training reports (*.report.json);;JSON (*.json)"));
    if (!path.isEmpty())
        setSweepReport(path);
}

void ExplainPanel::setSoftmaxRow(int row)
{
    if (row == softmaxRow_ || row < 0)
        return;
    softmaxRow_ = row;
    isStale_ = true;
    refresh();
}

void ExplainPanel::setPlayheadFrame(int64_t frame)
{
    const int window = index_.windowOfFrame(frame);
    const int64_t step = frame / std::max<int64_t>(index_.framesPerStep(), 1);
    const bool isDetectorStale = shownDetector() && step != playheadStep_;
    playheadStep_ = step;
    if (window == windowIndex_ && !isStale_ && !isDetectorStale)
        return;
    windowIndex_ = window;
    isStale_ = true;
    refresh();
}

void ExplainPanel::setEventSource(const analysis::EventSource& source)
{
    if (source == source_)
        return;
    source_ = source;
    isStale_ = true;
    refresh();
}

std::optional<DetectorKind> ExplainPanel::shownDetector() const
{
    if (source_.kind != analysis::EventSource::Kind::Detector || !result_)
        return std::nullopt;
    for (const analysis::DetectorResult& detector : result_->detectors)
        if (detector.kind == source_.detector)
            return detector.kind;
    return std::nullopt;
}

// The detector's own explanation in place of the classifier's; false when none is chosen.
bool ExplainPanel::showDetectorPage()
{
    const std::optional<DetectorKind> kind = shownDetector();
    if (!kind)
        return false;
    for (const analysis::DetectorResult& detector : result_->detectors)
        if (detector.kind == *kind) {
            const DetectorExplainContext context { playheadStep_, index_.framesPerStep(), fps_ };
            page_ = makeDetectorExplainPage(detector, context, palette());
        }
    showPage();
    emit explanationChanged();
    return true;
}

QString ExplainPanel::text() const
{
    return browser_->toPlainText();
}

void ExplainPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh(); // work skipped while hidden
}

void ExplainPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && explanation_) {
        isStale_ = true; // the page's colours come from the palette
        refresh();
    }
}

QString ExplainPanel::unavailableReason() const
{
    if (!result_)
        return tr("The computation appears here once the video is analysed.");
    if (!explainer_)
        return tr("No classifier is loaded, so its computation cannot be shown.");
    if (!features_)
        return tr("The computation appears when the analysis finishes: it needs the features the "
                  "analysis extracts. A result opened from saved files has none; use Analysis > "
                  "Analyse again (F5) to see it.");
    if (index_.window(windowIndex_) == nullptr)
        return tr("No window under the playhead.");
    return {};
}

ExplainContext ExplainPanel::contextOf(const analysis::WindowResult& window) const
{
    ExplainContext context;
    context.windowIndex = windowIndex_;
    context.windowCount = static_cast<int>(result_->windows.size());
    context.firstStep = window.firstStep;
    context.lastStep = window.lastStep;
    context.framesPerStep = index_.framesPerStep();
    context.framesPerSecond = fps_;
    context.crop = crop_;
    context.softmaxRow = std::min<int64_t>(softmaxRow_, explanation_->rows - 1);
    context.crops = features_->dim(1);
    context.resultCropScore = crop_ < static_cast<int>(window.cropScores.size())
        ? window.cropScores[static_cast<size_t>(crop_)]
        : window.score;
    context.resultWindowScore = window.score;
    context.framePtsUs = &result_->framePtsUs;
    context.stepCount = result_->steps;
    context.frameCount = static_cast<int64_t>(result_->frameScores.size());
    return context;
}

void ExplainPanel::refresh()
{
    if (!isStale_ || !isVisible())
        return;
    isStale_ = false;
    explanation_.reset();
    lesson_.reset();
    page_ = {};
    if (showDetectorPage())
        return;
    if (const QString reason = unavailableReason(); !reason.isEmpty()) {
        showMessage(reason);
        emit explanationChanged();
        return;
    }
    const analysis::WindowResult& window = *index_.window(windowIndex_);
    try {
        const analysis::WindowSpan span { window.firstStep, window.lastStep };
        const FloatArray x = analysis::windowOfCrop(*features_, span, crop_);
        analysis::LessonInput lessonInput = analysis::gatherLessonInput(
            *explainer_, *features_, span, crop_, window.cropScores, window.score);
        // The lesson explained every crop; the page's walkthrough is the chosen one of them.
        explanation_ = lessonInput.crops.at(static_cast<size_t>(crop_));
        lessonInput.sweepFindings = sweep_.findings();
        lesson_ = analysis::makeLesson(lessonInput);
        const ExplainContext context = contextOf(window);
        page_ = makeExplainPage(*explanation_, x, context, palette(), &*lesson_,
            { { QStringLiteral("q7"), sweep_.html() } });
        if (sweep_.isLoaded())
            page_.images.insert(QStringLiteral("sweep"), sweep_.chart());
    } catch (const std::exception& error) {
        explanation_.reset();
        lesson_.reset();
        showMessage(tr("The computation of this window cannot be shown: %1")
                        .arg(QString::fromLocal8Bit(error.what())));
        emit explanationChanged();
        return;
    }
    QVector<qint64> missing;
    for (const qint64 frame : page_.thumbnailFrames)
        if (!thumbnails_.contains(frame))
            missing.push_back(frame);
    std::sort(missing.begin(), missing.end()); // forward decoding reuses one seek
    if (!missing.isEmpty())
        loader_->request(missing);
    showPage();
    emit explanationChanged();
}

void ExplainPanel::showMessage(const QString& message)
{
    browser_->setHtml(
        QStringLiteral("<p style='color:%1;'>%2</p>")
            .arg(palette().color(QPalette::PlaceholderText).name(), message.toHtmlEscaped()));
}

void ExplainPanel::showPage()
{
    const int scroll = browser_->verticalScrollBar()->value();
    browser_->setHtml(page_.html);
    browser_->verticalScrollBar()->setValue(scroll);
}

} // namespace vigil::ui
