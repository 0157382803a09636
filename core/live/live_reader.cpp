#include "core/live/live_reader.h"

#include "core/analysis/snippet_cutter.h"
#include "core/common/error.h"
#include "core/common/redacted_url.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace vigil::live {
namespace {

// Error messages name the location as given; the notices name it redacted.
std::string withDisplayName(const std::string& message, const ReaderSettings& settings)
{
    return redactedIn(message, settings.source.location);
}

std::string secondsText(int64_t us)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%.1f s", static_cast<double>(us) / 1e6);
    return text;
}

} // namespace

LiveReader::LiveReader(ReaderSettings settings, StreamClock& clock,
    DropOldestQueue<LiveSnippet>& queue, GapLog& gaps, const CancellationToken& cancel,
    NoticeCallback notice)
    : settings_(std::move(settings))
    , clock_(clock)
    , queue_(queue)
    , gaps_(gaps)
    , cancel_(cancel)
    , notice_(std::move(notice))
{
}

void LiveReader::run()
{
    std::optional<media::VideoDecoder> decoder = openFirst();
    while (decoder) {
        wasOpened_ = true;
        std::string reason = "the stream ended";
        try {
            readConnection(*decoder);
        } catch (const Cancelled&) {
            break;
        } catch (const Error& error) {
            reason = withDisplayName(error.what(), settings_);
        }
        decoder.reset();
        if (cancel_.isCancelled())
            break;
        gaps_.add({ StreamGap::Kind::Lost, lastEndUs_, lastEndUs_ });
        notice_(settings_.displayName + ": stream dropped (" + reason + "); reconnecting");
        decoder = reconnect(lastEndUs_, reason);
    }
    if (endReason_.empty())
        endReason_ = "stopped";
    queue_.close();
}

// A camera still rebooting, a server not up yet: the first open is retried as a drop is.
std::optional<media::VideoDecoder> LiveReader::openFirst()
{
    std::string reason;
    try {
        return media::VideoDecoder(settings_.source, &cancel_);
    } catch (const Cancelled&) {
        return std::nullopt;
    } catch (const Error& error) {
        reason = withDisplayName(error.what(), settings_);
    }
    notice_(reason + "; retrying");
    std::optional<media::VideoDecoder> decoder = openWithBackoff(reason, 0);
    if (decoder)
        notice_(settings_.displayName + ": opened after " + secondsText(sinceCreatedUs()));
    return decoder;
}

// Reads one connection to its end. Its stream time is anchored at its first frame: the stream
// clock when that frame arrived (0 for the first connection's), and at least a frame after the
// end of the last connection's, so times keep increasing across reconnections even for a source
// faster than real time, and the gap's "not scored" row has a time of its own.
bool LiveReader::readConnection(media::VideoDecoder& decoder)
{
    auto packets
        = std::make_shared<media::PacketRing>(settings_.ringDurationUs, settings_.ringBytes);
    decoder.keepPackets(*packets);
    const media::VideoInfo& info = decoder.info();
    const preprocess::SnippetPreprocessor pre(
        settings_.crops, cv::Size(info.width, info.height), settings_.preset);
    const int64_t frameUs = info.fps > 0.0 ? std::llround(1e6 / info.fps) : 40000;
    analysis::SnippetCutter cutter(pre);
    FamilySnippets others(settings_.otherFamilies, cv::Size(info.width, info.height));
    std::optional<int64_t> offsetUs;
    LiveSnippet snippet;
    while (std::optional<media::VideoFrame> frame = decoder.next()) {
        if (!offsetUs) {
            clock_.start();
            const int64_t notBeforeUs = lastEndUs_ > 0 ? lastEndUs_ + frameUs : 0;
            offsetUs = std::max(clock_.nowUs(), notBeforeUs) - frame->ptsUs;
        }
        if (onFrame_)
            onFrame_(frame->rgb, *offsetUs + frame->ptsUs);
        if (decoded_)
            decoded_->fetch_add(1, std::memory_order_relaxed);
        if (cutter.framesHeld() == 0) {
            snippet.startUs = *offsetUs + frame->ptsUs;
            snippet.input = FloatArray::zeros({ pre.cropCount(), 3, analysis::kSnippetFrames,
                preprocess::SnippetPreprocessor::kCropSize,
                preprocess::SnippetPreprocessor::kCropSize });
        }
        if (cutter.framesHeld() == analysis::kSnippetFrames / 2)
            snippet.middleFrame = frame->rgb;
        others.add(frame->rgb);
        if (!cutter.add(frame->rgb, snippet.input.data()))
            continue;
        snippet.otherInputs = others.take();
        snippet.arrivedUs = clock_.nowUs();
        snippet.endUs = *offsetUs + frame->ptsUs + frameUs;
        snippet.connection = connection_;
        snippet.packets = packets;
        snippet.packetOffsetUs = *offsetUs;
        lastEndUs_ = snippet.endUs;
        pushSnippet(std::move(snippet));
        snippet = LiveSnippet {};
    }
    return offsetUs.has_value();
}

