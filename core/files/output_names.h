#pragma once
// The one naming rule for results written side by side (vigil analyze/score/features -o DIR,
// and each folder of a batch): an input's results are named after its stem (clip.mp4 ->
// clip.vigil.json), or after its whole file name wherever another input's name would be the
// same (clip.mp4 and clip.avi -> clip.mp4.vigil.json and clip.avi.vigil.json; a.mp4.mkv next to
// them keeps its own). Two inputs with the same file name (a/clip.mp4 and b/clip.mp4 into one
// folder, or one file given twice) still collide: the caller refuses the run. Pure; any thread.

#include <string>
#include <vector>

namespace vigil::files {

struct OutputNames {
    std::vector<std::string> names; // one per input, in input order
    std::string collision; // "a/clip.mp4 and b/clip.mp4 would both write clip.mp4"; else empty
};

OutputNames outputNames(const std::vector<std::string>& inputPaths);

} // namespace vigil::files
