#pragma once
// Where tests find committed data, the shared reference files, and a scratch folder.

#include <filesystem>
#include <string>

#include <unistd.h>

namespace vigil::test {

inline std::string sourcePath(const std::string& relative)
{
    return std::string(VIGIL_SOURCE_DIR) + "/" + relative;
}

inline std::string referenceCheckpoint(const std::string& name)
{
    return std::string(VIGIL_SOURCE_DIR) + "/../shared/reference/checkpoints/" + name;
}

// A fresh, empty folder under the build tree's test-tmp, unique per name and process: ctest runs
// each test of a suite as its own process, in parallel, and each runs SetUpTestSuite.
inline std::string scratchDir(const std::string& name)
{
    const std::filesystem::path dir
        = std::filesystem::path(VIGIL_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

} // namespace vigil::test
