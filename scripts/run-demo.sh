#!/usr/bin/env bash
# The main job on a real video: installs what is missing, builds, fetches the published weights
# when the machine can reach them, and analyses Debian's vtest.avi (opencv-doc), writing
# results/vtest.vigil.json and results/vtest.scores.csv. Offline it still succeeds, with demo
# (seeded random) weights for whatever could not be fetched, and says so in a banner.
#   VIGIL_MODELS_DIR / VIGIL_MODELS_MIRROR are honoured (see README.md, "Weights").
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
vigil=./build/app/vigil
video=/usr/share/doc/opencv-doc/examples/data/vtest.avi

# The classifier (1.3 MB) doubles as the reachability probe, with a short limit; the I3D
# weights get longer once the network has answered. Interrupted downloads resume next time.
# Files already installed are not downloaded again.
missing=()
if ! timeout --signal=INT 60 "$vigil" models fetch classifier-da64-r3; then
  missing+=(classifier-da64-r3)
fi
if [ ${#missing[@]} -eq 0 ]; then
  timeout --signal=INT 1800 "$vigil" models fetch i3d-r50-kinetics || missing+=(i3d-r50-kinetics)
else
  "$vigil" models verify i3d-r50-kinetics >/dev/null 2>&1 || missing+=(i3d-r50-kinetics)
fi

demo=()
if [ ${#missing[@]} -gt 0 ]; then
  # Demo weights fill in only what is missing: an installed classifier is still used.
  demo=(--demo-weights)
  cat >&2 <<BANNER
=====================================================================
 DEMO WEIGHTS: ${missing[*]} could not be fetched (no network?),
 so this run uses seeded random weights in their place. The pipeline
 is real, the scores are NOT meaningful.
 To get the real weights: $vigil models fetch
 (or on an offline machine: $vigil models import FILE --as NAME),
 then run this script again. See README.md, "Weights".
=====================================================================
BANNER
fi
"$vigil" analyze "$video" "${demo[@]}" -o results "$@"
echo "Results are in $(pwd)/results/"
