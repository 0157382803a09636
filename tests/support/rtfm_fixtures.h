#pragma once
// Full-size seeded RTFM checkpoints, as torch.save writes them, and PyTorch's goldens for them:
// made once per build tree by scripts/make_rtfm_golden.py with Debian's python3 (python3-torch)
// into test-tmp/rtfm (about 200 MB, so never committed). rtfm-ucf-fixture.pth: zip format, keys
// with nn.DataParallel's "module." prefix; rtfm-ucf-fixture-legacy.pth: torch < 1.6's format,
// plain keys. Parallel test processes may both run the script: it writes each file beside its
// place and renames it, goldens.json last.

#include "tests/support/test_locations.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace vigil::test {

inline std::string fullSizeRtfmDir()
{
    const std::string dir = testTmpDir() + "/rtfm";
    if (std::filesystem::exists(dir + "/goldens.json"))
        return dir;
    const char* python = ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    const std::string command = std::string(python) + " '" + sourceDir()
        + "/scripts/make_rtfm_golden.py' '" + dir + "' >/dev/null";
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error(command + " failed: is python3-torch installed?");
    return dir;
}

} // namespace vigil::test
