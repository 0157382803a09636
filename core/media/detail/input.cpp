#include "core/media/detail/input.h"

#include "core/media/video_probe.h"

extern "C" {
#include <libavdevice/avdevice.h>
#include <libavutil/time.h>
}

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <regex>

namespace vigil::media::detail {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLocalProtocols = "file";
// What RTSP (over TCP or UDP, tunnelled in HTTP, or TLS for rtsps), HTTP(S) and HLS over HTTP(S)
// need underneath; never file, pipe, concat, subfile or data.
constexpr const char* kNetworkProtocols = "tcp,udp,rtp,srtp,tls,http,https,httpproxy,crypto,srt";
constexpr std::string_view kNetworkSchemes[]
    = { "rtsp", "rtsps", "http", "https", "rtp", "udp", "tcp", "srt" };
// A camera is a V4L2 device node read by the video4linux2 demuxer, which opens the device
// itself; no protocol is needed, so none but file is allowed.
constexpr const char* kCameraProtocols = "file";
constexpr const char* kCameraDemuxer = "video4linux2";
// Demuxers that read other files or URLs named inside the input (playlists, lists, image
// sequences, session descriptions, scripts): a local input is one file, so they are refused
// before they read anything. docs/robustness.md lists them.
constexpr std::string_view kDemuxersOfOtherFiles[] = { "hls", "dash", "concat", "imf", "image2",
    "vobsub", "sdp", "rtp", "rtsp", "avisynth", "vapoursynth" };

using IoOpen = decltype(AVFormatContext::io_open);

bool contains(const std::string_view* begin, const std::string_view* end, std::string_view name)
{
    return std::find(begin, end, name) != end;
}

// image2 reads a sequence only when the name holds a pattern (%d, or a glob); any other name is
// one picture, which is refused too, but as what it is.
bool isSingleImage(std::string_view demuxer, std::string_view url)
{
    return demuxer == "image2" && url.find_first_of("%*?[") == std::string_view::npos;
}

} // namespace

struct InputCallbacks {
    const CancellationToken* cancel = nullptr;
    std::string location; // as the caller gave it, for messages
    bool isLocal = true;
    bool isCamera = false;
    int64_t timeoutUs = 0; // network only
    std::atomic<int64_t> deadlineUs { 0 }; // av_gettime_relative() clock; 0 when none
    mutable std::atomic<bool> hasTimedOut { false };
    std::string url; // what FFmpeg is given
    bool isUrlOpened = false;
    IoOpen defaultIoOpen = nullptr;
};

namespace {

// Polled by libavformat inside blocking opens and reads. It runs in C code, so it must not throw.
int isInterrupted(void* opaque) noexcept
{
    const auto& callbacks = *static_cast<const InputCallbacks*>(opaque);
    if (callbacks.cancel && callbacks.cancel->isCancelled())
        return 1;
    const int64_t deadlineUs = callbacks.deadlineUs.load(std::memory_order_relaxed);
    if (deadlineUs == 0 || av_gettime_relative() < deadlineUs)
        return 0;
    callbacks.hasTimedOut.store(true, std::memory_order_relaxed);
    return 1;
}

// Every open FFmpeg makes for the context. A local input may open its own file once; a demuxer
// that tries to open anything else (a playlist's segment, a movie's external reference) is
// refused, whatever its name. Contexts FFmpeg makes itself and that copied this callback have no
// opaque of ours and are refused too.
int openIo(
    AVFormatContext* context, AVIOContext** io, const char* url, int flags, AVDictionary** options)
{
    auto* callbacks = static_cast<InputCallbacks*>(context->opaque);
    if (callbacks == nullptr || callbacks->defaultIoOpen == nullptr)
        return AVERROR(EPERM);
    if (callbacks->isLocal) {
        if (callbacks->isUrlOpened || callbacks->url != url)
            return AVERROR(EPERM);
        callbacks->isUrlOpened = true;
    }
    return callbacks->defaultIoOpen(context, io, url, flags, options);
}

// Before FFmpeg opens a local path: a FIFO or device would block open() for ever (or read
// zeros for ever), and FFmpeg's words for a folder do not say what is wrong. A missing or
// unreadable file is left to FFmpeg's own message.
std::string refusalOfLocalPath(const std::string& path)
{
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error)
        return {};
    if (fs::is_directory(status))
        return "is a folder, not a video file";
    if (!fs::is_regular_file(status))
        return "not a regular file (a FIFO, device or socket)";
    // FFmpeg's words for an empty file ("Invalid data found when processing input") do not tell
    // a user what is wrong; analyze, batch and the GUI all say it in these words.
    if (fs::file_size(path, error) == 0 && !error)
        return std::string(kEmptyFileReason);
    return {};
}

