#pragma once
// A full-size seeded S3R checkpoint and dictionary, and PyTorch's goldens for them:
// made once per build tree by scripts/make_s3r_golden.py with Debian's python3 (python3-torch)
// into test-tmp/s3r (about 190 MB, so never committed). s3r-ucf-fixture.pth: zip format, keys
// with nn.DataParallel's "module." prefix. The make_s3r_fixtures test makes it before the
// suites; a test process run alone makes it on first use. Parallel test processes may both run
// the script: it writes each file beside its place and renames it, goldens.json last.

#include "tests/support/python_fixtures.h"

#include <string>

namespace vigil::test {

inline std::string fullSizeS3rDir()
{
    return pythonFixtureDir("s3r", "make_s3r_golden.py");
}

} // namespace vigil::test
