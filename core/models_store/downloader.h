#pragma once
// Downloads one URL into a file with libcurl. The bytes go to `<destination>.part`, which a
// later call resumes (HTTP Range) after a dropped connection, a stall or a cancel; dropped and
// stalled connections are also retried at once, a few times. A body longer than the expected
// size (or, without one, than maxBytesWithoutKnownSize) is cut off and its .part deleted, so an
// endless body cannot fill the disk. The .part is checked against the expected checksum BEFORE
// it is renamed to the destination; a mismatch deletes it. Redirects are followed.
// fetch() runs on the calling thread and calls onProgress there. Throws vigil::IoError (network,
// HTTP status >= 400, naming the URL and status; or a file problem), vigil::ModelError (checksum
// mismatch), vigil::Cancelled when `cancel` is set (the .part is kept for a resume).

#include "core/common/cancellation.h"
#include "core/models_store/expected_checksum.h"

#include <cstdint>
#include <functional>
#include <string>

namespace vigil::models_store {

struct DownloadProgress {
    int64_t bytesDone = 0; // including bytes resumed from an earlier attempt
    int64_t bytesTotal = -1; // -1 while unknown
    int64_t resumedFromBytes = 0;
};

struct DownloadSettings {
    long connectTimeoutS = 20;
    long stallTimeoutS = 60; // a connection that brings no byte for this long has stalled
    int maxAttempts = 3; // connections per fetch() when the transfer breaks off or stalls
    // The cap on a file whose manifest entry gives no size; the largest published weights
    // (Caffe2's I3D blobs, torchvision's ResNet-50) are a few hundred MB.
    int64_t maxBytesWithoutKnownSize = int64_t { 2 } << 30;
    std::string userAgent = "vigil/0.1";
};

struct DownloadResult {
    std::string sha256;
    int64_t sizeBytes = 0;
};

class Downloader {
public:
    using ProgressCallback = std::function<void(const DownloadProgress&)>;

    explicit Downloader(DownloadSettings settings = {});

    DownloadResult fetch(const std::string& url, const std::string& destination,
        const ExpectedChecksum& expected, const ProgressCallback& onProgress,
        const CancellationToken& cancel) const;

private:
    DownloadSettings settings_;
};

} // namespace vigil::models_store