std::string schemeOf(const std::string& url)
{
    const size_t end = url.find("://");
    std::string scheme = url.substr(0, end == std::string::npos ? 0 : end);
    std::transform(scheme.begin(), scheme.end(), scheme.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return scheme;
}

std::string secondsText(int64_t microseconds)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%g s", static_cast<double>(microseconds) / 1e6);
    return text;
}

// The network timeout is the interrupt callback's deadline, one mechanism for every protocol and
// demuxer (rw_timeout and RTSP's timeout cover only some, and each words its error differently).
AVDictionary* openOptions(const InputCallbacks& callbacks)
{
    AVDictionary* options = nullptr;
    // In the options, not only on the context, so that nested opens inherit it.
    const char* protocols = callbacks.isCamera ? kCameraProtocols
        : callbacks.isLocal                    ? kLocalProtocols
                                               : kNetworkProtocols;
    av_dict_set(&options, "protocol_whitelist", protocols, 0);
    return options;
}

} // namespace

OpenFailed::OpenFailed(const std::string& location, std::string message, std::string reason)
    : MediaError(location + ": " + message)
    , reason_(std::move(reason))
{
}

OpenedInput::OpenedInput() noexcept = default;
OpenedInput::~OpenedInput() = default;
OpenedInput::OpenedInput(OpenedInput&&) noexcept = default;
OpenedInput& OpenedInput::operator=(OpenedInput&&) noexcept = default;

OpenedInput::OpenedInput(const MediaSource& source, const CancellationToken* cancel)
    : callbacks_(std::make_unique<InputCallbacks>())
{
    callbacks_->cancel = cancel;
    callbacks_->location = source.location;
    callbacks_->isLocal = source.kind == SourceKind::LocalFile;
    callbacks_->isCamera = source.kind == SourceKind::Camera;
    if (source.kind == SourceKind::LocalFile)
        prepareLocalFile(source);
    else if (source.kind == SourceKind::Camera)
        prepareCamera(source);
    else
        prepareNetworkStream(source);
    open(source);
}

void OpenedInput::prepareLocalFile(const MediaSource& source)
{
    if (const std::string refusal = refusalOfLocalPath(source.location); !refusal.empty())
        throw OpenFailed(source.location, refusal, refusal);
    std::error_code error;
    const fs::path absolute = fs::absolute(source.location, error);
    callbacks_->url = "file:" + (error ? source.location : absolute.string());
}

void OpenedInput::prepareNetworkStream(const MediaSource& source)
{
    const std::string scheme = schemeOf(source.location);
    if (!contains(std::begin(kNetworkSchemes), std::end(kNetworkSchemes), scheme)) {
        const std::string refusal
            = "not a network URL Vigil opens (rtsp, rtsps, http, https, rtp, udp, tcp or srt)";
        throw OpenFailed(source.location, refusal, refusal);
    }
    callbacks_->timeoutUs = std::max<int64_t>(source.timeoutMs, 1) * 1000;
    // Schemes are case-insensitive (RFC 3986), FFmpeg's protocol names are not: HTTP:// is
    // opened as http://, not accepted here and refused by FFmpeg as "Protocol not found".
    callbacks_->url = scheme + source.location.substr(scheme.size());
}

