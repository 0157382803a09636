#include "core/live/alert_outputs.h"

#include "core/common/error.h"
#include "core/io/atomic_file.h"
#include "core/io/regular_file.h"
#include "core/live/live_records.h"
#include "core/media/png_image.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace vigil::live {
namespace {

// Ids go on from the lines already there, so a restarted watch never reuses a file name.
int64_t linesIn(const std::string& path)
{
    std::istringstream in;
    try {
        in.str(io::RegularFile(path).readAll()); // a FIFO would block; the appender refuses it
    } catch (const IoError&) {
        return 0;
    }
    int64_t lines = 0;
    std::string line;
    while (std::getline(in, line))
        lines += line.empty() ? 0 : 1;
    return lines;
}

std::string eventName(int64_t id, const char* extension)
{
    char name[48];
    std::snprintf(name, sizeof(name), "event-%06lld.%s", static_cast<long long>(id), extension);
    return name;
}

} // namespace

AlertOutputs::AlertOutputs(OutputSettings settings, NoticeCallback notice)
    : settings_(std::move(settings))
    , notice_(std::move(notice))
    , events_(settings_.outputDir + "/events.jsonl", "", Durability::Synced)
{
    nextId_ = linesIn(events_.path()) + 1;
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
    if (clip.packets) {
        event.clip = eventName(event.id, "mkv");
        pending_.push_back(
            { settings_.outputDir + "/" + event.clip, event.clipFromUs, event.clipToUs, clip });
    }
    const std::string line = eventJsonLine(event);
    events_.append(line);
    ++eventsWritten_;
    if (hook_)
        if (const std::string problem = hook_->run(line); !problem.empty())
            notice_(problem);
    return event;
}

std::string AlertOutputs::writeThumbnail(int64_t id, const cv::Mat& frame)
{
    if (frame.empty())
        return {};
    const std::string name = eventName(id, "png");
    try {
        const std::vector<uint8_t> png = media::encodePng(frame);
        io::writeFileAtomically(
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
        if (!isStopping && it->toUs > nowUs) {
            ++it;
            continue;
        }
        writeClip(*it);
        it = pending_.erase(it);
    }
}

void AlertOutputs::writeClip(const PendingClip& clip)
{
    const int64_t offset = clip.source.packetOffsetUs;
    try {
        if (!clip.source.packets->writeClip(clip.path, clip.fromUs - offset, clip.toUs - offset))
            notice_(clip.path + ": no clip: no keyframe of that time was kept");
    } catch (const Error& error) {
        notice_(std::string("no clip: ") + error.what());
    }
}

} // namespace vigil::live
