#pragma once
// The files of a batch: every regular file under the input folder (hidden ones and Vigil's own
// outputs aside), each with the place its results go. Outputs mirror the folder structure under
// the output folder, so equal file names in different subfolders never collide. Whether a file
// is a video is decided later, by its content (media::probeVideo). Any thread.

#include "core/batch/shard.h"

#include <string>
#include <vector>

namespace vigil::batch {

enum class FolderDepth { TopOnly, Recursive };

struct BatchInput {
    std::string path; // the file, as inputDir / relativePath
    std::string relativePath; // '/' between folders, relative to the input folder
    // outputDir / relative folder / name, to which ".vigil.json" and ".scores.csv" are added.
    // The name follows files::outputNames within the folder (clip.mp4 -> clip; clip.mp4 next to
    // clip.avi -> clip.mp4).
    std::string outputBase;
    // Why this entry could not be looked at (a dangling symbolic link, a FIFO or device, a
    // subfolder that cannot be listed); empty for a regular file to probe. Such an entry is still
    // a row of the summary, so that nothing under the folder is left out in silence.
    std::string problem;
    bool isFolder = false; // a subfolder that could not be listed: its videos are not reached

    std::string jsonPath() const { return outputBase + ".vigil.json"; }
    std::string csvPath() const { return outputBase + ".scores.csv"; }
};

// Sorted by relativePath. Skips names starting with '.', the output folder when it lies inside
// the input folder, and files Vigil writes (*.vigil.json, *.scores.csv, summary CSVs in the output
// folder, atomic-write temporaries). Does not follow symbolic links to folders. Entries that are
// not regular files, and subfolders that cannot be listed, come with their problem set.
// Throws IoError when inputDir is not a readable folder.
std::vector<BatchInput> findBatchInputs(
    const std::string& inputDir, const std::string& outputDir, FolderDepth depth);

// The inputs of one shard, in the same order.
std::vector<BatchInput> selectShard(std::vector<BatchInput> inputs, const Shard& shard);

// Whether the name ends like a common video container (.mp4, .avi, .mkv...), ignoring case.
// Only used to tell a broken video (failed) from an unrelated file (skipped).
bool hasVideoExtension(const std::string& path);

} // namespace vigil::batch
