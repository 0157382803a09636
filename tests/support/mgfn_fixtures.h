#pragma once
// A full-size seeded MGFN checkpoint, as torch.save writes it, and PyTorch's goldens for it:
// made once per build tree by scripts/make_mgfn_golden.py with Debian's python3 (python3-torch)
// into test-tmp/mgfn (about 115 MB, so never committed). mgfn-ucf-fixture.pth: zip format, keys
// with nn.DataParallel's "module." prefix. The make_mgfn_fixtures test makes it before the
// suites; a test process run alone makes it on first use. Parallel test processes may both run
// the script: it writes each file beside its place and renames it, goldens.json last.

#include "tests/support/python_fixtures.h"

#include <string>

namespace vigil::test {

inline std::string fullSizeMgfnDir()
{
    return pythonFixtureDir("mgfn", "make_mgfn_golden.py");
}

} // namespace vigil::test
