#pragma once
// Where tests find committed data, generated checkpoints, the published reference files, and a
// scratch folder.

#include "tests/support/test_locations.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace vigil::test {

inline std::string sourcePath(const std::string& relative)
{
    return sourceDir() + "/" + relative;
}

// The paper's published checkpoints are not part of the repository: they are read from
// $VIGIL_REFERENCE_DIR, else from ../shared/reference/checkpoints beside the source tree. Only
// tests that need their exact bytes (published checksums, golden scores of the real weights) use
// them, and those skip with publishedSkipReason() when the files are absent.
inline std::string referenceDir()
{
    const char* dir = std::getenv("VIGIL_REFERENCE_DIR");
    if (dir != nullptr && *dir != '\0')
        return dir;
    return sourceDir() + "/../shared/reference/checkpoints";
}

inline std::string referenceCheckpoint(const std::string& name)
{
    return referenceDir() + "/" + name;
}

// Every skip for want of a published file starts with this; scripts/run-tests.sh counts it in
// ctest's log to print one note at the end of the run.
constexpr const char* kNeedsPublished = "needs the published checkpoint ";

// Why a test that needs the published file at `path` cannot run; empty when it can.
inline std::string publishedSkipReason(const std::string& path)
{
    if (std::filesystem::exists(path))
        return {};
    return kNeedsPublished + path + " (absent; set VIGIL_REFERENCE_DIR to the folder holding it)";
}

// The folder of classifier checkpoints in the published format (torch.save zip, the protocol's
// keys and shapes, seeded weights) and their PyTorch goldens. ctest writes it before any test
// (the make_checkpoint_fixtures test); a test binary run by hand writes it on first use.
inline std::string generatedCheckpointDir()
{
    const std::string dir = testTmpDir() + "/checkpoints";
    if (std::filesystem::exists(dir + "/goldens.json")) // the script writes it last
        return dir;
    // Debian's python3, as tests/CMakeLists.txt picks: it is the one with python3-torch.
    const char* python = ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    const std::string command = std::string(python) + " '" + sourceDir()
        + "/scripts/make_checkpoint_fixtures.py' '" + dir + "' >/dev/null";
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error(command + " failed: is python3-torch installed?");
    return dir;
}

// The generated checkpoint for d_a = da and r = rows, the shapes of the published ones: 64/3 or
// 128/7.
inline std::string generatedCheckpoint(int da, int rows)
{
    return generatedCheckpointDir() + "/SelfAttention-da" + std::to_string(da) + "-r"
        + std::to_string(rows) + "-T32-fixture.pth";
}

// The SHA-256 that Python's hashlib computed for generatedCheckpoint(da, rows); empty if unlisted.
inline std::string generatedCheckpointSha256(int da, int rows)
{
    const std::string file = std::filesystem::path(generatedCheckpoint(da, rows)).filename();
    std::ifstream sums(generatedCheckpointDir() + "/SHA256SUMS");
    std::string sha256;
    std::string name;
    while (sums >> sha256 >> name)
        if (name == file)
            return sha256;
    return {};
}

// PyTorch's outputs for the generated checkpoints, keyed by file name (see the script).
inline std::string generatedCheckpointGoldens()
{
    return generatedCheckpointDir() + "/goldens.json";
}

// A fresh, empty folder under the build tree's test-tmp, unique per name and process: ctest runs
// each test of a suite as its own process, in parallel, and each runs SetUpTestSuite.
inline std::string scratchDir(const std::string& name)
{
    const std::filesystem::path dir
        = std::filesystem::path(testTmpDir()) / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

} // namespace vigil::test
