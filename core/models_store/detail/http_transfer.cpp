#include "core/models_store/detail/http_transfer.h"

#include "core/common/error.h"

#include <curl/curl.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>

namespace vigil::models_store::detail {
namespace {

struct EasyCleanup {
    void operator()(CURL* handle) const noexcept { curl_easy_cleanup(handle); }
};
using EasyHandle = std::unique_ptr<CURL, EasyCleanup>;

// curl_global_init must run once, before the first handle, and is not thread-safe itself.
void initializeCurlOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// What the C callbacks share with transferOnce(). Nothing may throw out of a callback, so they
// park an exception here and ask libcurl to stop.
struct CallbackState {
    CURL* handle = nullptr;
    const TransferTarget* target = nullptr;
    const Downloader::ProgressCallback* onProgress = nullptr;
    const CancellationToken* cancel = nullptr;
    std::exception_ptr error;
    int writeErrno = 0;
    int64_t bytesWritten = 0; // in this transfer
    bool isTooLarge = false;
};

// Whether `more` bytes, or a body of that length, would take the file past its cap.
bool passesCap(const CallbackState& state, int64_t more)
{
    const int64_t cap = state.target->maxBytes;
    return cap >= 0 && more > cap - state.target->resumeFromBytes - state.bytesWritten;
}

size_t writeBody(char* data, size_t size, size_t count, void* user)
{
    auto* state = static_cast<CallbackState*>(user);
    const size_t bytes = size * count;
    // An endless (or overlong) body is cut off at the cap instead of filling the disk.
    if (passesCap(*state, static_cast<int64_t>(bytes))) {
        state->isTooLarge = true;
        return 0;
    }
    state->bytesWritten += static_cast<int64_t>(bytes);
    if (std::fwrite(data, 1, bytes, state->target->file) != bytes) {
        state->writeErrno = errno != 0 ? errno : EIO;
        return 0; // libcurl ends the transfer with CURLE_WRITE_ERROR
    }
    return bytes;
}

// Whether the body's declared length is already too much. It adds to the resumed bytes only in
// a 206 reply: a server that ignored Range sends the whole file, which libcurl then refuses.
bool declaresTooMuch(const CallbackState& state, curl_off_t total)
{
    const int64_t cap = state.target->maxBytes;
    long status = 0;
    if (cap < 0 || total <= 0
        || curl_easy_getinfo(state.handle, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK)
        return false;
    return total > cap - (status == 206 ? state.target->resumeFromBytes : 0);
}

int reportProgress(void* user, curl_off_t total, curl_off_t now, curl_off_t, curl_off_t)
{
    auto* state = static_cast<CallbackState*>(user);
    // libcurl calls this at least once a second even while no byte arrives, so cancel is prompt.
    if (state->cancel->isCancelled())
        return 1;
    if (declaresTooMuch(*state, total)) {
        state->isTooLarge = true;
        return 1;
    }
    if (!*state->onProgress)
        return 0;
    const int64_t offset = state->target->resumeFromBytes;
    try {
        (*state->onProgress)(
            DownloadProgress { offset + now, total > 0 ? offset + total : -1, offset });
    } catch (...) {
        state->error = std::current_exception();
        return 1;
    }
    return 0;
}

void configure(CURL* handle, const std::string& url, const DownloadSettings& settings,
    CallbackState& state, char* errorText)
{
    curl_easy_setopt(handle, CURLOPT_URL, url.c_str());
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, errorText);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L); // no SIGALRM games in a multithreaded program
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 10L);
    // file:// serves mirrors on a mounted share; a redirect may never lead to a local file.
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https,file");
    curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    // Without this an error page would be appended to the .part as if it were weights.
    curl_easy_setopt(handle, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, settings.connectTimeoutS);
    curl_easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, settings.stallTimeoutS);
    curl_easy_setopt(handle, CURLOPT_USERAGENT, settings.userAgent.c_str());
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, writeBody);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &state);
    curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, reportProgress);
    curl_easy_setopt(handle, CURLOPT_XFERINFODATA, &state);
    curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    if (state.target->resumeFromBytes > 0)
        curl_easy_setopt(handle, CURLOPT_RESUME_FROM_LARGE,
            static_cast<curl_off_t>(state.target->resumeFromBytes));
}

// The URL the user knows, plus where redirects led when that differs.
std::string describeUrl(CURL* handle, const std::string& url)
{
    char* effective = nullptr;
    curl_easy_getinfo(handle, CURLINFO_EFFECTIVE_URL, &effective);
    if (effective == nullptr || url == effective)
        return url;
    return url + " (redirected to " + effective + ")";
}

// A timeout after the connection was made is a stall (CURLOPT_LOW_SPEED_TIME), not a refusal.
bool hasConnected(CURL* handle)
{
    curl_off_t connectUs = 0;
    return curl_easy_getinfo(handle, CURLINFO_CONNECT_TIME_T, &connectUs) == CURLE_OK
        && connectUs > 0;
}

bool isBrokenOff(CURLcode code)
{
    return code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR
        || code == CURLE_OPERATION_TIMEDOUT || code == CURLE_GOT_NOTHING || code == CURLE_HTTP2
        || code == CURLE_HTTP2_STREAM;
}

} // namespace

TransferResult transferOnce(const std::string& url, const TransferTarget& target,
    const DownloadSettings& settings, const Downloader::ProgressCallback& onProgress,
    const CancellationToken& cancel)
{
    initializeCurlOnce();
    EasyHandle handle(curl_easy_init());
    if (!handle)
        throw IoError(url + ": cannot start libcurl");
    CallbackState state { handle.get(), &target, &onProgress, &cancel, nullptr, 0 };
    char errorText[CURL_ERROR_SIZE] = "";
    configure(handle.get(), url, settings, state, errorText);
    const CURLcode code = curl_easy_perform(handle.get());

    if (state.error)
        std::rethrow_exception(state.error);
    if (state.isTooLarge)
        return { TransferOutcome::TooLarge,
            "the server sent more than the " + std::to_string(target.maxBytes)
                + " bytes expected" };
    if (code == CURLE_OK)
        return { TransferOutcome::Complete, {} };
    if (code == CURLE_ABORTED_BY_CALLBACK)
        throw Cancelled();
    if (code == CURLE_OPERATION_TIMEDOUT && hasConnected(handle.get()))
        return { TransferOutcome::BrokenOff,
            "the transfer stalled: no data for " + std::to_string(settings.stallTimeoutS) + " s" };
    const std::string reason = errorText[0] != '\0' ? errorText : curl_easy_strerror(code);
    if (code == CURLE_WRITE_ERROR && state.writeErrno != 0)
        throw IoError(target.path + ": cannot write: " + std::strerror(state.writeErrno));
    if (code == CURLE_HTTP_RETURNED_ERROR) {
        long status = 0;
        curl_easy_getinfo(handle.get(), CURLINFO_RESPONSE_CODE, &status);
        if (status == 416)
            return { TransferOutcome::RangeRejected, "HTTP status 416 for a resumed download" };
        throw IoError(describeUrl(handle.get(), url) + ": HTTP status " + std::to_string(status));
    }
    if (code == CURLE_RANGE_ERROR || code == CURLE_BAD_DOWNLOAD_RESUME)
        return { TransferOutcome::RangeUnsupported, reason };
    if (isBrokenOff(code))
        return { TransferOutcome::BrokenOff, reason };
    throw IoError(describeUrl(handle.get(), url) + ": " + reason);
}

} // namespace vigil::models_store::detail
