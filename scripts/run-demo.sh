#!/usr/bin/env bash
# The main job on a real video: installs what is missing, builds, and analyses Debian's
# vtest.avi (opencv-doc), writing results/vtest.vigil.json and results/vtest.scores.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
video=/usr/share/doc/opencv-doc/examples/data/vtest.avi
cat >&2 <<'BANNER'
=====================================================================
 DEMO WEIGHTS: no published weights are installed, so this run uses
 seeded random networks. The pipeline is real, the scores are NOT
 meaningful. Pass --backbone-weights FILE --classifier FILE for real
 scores (see README.md, "Weights").
=====================================================================
BANNER
./build/app/vigil analyze "$video" --demo-weights -o results "$@"
echo "Results are in $(pwd)/results/"
