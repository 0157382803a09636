#!/usr/bin/env bash
# Builds the threading contract's test (tests/unit/models/one_engine_threads_test.cpp: one engine
# runs an analysis, a batch and a live session at once) with ThreadSanitizer in build-tsan/ and
# runs it. LibTorch, OpenMP and FFmpeg are not instrumented: scripts/tsan-suppressions.txt keeps
# their internals out of the report, so what is left is a race in Vigil's own code.
#   BUILD_DIR=DIR  build folder (default: build-tsan)
#   JOBS=N         compile jobs (default: all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-tsan}
jobs=${JOBS:-$(nproc)}

start=$(date +%s)
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVIGIL_SANITIZE_THREAD=ON \
  -DVIGIL_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build_dir" --target vigil_one_engine_tsan -j"$jobs"
built=$(date +%s)

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan-suppressions.txt"
export VIGIL_CALIBRATION=off
"$build_dir/tests/unit/models/vigil_one_engine_tsan"
echo "tsan one engine: clean (build $((built - start)) s, test $(( $(date +%s) - built )) s)"
