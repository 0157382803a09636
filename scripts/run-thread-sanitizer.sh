#!/usr/bin/env bash
# Builds the threading contract's test (tests/unit/models/one_engine_threads_test.cpp: one engine
# of seeded networks runs an analysis, a batch over a folder and a live session at once, each
# checked against the same run alone) with ThreadSanitizer in build-tsan/, and runs it. Only that
# test's executable is built (the engine and the networks, no Qt). The first race, lock-order
# inversion or other report fails the run. LibTorch, OpenMP, FFmpeg and OpenCV are not
# instrumented: scripts/tsan-suppressions.txt names what of theirs TSan cannot judge, and nothing
# of Vigil's.
#   BUILD_DIR=DIR  build folder (default: build-tsan)
#   JOBS=N         compile jobs (default: all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-tsan}
jobs=${JOBS:-$(nproc)}
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
  # The precompiled LibTorch header (models/CMakeLists.txt) is cacheable only so.
  export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros}
  # -g1 puts the working folder in the debug info, which ccache keys on unless told not to: a
  # clone in another folder would compile everything again.
  export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-true}
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

start=$(date +%s)
# -O1 -g1: line numbers in the reports, and the shortest compile that TSan still runs fast.
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DVIGIL_SANITIZE_THREAD=ON -DVIGIL_BUILD_BENCHMARKS=OFF "${launcher[@]}" >/dev/null
cmake --build "$build_dir" --target vigil_one_engine_tsan -j"$jobs"
built=$(date +%s)

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:exitcode=66:suppressions=$PWD/scripts/tsan-suppressions.txt"
export VIGIL_CALIBRATION=off
"$build_dir/tests/unit/models/vigil_one_engine_tsan" --gtest_brief=1 "$@"
echo "thread sanitizer: clean (build $((built - start)) s, test $(( $(date +%s) - built )) s)"
