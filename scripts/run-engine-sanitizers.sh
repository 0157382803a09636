#!/usr/bin/env bash
# Builds the engine (vigil_core, no LibTorch, no Qt) and its unit tests with AddressSanitizer,
# LeakSanitizer and UBSan in build-asan/, and runs the tests of the code that parses what it is
# given: the decoder, the bad-input corpus (scripts/make_bad_inputs.sh) through the feature
# pipeline, the seeded mutation fuzz of opening and decoding videos, and the readers of .npy,
# results, sidecars, the calibration and checksum caches. Any memory error, leak or undefined
# behaviour fails the run. The rest of the core suite (live sessions that wait out a stream's
# clock, downloads, plans) already ran in the Release build; VIGIL_ASAN_FILTER='*' runs it all.
#   VIGIL_VIDEO_FUZZ_CASES=N  mutated files per seed clip (default here: 1000)
#   VIGIL_FILE_FUZZ_CASES=N   mutated results, sidecars and caches per seed (default here: 500)
#   VIGIL_ASAN_FILTER=F       gtest filter of the tests to run (default: the list below)
#   BUILD_DIR=DIR             build folder (default: build-asan, shared with scripts/run-sanitizers.sh)
#   JOBS=N                    compile jobs and test processes (default: all cores)
#   RELEASE_BUILD_DIR=DIR     where a made bad-input corpus is taken from (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-asan}
jobs=${JOBS:-$(nproc)}
export VIGIL_VIDEO_FUZZ_CASES=${VIGIL_VIDEO_FUZZ_CASES:-1000}
export VIGIL_FILE_FUZZ_CASES=${VIGIL_FILE_FUZZ_CASES:-500}
readers=VideoDecoder*:*VideoDecoderCodec*:*VideoDecoderRotation*:*BadInputPipeline*:FeaturePipelineSizeChange*
readers+=:*VideoFuzz*:HostileVideoInput*:NonRegularFiles*:NpyHeader*:Npy.*:TemporalAnnotationsFile*
readers+=:ResultReader*:SavedResultTest*:ReviewSidecar*:CachedSha256*:CalibrationCache*:RegularInputs*
readers+=:LineAppender*:PilResizer*:*PilResizerGolden*:*FramePreprocessorGolden*:SnippetPreprocessor*
readers+=:*ClipCutter*:VideoProbeTest*:ModelStoreManifest*:LabelledVideos*:TemporalAnnotations*:FeatureList*
readers+=:PacketRing*:FileReadersFuzz*:FeatureSidecar*:ResultFormat*:DamagedResult*:DamagedSidecar*
# Less the corpus's 4K clip: 45 s of a Debug resize of 20 frames, most of the run; its buffers are
# the ones every other size goes through, and the Release suite analyses it.
readers+=-*BadInputPipeline*/4k_mp4
export GTEST_FILTER=${VIGIL_ASAN_FILTER:-$readers}
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
  # A Debug build has debug info, which ccache keys on the working folder unless told not to:
  # without this a clone in another folder compiles everything again (215 s here). The cost: a
  # report's source paths may name the clone that filled the cache (the lines are the same).
  export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-true}
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

start=$(date +%s)
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVIGIL_SANITIZE=ON "${launcher[@]}" >/dev/null
cmake --build "$build_dir" --target vigil_core_tests -j"$jobs"
built=$(date +%s)

# The bad-input corpus is the output of one script in every build: a clean clone's CI made it in
# the Release build's ctest a minute ago, so take that copy (10 s of ffmpeg; the tests still
# check its stamp against the script and remake it when they differ).
release_corpus=${RELEASE_BUILD_DIR:-build}/test-tmp/bad-inputs
if [[ -f $release_corpus/.made-by-script && ! -e $build_dir/test-tmp/bad-inputs ]]; then
  mkdir -p "$build_dir/test-tmp"
  cp -a "$release_corpus" "$build_dir/test-tmp/"
fi

# No LibTorch in this executable, so LeakSanitizer stays on (the model tests must turn it off).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:check_initialization_order=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
tests="$build_dir/tests/unit/core/vigil_core_tests"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# GoogleTest's sharding splits the tests over one process per core.
pids=()
for ((shard = 0; shard < jobs; shard++)); do
  GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$shard "$tests" --gtest_brief=1 > "$logs/$shard.log" 2>&1 &
  pids+=($!)
done
failed=0
for shard in "${!pids[@]}"; do
  if ! wait "${pids[$shard]}"; then
    failed=1
    echo "--- shard $shard of $jobs failed:"
    cat "$logs/$shard.log"
  fi
done
[[ $failed -eq 0 ]] || { echo "engine sanitizers: FAILED" >&2; exit 1; }
grep -h "tests* ran\|PASSED\|SKIPPED" "$logs"/*.log || true
echo "engine sanitizers: clean (build $((built - start)) s, tests $(( $(date +%s) - built )) s," \
  "${VIGIL_VIDEO_FUZZ_CASES} fuzz cases per seed clip; filter ${GTEST_FILTER})"
