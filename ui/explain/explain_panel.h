#pragma once
// ExplainPanel: the contents of the Explain dock. For the window under the playhead it runs the
// classifier step by step (analysis::WindowExplainer, about a millisecond for one window) on the
// features the analysis extracted, and shows every step with its real shape and values, where
// each attention row looks (with thumbnails), AᵀA and the redundancy ||AᵀA - I||_F. Recomputed
// only when the window or crop changes and the panel is visible. When the events come from a
// whole-video detector (setEventSource), it shows that detector's own explanation instead
// (makeDetectorExplainPage). GUI thread only; nothing throws out: a failure is shown in the
// panel.

#include "core/analysis/event_source.h"
#include "core/analysis/window_explanation.h"
#include "core/common/defaults.h"
#include "ui/explain/explain_page.h"
#include "ui/plots/sweep_evidence.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/timeline/attention_index.h"

#include <QHash>
#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;

namespace vigil::ui {

class ExplainBrowser;
class ThumbnailLoader;

class ExplainPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget* parent = nullptr);

    void setExplainer(std::shared_ptr<const analysis::WindowExplainer> explainer);
    void setVideo(const QString& path, double framesPerSecond);
    // features: [steps, crops, F] the result was scored from; null when not in memory (a result
    // read from saved files, or one still running).
    void setResult(ResultPointer result, FeaturesPointer features);

    int currentWindow() const { return windowIndex_; }
    int currentCrop() const { return crop_; }
    void setCrop(int crop);
    // The row whose softmax the page works out (its "softmax-row:" links); counted from 0.
    int softmaxRow() const { return softmaxRow_; }
    void setSoftmaxRow(int row);
    // Question 7 also on this saved training sweep (<stem>.report.json); false, and the reason
    // shown under question 7, when it cannot be read. Kept for every window until another.
    bool setSweepReport(const QString& path);
    // The computation shown now; nullopt when the panel shows a message instead.
    const std::optional<analysis::WindowExplanation>& explanation() const { return explanation_; }
    // The lesson on the same window (all crops as the batch); nullopt with the explanation.
    const std::optional<analysis::Lesson>& lesson() const { return lesson_; }
    QString text() const;
    const QVector<qint64>& thumbnailFrames() const { return page_.thumbnailFrames; }
    bool hasThumbnail(qint64 frame) const { return thumbnails_.contains(frame); }

    QSize sizeHint() const override { return { 460, 700 }; }

    // The detector explained instead of the classifier; nullopt while it is the classifier.
    std::optional<DetectorKind> shownDetector() const;

public slots:
    void setPlayheadFrame(int64_t frame);
    // A detector's source shows that detector; the classifier or k of n, the classifier.
    void setEventSource(const vigil::analysis::EventSource& source);

signals:
    void seekRequested(int64_t frame);
    // A "guide:" link: the part of docs/explain.md to show ("q3", or empty for its start).
    void guideRequested(const QString& section);
    void explanationChanged();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void refresh();
    void showMessage(const QString& message);
    void chooseSweepReport();
    ExplainContext contextOf(const analysis::WindowResult& window) const;
    void showPage();
    bool showDetectorPage();
    QString unavailableReason() const;

    ExplainBrowser* browser_;
    QComboBox* cropBox_;
    QLabel* cropLabel_;
    ThumbnailLoader* loader_;
    std::shared_ptr<const analysis::WindowExplainer> explainer_;
    ResultPointer result_;
    FeaturesPointer features_;
    AttentionIndex index_;
    double fps_ = defaults::kFallbackFps;
    int windowIndex_ = -1;
    int crop_ = 0;
    int softmaxRow_ = 0;
    analysis::EventSource source_;
    int64_t playheadStep_ = 0;
    bool isStale_ = true;
    std::optional<analysis::WindowExplanation> explanation_;
    std::optional<analysis::Lesson> lesson_;
    ExplainPage page_;
    SweepEvidence sweep_;
    QHash<qint64, QImage> thumbnails_;
};

} // namespace vigil::ui
