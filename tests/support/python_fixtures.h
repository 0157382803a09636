#pragma once
// Fixtures that a scripts/make_*_golden.py generator writes into test-tmp/<name> with Debian's
// python3 (python3-torch): made once per build tree (a make_<name>_fixtures ctest test makes
// them before the suites; a test process run alone makes them on first use). Parallel test
// processes may both run the script: it writes each file beside its place and renames it,
// goldens.json last, so its presence means the folder is complete.

#include "tests/support/test_locations.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace vigil::test {

// The folder test-tmp/<name>, made by scripts/<script> when its goldens.json is not there yet.
inline std::string pythonFixtureDir(const std::string& name, const std::string& script)
{
    const std::string dir = testTmpDir() + "/" + name;
    if (std::filesystem::exists(dir + "/goldens.json"))
        return dir;
    const char* python = ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    const std::string command = std::string(python) + " '" + sourceDir() + "/scripts/" + script
        + "' '" + dir + "' >/dev/null";
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error(command + " failed: is python3-torch installed?");
    return dir;
}

} // namespace vigil::test
