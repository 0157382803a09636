#!/usr/bin/env bash
# Builds the model tests with AddressSanitizer and UBSan in build-asan/ and runs the weight
# readers' tests and mutation fuzz there (zip and torch < 1.6 .pth files, Caffe2 .pkl files).
# Any memory error, any undefined behaviour, or any exception other than vigil::ModelError fails.
#   VIGIL_FUZZ_CASES=N   mutated files per format (default here: 5000)
#   BUILD_DIR=DIR        build folder (default: build-asan)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-asan}
export VIGIL_FUZZ_CASES=${VIGIL_FUZZ_CASES:-5000}

cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVIGIL_SANITIZE=ON >/dev/null
cmake --build "$build_dir" --target vigil_models_tests -j"${JOBS:-$(nproc)}"

# LibTorch's static registries are never freed, so LeakSanitizer would report them on every
# exit; leaks are off, every other check is on and fatal. UBSan stops at the first report.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1:check_initialization_order=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
start=$(date +%s)
"$build_dir"/tests/unit/models/vigil_models_tests \
  --gtest_filter='ReaderFuzz.*:StateDictReader.*:*/ClassifierCheckpoint.*:Caffe2BlobReader.*:PickleReader.*:LoadStateDict.*'
echo "sanitizers: clean ($(( $(date +%s) - start )) s, ${VIGIL_FUZZ_CASES} cases per fuzzed format)"
