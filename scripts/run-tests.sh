#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test suite (unit and integration).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
cd build
ctest --output-on-failure -j"$(nproc)" --timeout 600