// Only a V4L2 device node: any other path given as a camera would let the demuxer read it.
void OpenedInput::prepareCamera(const MediaSource& source)
{
    static const std::regex kDeviceNode("/dev/video[0-9]{1,3}");
    if (!std::regex_match(source.location, kDeviceNode)) {
        const std::string refusal = "not a camera device (/dev/videoN)";
        throw OpenFailed(source.location, refusal, refusal);
    }
    static std::once_flag registered;
    std::call_once(registered, [] { avdevice_register_all(); });
    callbacks_->timeoutUs = std::max<int64_t>(source.timeoutMs, 1) * 1000;
    callbacks_->url = source.location;
}

void OpenedInput::open(const MediaSource& source)
{
    AVFormatContext* raw = avformat_alloc_context();
    if (!raw)
        throw OpenFailed(source.location, "out of memory", "out of memory");
    raw->interrupt_callback = { &isInterrupted, callbacks_.get() };
    raw->opaque = callbacks_.get();
    callbacks_->defaultIoOpen = raw->io_open;
    raw->io_open = &openIo;
    const AVInputFormat* format = nullptr;
    if (callbacks_->isCamera) {
        format = av_find_input_format(kCameraDemuxer);
        if (format == nullptr) {
            avformat_free_context(raw);
            const std::string refusal = "this FFmpeg cannot read cameras (no video4linux2)";
            throw OpenFailed(source.location, refusal, refusal);
        }
    } else if (callbacks_->isLocal) {
        const int probed = probeFormat(
            callbacks_->url.c_str(), raw->interrupt_callback, kLocalProtocols, format);
        if (probed >= 0
            && contains(
                std::begin(kDemuxersOfOtherFiles), std::end(kDemuxersOfOtherFiles), format->name)) {
            avformat_free_context(raw);
            const std::string refusal = isSingleImage(format->name, callbacks_->url)
                ? std::string("a still image, not a video")
                : std::string("a list of other files (") + format->name
                    + " format); Vigil opens only the file it is given";
            throw OpenFailed(source.location, refusal, refusal);
        }
        if (probed < 0) {
            avformat_free_context(raw);
            fail(probed, "cannot open");
        }
    }
    AVDictionary* options = openOptions(*callbacks_);
    armDeadline();
    // avformat_open_input frees raw when it fails, so it is wrapped only once it succeeded.
    const int opened = avformat_open_input(&raw, callbacks_->url.c_str(), format, &options);
    av_dict_free(&options);
    if (opened < 0)
        fail(opened, "cannot open");
    format_.reset(raw);
    armDeadline();
    if (const int found = avformat_find_stream_info(format_.get(), nullptr); found < 0)
        fail(found, "cannot read stream info");
}

void OpenedInput::armDeadline() noexcept
{
    if (callbacks_ && callbacks_->timeoutUs > 0)
        callbacks_->deadlineUs.store(
            av_gettime_relative() + callbacks_->timeoutUs, std::memory_order_relaxed);
}

void OpenedInput::throwIfInterrupted() const
{
    if (!callbacks_)
        return;
    if (callbacks_->cancel)
        callbacks_->cancel->throwIfCancelled();
    if (callbacks_->hasTimedOut.load(std::memory_order_relaxed))
        throw MediaError(callbacks_->location + ": no answer within "
            + secondsText(callbacks_->timeoutUs) + " (timed out)");
}

void OpenedInput::fail(int code, std::string_view action) const
{
    throwIfInterrupted();
    const std::string text = avErrorText(code);
    const bool isOpen = format_ == nullptr;
    if (isOpen && code == AVERROR_INVALIDDATA)
        throw OpenFailed(callbacks_->location,
            "not a video file, or one too damaged to open (FFmpeg: " + text + ")", text);
    // The probe's reasons have always been FFmpeg's words alone for a failed open.
    const std::string message = std::string(action) + ": " + text;
    throw OpenFailed(callbacks_->location, message, isOpen ? text : message);
}

} // namespace vigil::media::detail
