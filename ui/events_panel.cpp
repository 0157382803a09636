#include "ui/events_panel.h"

#include "ui/current_analysis.h"
#include "ui/event_threshold.h"
#include "ui/events_table.h"

#include "core/analysis/score_events.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QVBoxLayout>

namespace vigil::ui {

EventsPanel::EventsPanel(CurrentAnalysis* analysis, EventThreshold* threshold, QWidget* parent)
    : QWidget(parent)
    , analysis_(analysis)
    , threshold_(threshold)
    , thresholdBox_(new QDoubleSpinBox(this))
    , table_(new EventsTable(this))
{
    thresholdBox_->setToolTip(tr("Frames scoring at or above it form events; the same threshold "
                                 "as the red line in the timeline, Settings and batches"));
    threshold_->bind(thresholdBox_);
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Threshold:"), thresholdBox_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(form);
    layout->addWidget(table_, 1);
    connect(analysis_, &CurrentAnalysis::shownResultChanged, this, &EventsPanel::updateEvents);
    connect(analysis_, &CurrentAnalysis::videoChanged, this, &EventsPanel::updateEvents);
    connect(threshold_, &EventThreshold::changed, this, &EventsPanel::updateEvents);
    updateEvents();
}

void EventsPanel::updateEvents()
{
    const double threshold = threshold_->value();
    const ResultPointer& shown = analysis_->shownResult();
    table_->setEvents(shown ? analysis::findEvents(shown->frameScores, threshold)
                            : std::vector<analysis::ScoreEvent>(),
        analysis_->framesPerSecond(), threshold, shown != nullptr);
}

} // namespace vigil::ui
