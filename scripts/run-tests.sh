#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test suite (unit and integration). The tests
# make what they read; the few that need the paper's published checkpoints themselves (their
# exact bytes: checksums, golden scores) read them from $VIGIL_REFERENCE_DIR (default:
# ../shared/reference/checkpoints beside the repository), skip without them, and the last line
# says how many skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
reference=${VIGIL_REFERENCE_DIR:-$(realpath -m "$PWD/../shared/reference/checkpoints")}
cd build
status=0
# One `cpus` slot per core (tests/CMakeLists.txt: each test asks for the cores it keeps busy),
# and two jobs more, for the realtime tests on fake networks, which mostly wait on a stream.
# (At least two slots: the two-thread tests ask for two.)
cores=$(nproc)
slots=$((cores < 2 ? 2 : cores))
mkdir -p Testing/Temporary
# Without measurements of its own (a fresh clone), ctest orders the tests by the costs measured
# on a two-core machine (scripts/update-test-costs.sh), so the longest start first.
if [ ! -s Testing/Temporary/CTestCostData.txt ]; then
  cp ../tests/ctest-costs.txt Testing/Temporary/CTestCostData.txt
fi
printf '{"version":{"major":1,"minor":0},"local":[{"cpus":[{"id":"0","slots":%d}]}]}\n' \
  "$slots" > Testing/cpus.json
ctest --output-on-failure -j"$((cores + 2))" --resource-spec-file Testing/cpus.json \
  --timeout 600 || status=$?
# Each of those skips gives a reason that starts so (kNeedsPublished, tests/support/test_paths.h);
# ctest keeps every test's output in LastTest.log.
skipped=$(grep -c '^needs the published checkpoint ' Testing/Temporary/LastTest.log 2>/dev/null || true)
skipped=${skipped:-0}
if [ "$skipped" -gt 0 ]; then
  echo "note: $skipped tests need the published checkpoints (VIGIL_REFERENCE_DIR=$reference); skipped"
else
  echo "note: the tests that need the published checkpoints ran (VIGIL_REFERENCE_DIR=$reference)"
fi
exit "$status"
