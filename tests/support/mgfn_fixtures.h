#pragma once
// A full-size seeded MGFN checkpoint, as torch.save writes it, and PyTorch's goldens for it:
// made once per build tree by scripts/make_mgfn_golden.py with Debian's python3 (python3-torch)
// into test-tmp/mgfn (about 115 MB, so never committed). mgfn-ucf-fixture.pth: zip format, keys
// with nn.DataParallel's "module." prefix. The make_mgfn_fixtures test makes it before the
// suites; a test process run alone makes it on first use. Parallel test processes may both run
// the script: it writes each file beside its place and renames it, goldens.json last.

#include "tests/support/test_locations.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace vigil::test {

inline std::string fullSizeMgfnDir()
{
    const std::string dir = testTmpDir() + "/mgfn";
    if (std::filesystem::exists(dir + "/goldens.json"))
        return dir;
    const char* python = ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    const std::string command = std::string(python) + " '" + sourceDir()
        + "/scripts/make_mgfn_golden.py' '" + dir + "' >/dev/null";
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error(command + " failed: is python3-torch installed?");
    return dir;
}

} // namespace vigil::test
