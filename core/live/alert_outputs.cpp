#include "core/live/alert_outputs.h"

#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/live/event_ids.h"
#include "core/live/live_records.h"
#include "core/media/png_image.h"

namespace vigil::live {

AlertOutputs::AlertOutputs(OutputSettings settings, NoticeCallback notice)
    : settings_(std::move(settings))
    , notice_(std::move(notice))
    , events_(settings_.outputDir + "/events.jsonl", "", Durability::Synced)
{
    // After every id this folder has seen (FolderLock keeps other watchers out meanwhile).
    nextId_ = highestEventId(settings_.outputDir) + 1;
    if (!settings_.execCommand.empty())
        hook_.emplace(settings_.execCommand);
}

EventRecord AlertOutputs::record(
    const Alert& alert, const cv::Mat& peakFrame, const ClipSource& clip)
{
    EventRecord event;
    event.id = nextId_++;
    event.source = settings_.sourceName;
    event.networks = settings_.networks;
    event.alert = alert;
    event.thumbnail = writeThumbnail(event.id, peakFrame);
    event.clipFromUs = std::max<int64_t>(alert.startUs - settings_.preRollUs, 0);
    event.clipToUs = alert.endUs + settings_.postRollUs;
    const std::string line = eventJsonLine(event);
    events_.append(line);
    ++eventsWritten_;
    if (clip.packets)
        pending_.push_back({ event, clip });
    else
        runHook(line);
    return event;
}

void AlertOutputs::runHook(const std::string& line)
{
    if (hook_)
        if (const std::string problem = hook_->run(line); !problem.empty())
            notice_(problem);
}

std::string AlertOutputs::writeThumbnail(int64_t id, const cv::Mat& frame)
{
    if (frame.empty())
        return {};
    const std::string name = eventFileName(id, "png");
    try {
        const std::vector<uint8_t> png = media::encodePng(frame);
        files::writeFileAtomically(
            settings_.outputDir + "/" + name, std::string(png.begin(), png.end()));
        return name;
    } catch (const Error& error) {
        notice_(std::string("no thumbnail: ") + error.what());
        return {};
    }
}

void AlertOutputs::writeDueClips(int64_t nowUs, bool isStopping)
{
    for (auto it = pending_.begin(); it != pending_.end();) {
        if (!isStopping && it->event.clipToUs > nowUs) {
            ++it;
            continue;
        }
        writeClip(*it);
        it = pending_.erase(it);
    }
}

void AlertOutputs::writeClip(PendingClip& clip)
{
    EventRecord& event = clip.event;
    const std::string name = eventFileName(event.id, "mkv");
    const int64_t offset = clip.source.packetOffsetUs;
    std::string problem;
    try {
        if (!clip.source.packets->writeClip(settings_.outputDir + "/" + name,
                event.clipFromUs - offset, event.clipToUs - offset))
            problem = "no keyframe of that time was kept";
    } catch (const Error& error) {
        problem = error.what();
    }
    if (problem.empty())
        event.clip = name;
    else
        notice_(settings_.outputDir + "/" + name + ": no clip: " + problem);
    events_.append(clipJsonLine(event, problem));
    runHook(eventJsonLine(event));
}

} // namespace vigil::live
