#include "core/batch/batch_summary.h"

#include "core/files/atomic_file.h"

#include <cstdio>

namespace vigil::batch {

std::string statusName(FileStatus status)
{
    switch (status) {
    case FileStatus::Ok:
        return "ok";
    case FileStatus::Failed:
        return "failed";
    case FileStatus::Skipped:
        return "skipped";
    case FileStatus::NotRun:
        return "not_run";
    }
    return "skipped";
}

std::string csvField(std::string_view text)
{
    const bool needsQuotes = text.find_first_of(",\"\r\n") != std::string_view::npos
        || (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!needsQuotes)
        return std::string(text);
    std::string quoted = "\"";
    for (const char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

namespace {

std::string peaksField(const std::optional<VideoFigures>& figures)
{
    std::string text;
    if (!figures)
        return text;
    char peak[48];
    for (const auto& [kind, score] : figures->detectorPeaks) {
        std::snprintf(peak, sizeof peak, "=%.6f", static_cast<double>(score));
        text += (text.empty() ? "" : " ") + toString(kind) + peak;
    }
    return text;
}

} // namespace

std::string summaryToCsv(const std::vector<BatchRow>& rows)
{
    std::string csv = std::string(kSummaryColumns) + "\n";
    char numbers[160];
    for (const BatchRow& row : rows) {
        csv += csvField(row.relativePath) + "," + statusName(row.status) + ","
            + csvField(row.message) + ",";
        if (row.figures) {
            const VideoFigures& f = *row.figures;
            std::snprintf(numbers, sizeof numbers, "%lld,%.3f,%.6f,%.3f,%lld,",
                static_cast<long long>(f.frames), f.durationS, static_cast<double>(f.maxScore),
                f.maxScoreTimeS, static_cast<long long>(f.events));
            csv += numbers;
        } else {
            csv += ",,,,,";
        }
        std::snprintf(numbers, sizeof numbers, "%.2f,", row.secondsTaken);
        csv += numbers + csvField(row.weights) + "," + peaksField(row.figures) + "\n";
    }
    return csv;
}

std::string summaryFileName(const Shard& shard)
{
    return shard.isWhole() ? "summary.csv" : "summary-" + shard.label() + ".csv";
}

void writeSummary(const std::string& path, const std::vector<BatchRow>& rows)
{
    files::writeFileAtomically(path, summaryToCsv(rows));
}

} // namespace vigil::batch
