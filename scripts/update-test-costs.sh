#!/usr/bin/env bash
# Writes tests/ctest-costs.txt from the last full ctest run in build/ (ctest's own measured
# seconds per test, Testing/Temporary/CTestCostData.txt, less its list of failed tests).
# scripts/run-tests.sh starts a build without measurements of its own (a fresh clone, CI) from
# that file, so ctest starts the longest tests first instead of finding them last: on two cores
# a 30 s test started at the end is 30 s of one core idle. Run it after a full, green ctest
# when tests were added, moved or made much faster or slower.
set -euo pipefail
cd "$(dirname "$0")/.."
measured=build/Testing/Temporary/CTestCostData.txt
if [ ! -s "$measured" ]; then
  echo "update-test-costs: $measured: missing; run the whole ctest first" >&2
  exit 1
fi
sed '/^---$/,$d' "$measured" | sort > tests/ctest-costs.txt
echo "tests/ctest-costs.txt: $(wc -l < tests/ctest-costs.txt) tests"