void LiveReader::pushSnippet(LiveSnippet snippet)
{
    queue_.push(std::move(snippet), [this](const LiveSnippet& dropped) {
        gaps_.add({ StreamGap::Kind::Skipped, dropped.startUs, dropped.endUs });
    });
}

std::optional<media::VideoDecoder> LiveReader::reconnect(
    int64_t droppedAtUs, const std::string& reason)
{
    const int64_t downSinceUs = sinceCreatedUs();
    std::optional<media::VideoDecoder> decoder = openWithBackoff(reason, downSinceUs);
    if (!decoder)
        return std::nullopt;
    ++connection_;
    ++reconnections_;
    gaps_.add({ StreamGap::Kind::Reconnected, droppedAtUs, clock_.nowUs() });
    notice_(settings_.displayName + ": reconnected after "
        + secondsText(sinceCreatedUs() - downSinceUs) + "; the gap is not scored");
    return decoder;
}

// Waits (ReconnectBackoff), tries, and again, until the source opens; nullopt when cancelled or
// when the stream stayed away for giveUpAfterMs (endReason_ then says so).
std::optional<media::VideoDecoder> LiveReader::openWithBackoff(
    std::string reason, int64_t downSinceUs)
{
    ReconnectBackoff backoff(settings_.reconnectMaxDelayMs);
    for (;;) {
        const int64_t delayMs = backoff.nextDelayMs();
        if (onRetryWait_)
            onRetryWait_({ wasOpened_, reason, delayMs, sinceCreatedUs() - downSinceUs });
        if (!waitBeforeAttempt(delayMs))
            return std::nullopt;
        const int64_t downUs = sinceCreatedUs() - downSinceUs;
        if (settings_.giveUpAfterMs > 0 && downUs >= settings_.giveUpAfterMs * 1000) {
            // The caller's summary line says it, once.
            endReason_ = (wasOpened_ ? "no stream for " : "not opened in ") + secondsText(downUs)
                + "; stopped";
            return std::nullopt;
        }
        try {
            return media::VideoDecoder(settings_.source, &cancel_);
        } catch (const Cancelled&) {
            return std::nullopt;
        } catch (const Error& error) {
            reason = withDisplayName(error.what(), settings_); // still down: wait longer
        }
    }
}

int64_t LiveReader::sinceCreatedUs() const
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - createdAt_).count();
}

// False when cancelled; a RetryNow request ends the wait early.
bool LiveReader::waitBeforeAttempt(int64_t ms) const
{
    const Clock::time_point until = Clock::now() + std::chrono::milliseconds(ms);
    while (Clock::now() < until) {
        if (cancel_.isCancelled())
            return false;
        if (retryNow_ && retryNow_->take())
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return !cancel_.isCancelled();
}

} // namespace vigil::live
