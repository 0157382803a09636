#pragma once
// The folders and the program a test suite uses. Their absolute paths are written into one
// generated file per build (tests/CMakeLists.txt), not into every compile command as -D
// definitions: so the test sources compile the same in every clone, and ccache shares them.

#include <string>

namespace vigil::test {

std::string sourceDir(); // the repository
std::string binaryDir(); // the build folder
std::string testTmpDir(); // scratch data of the tests: <build>/test-tmp
std::string vigilExecutable(); // the built `vigil`

} // namespace vigil::test
