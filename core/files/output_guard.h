#pragma once
// The one check of where a command may write, made before any work: an output must never
// destroy what the user did not ask to replace. Refused, each in one line naming the output:
// an output that is one of the command's inputs by any name (`train --labels l.csv -o l.csv`,
// `features dir/clip.npy -o dir` where clip.npy is the video), and an existing file that is not
// of the kind the command writes (a video named `other.json` where a sidecar would go). A FIFO,
// device or folder in an output's place is refused by writeFileAtomically itself, for every
// write. Any thread.

#include <string>
#include <string_view>
#include <vector>

namespace vigil::files {

struct PlannedOutput {
    std::string path;
    // What the first bytes of a file Vigil wrote there are ("{" for JSON, "\x93NUMPY" for .npy);
    // empty: whatever is there may be replaced.
    std::string_view startsWith;
    std::string_view kind; // "feature sidecar", in the message
};

// Throws vigil::IoError ("<output>: is also an input; choose another output name") for the first
// output that would destroy an input or a file of another kind.
void refuseOutputsOverInputs(
    const std::vector<PlannedOutput>& outputs, const std::vector<std::string>& inputs);

} // namespace vigil::files
