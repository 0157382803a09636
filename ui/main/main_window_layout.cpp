// MainWindow's layout: the panels in their splitters, the sizes that hold from 1024x640 up, and
// the Explain dock. The menus are in main_window_actions.cpp, the analysis flow in
// main_window.cpp.

#include "ui/main/main_window.h"

#include "core/analysis/event_rule.h"

#include "ui/common/elided_label.h"
#include "ui/events/event_source_box.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/explain/explain_panel.h"
#include "ui/explain/window_detail_view.h"
#include "ui/main/video_panel.h"
#include "ui/timeline/attention_thumbnails.h"
#include "ui/timeline/event_threshold.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include <QDockWidget>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

namespace vigil::ui {
namespace {

QWidget* titled(const QString& title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    auto* label = new ElidedLabel(title, box);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    layout->addWidget(label);
    layout->addWidget(body, 1);
    return box;
}

} // namespace

void MainWindow::createLayout()
{
    videoPanel_ = new VideoPanel(this);
    timelinePanel_ = new TimelinePanel(this);
    windowDetail_ = new WindowDetailView(this);
    thumbnails_ = new AttentionThumbnails(this);
    eventsPanel_ = new EventsPanel(current_, threshold_, this);
    errorBanner_ = new QLabel(this);
    errorBanner_->setWordWrap(true);
    errorBanner_->setStyleSheet(QStringLiteral("QLabel { background: #fdecea; color: #611a15; "
                                               "border: 1px solid #f5c6cb; padding: 6px; }"));
    errorBanner_->hide();

    auto* side = new QSplitter(Qt::Vertical, this);
    side->addWidget(titled(tr("Attention in the window under the playhead"), windowDetail_, side));
    side->addWidget(titled(tr("The frame each row attends to most"), thumbnails_, side));
    side->addWidget(titled(tr("Events above the threshold"), eventsPanel_, side));
    // Small enough for a 1024x640 window, the detectors' legend and threshold rows and a status
    // bar showing progress (27 px) included: they made it 674 px tall. Past that, the extra
    // height goes to the events.
    windowDetail_->setMinimumSize(200, 84);
    thumbnails_->setMinimumSize(200, 46);
    eventsTable()->setMinimumHeight(eventsTable()->heightForOneRow());
    // The thumbnails get as much height as the matrix: at their size hint's share they were
    // stamps of 30 x 20 px even at 2560x1440 (frames must be at least 96 px wide at 1440x900).
    side->setStretchFactor(0, 2);
    side->setStretchFactor(1, 2);
    side->setStretchFactor(2, 2);
    side->setSizes({ 300, 300, 300 });

    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(videoPanel_);
    top->addWidget(side);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    top->setSizes({ 860, 560 });

    auto* main = new QSplitter(Qt::Vertical, this);
    main->addWidget(top);
    main->addWidget(timelinePanel_);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 2);
    main->setSizes({ 520, 330 });

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 2, 6, 0);
    layout->addWidget(errorBanner_);
    layout->addWidget(main, 1);
    setCentralWidget(central);

    connect(videoPanel_, &VideoPanel::currentFrameChanged, this, [this](int64_t frame) {
        timelinePanel_->setPlayheadFrame(frame);
        timelinePanel_->viewport()->ensureVisible(frame);
        windowDetail_->setPlayheadFrame(frame);
        thumbnails_->setPlayheadFrame(frame);
        eventsTable()->followFrame(frame);
    });
    connect(timelinePanel_, &TimelinePanel::seekRequested, this, &MainWindow::seek);
    connect(windowDetail_, &WindowDetailView::seekRequested, this, &MainWindow::seek);
    connect(thumbnails_, &AttentionThumbnails::seekRequested, this, &MainWindow::seek);
    connect(eventsTable(), &EventsTable::seekRequested, this, &MainWindow::seek);
    // The line on the timeline is the one event threshold, both ways.
    TimelineView* timeline = timelinePanel_->timeline();
    timeline->setThreshold(threshold_->value());
    connect(threshold_, &EventThreshold::changed, timeline, &TimelineView::setThreshold);
    connect(timeline, &TimelineView::thresholdChanged, threshold_, &EventThreshold::setValue);
    // The shaded events are those of the list, of whichever scores they come from.
    connect(eventsPanel_, &EventsPanel::eventsChanged, timeline,
        [this, timeline](const std::vector<analysis::ScoreEvent>& events) {
            timeline->setEvents(events);
            if (const ResultPointer& shown = current_->shownResult()) {
                std::vector<double> thresholds;
                for (const auto& scorer :
                    analysis::scorerThresholds(*shown, eventsPanel_->eventRule()))
                    thresholds.push_back(scorer.threshold);
                timeline->setScorerThresholds(thresholds);
            }
        });
    timeline->setEvents(eventsTable()->events());
}

void MainWindow::createExplainDock()
{
    explainPanel_ = new ExplainPanel(this);
    auto* dock = new QDockWidget(tr("Explain: the window under the playhead"), this);
    dock->setObjectName(QStringLiteral("explainDock"));
    dock->setWidget(explainPanel_);
    dock->setMinimumWidth(280); // narrower, its sentences break after every word
    addDockWidget(Qt::RightDockWidgetArea, dock);
    connect(videoPanel_, &VideoPanel::currentFrameChanged, explainPanel_,
        &ExplainPanel::setPlayheadFrame);
    connect(explainPanel_, &ExplainPanel::seekRequested, this, &MainWindow::seek);
    // "guide:q3" opens docs/explain.md at question 3 ("3. …"); "guide:" at its top.
    connect(explainPanel_, &ExplainPanel::guideRequested, this, [this](const QString& section) {
        const QString number = section.startsWith(QLatin1Char('q')) ? section.mid(1) : QString();
        showManual(
            QStringLiteral("explain.md"), number.isEmpty() ? QString() : number + QLatin1Char('.'));
    });
    // A detector chosen for the events is the one explained.
    connect(eventsPanel_->sourceBox(), &EventSourceBox::sourceChanged, explainPanel_,
        &ExplainPanel::setEventSource);
}

} // namespace vigil::ui
