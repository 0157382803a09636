#pragma once
// The results the desktop app keeps of its own analyses, and the lookup of a saved result for a
// video being opened, so that opening an analysed video again shows its result instead of
// extracting everything again. A result is offered only when it is one of the same file (the
// fingerprint kept in it, core/files/file_fingerprint.h: size and the hash of its first and last
// MiB) made with the same networks and settings (settingsProblem). Kept results live in
// vigilCacheFolder()/results, at most kMaxKeptResults of them (the oldest go first). Functions of
// files; any thread; a bad or foreign file is passed over, never thrown.

#include "core/analysis/analysis_result.h"
#include "core/batch/saved_result.h"
#include "core/files/file_fingerprint.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace vigil::batch {

constexpr size_t kMaxKeptResults = 200;

struct ResultPaths {
    std::string jsonPath;
    std::string csvPath;
};

std::string keptResultsFolder(); // vigilCacheFolder()/results

// The name the app keeps a video's result under: its stem, size and the start of its hash, so two
// videos of the same name never share one and the same video always finds its own.
std::string keptResultStem(const std::string& videoPath, const files::FileFingerprint& fingerprint);

// Where to look for a saved result of videoPath: the kept one, then <stem>.vigil.json in each of
// the folders (the export folder, the video's own).
std::vector<ResultPaths> savedResultCandidates(
    const std::string& videoPath, const std::vector<std::string>& folders);

struct MatchingResult {
    ResultPaths paths;
    analysis::AnalysisResult result;
};

// The first candidate that is a complete result of this very file made with these settings.
std::optional<MatchingResult> findMatchingResult(const std::string& videoPath,
    const std::vector<ResultPaths>& candidates, const ExpectedSettings& expected);

// Keeps a finished result of a video file (a stream or features-only result is not kept) and
// removes the oldest kept ones beyond kMaxKeptResults. Returns where it went; throws IoError.
ResultPaths keepResult(const analysis::AnalysisResult& result, const std::string& folder);

} // namespace vigil::batch
