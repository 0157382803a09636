#pragma once
// Full-size seeded RTFM checkpoints, as torch.save writes them, and PyTorch's goldens for them:
// made once per build tree by scripts/make_rtfm_golden.py with Debian's python3 (python3-torch)
// into test-tmp/rtfm (about 200 MB, so never committed). rtfm-ucf-fixture.pth: zip format, keys
// with nn.DataParallel's "module." prefix; rtfm-ucf-fixture-legacy.pth: torch < 1.6's format,
// plain keys. Parallel test processes may both run the script: it writes each file beside its
// place and renames it, goldens.json last.

#include "tests/support/python_fixtures.h"

#include <string>

namespace vigil::test {

inline std::string fullSizeRtfmDir()
{
    return pythonFixtureDir("rtfm", "make_rtfm_golden.py");
}

} // namespace vigil::test
