#include "core/models_store/downloader.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/files/sha256.h"
#include "core/models_store/detail/http_transfer.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil::models_store {
namespace {

using detail::TransferOutcome;

struct FileCloser {
    void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

FileHandle openPartFile(const std::string& path)
{
    // Through the one regular-file open: a FIFO left as the .part is refused, never waited on.
    const int fd = files::openRegularFile(path, O_WRONLY | O_APPEND | O_CREAT);
    FileHandle file(::fdopen(fd, "ab"));
    if (!file) {
        const int error = errno;
        ::close(fd);
        throw IoError(path + ": cannot write: " + std::strerror(error));
    }
    // Two processes appending to one .part would interleave their bytes.
    if (::flock(::fileno(file.get()), LOCK_EX | LOCK_NB) != 0)
        throw IoError(path + ": another download of this file is in progress");
    return file;
}

int64_t sizeOf(std::FILE* file, const std::string& path)
{
    struct stat info { };
    if (std::fflush(file) != 0 || ::fstat(::fileno(file), &info) != 0)
        throw IoError(path + ": cannot write: " + std::strerror(errno));
    return static_cast<int64_t>(info.st_size);
}

void discardContents(std::FILE* file, const std::string& path)
{
    if (std::fflush(file) != 0 || ::ftruncate(::fileno(file), 0) != 0)
        throw IoError(path + ": cannot truncate: " + std::strerror(errno));
}

// Appends until the server has sent everything. A connection that breaks off is resumed from
// the bytes already in the file, up to maxAttempts connections; a server that cannot resume
// (ignored or rejected Range) gets one fresh start from byte 0.
void downloadInto(std::FILE* file, const std::string& path, const std::string& url,
    const ExpectedChecksum& expected, const DownloadSettings& settings,
    const Downloader::ProgressCallback& onProgress, const CancellationToken& cancel)
{
    int connections = 0;
    bool hasRestarted = false;
    while (true) {
        cancel.throwIfCancelled();
        int64_t offset = sizeOf(file, path);
        if (expected.sizeBytes && offset > *expected.sizeBytes) { // left by some other file
            discardContents(file, path);
            offset = 0;
        }
        if (expected.sizeBytes && offset == *expected.sizeBytes)
            return; // an earlier run got every byte but stopped before the check
        ++connections;
        const int64_t cap = expected.sizeBytes.value_or(settings.maxBytesWithoutKnownSize);
        const detail::TransferResult result = detail::transferOnce(
            url, detail::TransferTarget { file, path, offset, cap }, settings, onProgress, cancel);
        if (result.outcome == TransferOutcome::Complete)
            return;
        if (result.outcome == TransferOutcome::TooLarge) { // no use resuming a wrong file
            std::remove(path.c_str());
            throw IoError(url + ": " + result.message + "; the download was deleted");
        }
        if (result.outcome != TransferOutcome::BrokenOff && !hasRestarted) {
            hasRestarted = true;
            discardContents(file, path);
            continue;
        }
        if (connections >= std::max(1, settings.maxAttempts))
            throw IoError(url + ": " + result.message + " (gave up after "
                + std::to_string(connections)
                + " attempts; the partial download is kept and resumed next time)");
    }
}

} // namespace

Downloader::Downloader(DownloadSettings settings)
    : settings_(std::move(settings))
{
}

DownloadResult Downloader::fetch(const std::string& url, const std::string& destination,
    const ExpectedChecksum& expected, const ProgressCallback& onProgress,
    const CancellationToken& cancel) const
{
    const std::string partPath = destination + ".part";
    {
        FileHandle part = openPartFile(partPath);
        downloadInto(part.get(), partPath, url, expected, settings_, onProgress, cancel);
        if (std::fflush(part.get()) != 0 || ::fsync(::fileno(part.get())) != 0)
            throw IoError(partPath + ": cannot write: " + std::strerror(errno));
    }
    DownloadResult result;
    result.sha256 = files::sha256OfFile(partPath);
    result.sizeBytes = static_cast<int64_t>(std::filesystem::file_size(partPath));
    if (expected.canVerify()) {
        if (const std::string problem = expected.problemWith(result.sizeBytes, result.sha256);
            !problem.empty()) {
            std::remove(partPath.c_str());
            throw ModelError(url + ": " + problem + "; the download was deleted");
        }
    }
    if (std::rename(partPath.c_str(), destination.c_str()) != 0)
        throw IoError(destination + ": cannot install: " + std::strerror(errno));
    return result;
}

} // namespace vigil::models_store
