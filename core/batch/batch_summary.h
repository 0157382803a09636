#pragma once
// The batch summary: one row per file of the folder (path, status, message, frames, duration,
// max score and its time, events, seconds taken), written as CSV with RFC 4180 quoting.
// Pure functions plus one atomic write; any thread. Throws IoError when the file cannot be written.

#include "core/batch/shard.h"
#include "core/batch/video_figures.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vigil::batch {

enum class FileStatus {
    Ok, // analysed now; outputs written
    Failed, // a video (or a file named like one) that could not be analysed
    Skipped, // not a video, or outputs already complete (--resume)
    NotRun, // not reached: the batch was cancelled first (--resume goes on with it)
};

std::string statusName(FileStatus status); // "ok" | "failed" | "skipped" | "not_run"

struct BatchRow {
    std::string relativePath;
    FileStatus status = FileStatus::Skipped;
    std::string message; // the error, the reason for skipping, or warnings
    std::optional<VideoFigures> figures; // for ok rows and for complete results skipped by --resume
    double secondsTaken = 0.0;
    std::string weights; // analysis::weightsSummary of the networks of its figures
};

// A CSV field: quoted (with doubled quotes) when it holds a comma, quote, CR, LF or edge spaces.
std::string csvField(std::string_view text);

// summary.csv's header: its eleven columns, in order. detector_peaks: each --detectors
// detector's highest frame score, "rtfm=0.812345 s3r=0.400000" (empty with attention alone). `vigil
// batch --help` prints this very text, so the help and the file cannot drift apart.
inline constexpr std::string_view kSummaryColumns
    = "path,status,message,frames,duration_s,max_score,max_score_time_s,events,seconds,weights,"
      "detector_peaks";

// kSummaryColumns, then one line per row; the figures' fields are empty when the row has none.
std::string summaryToCsv(const std::vector<BatchRow>& rows);

// "summary.csv" for a whole batch, "summary-K-of-N.csv" for one shard.
std::string summaryFileName(const Shard& shard);

void writeSummary(const std::string& path, const std::vector<BatchRow>& rows);

} // namespace vigil::batch
