#include "ui/live/live_history.h"

namespace vigil::ui {

void LiveHistory::follow(LiveChannel& channel, QObject* context)
{
    QObject::connect(&channel, &LiveChannel::stepScored, context,
        [this](const live::LiveStep& step) { ring.push(step); });
    QObject::connect(&channel, &LiveChannel::statusChanged, context,
        [this](const live::WatchStatus& newest) { status = newest; });
    QObject::connect(&channel, &LiveChannel::alertOpenChanged, context,
        [this](const live::Alert& alert) { openAlert = alert; });
    QObject::connect(
        &channel, &LiveChannel::alertOpenEnded, context, [this] { openAlert.reset(); });
    QObject::connect(
        &channel, &LiveChannel::alertClosed, context, [this](const live::EventRecord& event) {
            alerts.push_back(event);
            if (alerts.size() > kMaxAlerts)
                alerts.pop_front();
        });
    QObject::connect(&channel, &LiveChannel::packetsChanged, context,
        [this](const live::ClipSource& newest) { packets = newest; });
}

} // namespace vigil::ui
