#pragma once
// One libcurl transfer: appends the body of a URL, from a byte offset, to an open file.
// Private to core/models_store; libcurl's types stay in http_transfer.cpp.

#include "core/models_store/downloader.h"

#include <cstdio>
#include <string>

namespace vigil::models_store::detail {

enum class TransferOutcome {
    Complete,
    BrokenOff, // the connection dropped or stalled; the bytes so far are in the file
    TooLarge, // the body would pass TransferTarget::maxBytes; it was cut off there
    RangeUnsupported, // the server ignored the Range header: start again from byte 0
    RangeRejected, // HTTP 416: the offset is past the end of what the server has
};

struct TransferResult {
    TransferOutcome outcome = TransferOutcome::Complete;
    std::string message; // why it broke off
};

struct TransferTarget {
    std::FILE* file = nullptr; // open for appending
    std::string path; // for messages
    int64_t resumeFromBytes = 0;
    int64_t maxBytes = -1; // the most the file may hold, resumed bytes included; -1: no cap
};

// Throws vigil::IoError for HTTP >= 400 (except 416) and other failures that a retry will not
// fix, vigil::Cancelled when cancelled, and rethrows what onProgress threw.
TransferResult transferOnce(const std::string& url, const TransferTarget& target,
    const DownloadSettings& settings, const Downloader::ProgressCallback& onProgress,
    const CancellationToken& cancel);

} // namespace vigil::models_store::detail
