#!/usr/bin/env bash
# Configures and builds Vigil (Release) into build/: every target, or only the ones named
# (./scripts/build.sh vigil builds the program alone). With ccache installed (setup-debian.sh
# installs it) a rebuild after a small change, or after a fresh clone on the same machine,
# recompiles only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null; then
  # Relative paths in the cache key, so that clones in other folders share the cache.
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
  # The precompiled LibTorch header (models/CMakeLists.txt) is cacheable only so.
  export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros}
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}"
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build build -j"$(nproc)" "${targets[@]}"
