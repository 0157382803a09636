#!/usr/bin/env bash
# The main job on a real video, and the demo: installs what is missing, builds, then
#  - runs `vigil demo`: Debian's vtest.avi (opencv-doc) with a few seconds of inverted video
#    inserted, analysed with a classifier trained here (under a minute) on synthetic events over
#    the seeded random backbone; results/demo/demo-video.vigil.json and .scores.csv. It needs no
#    network and nothing beside the repository, and is labelled DEMO in every output;
#  - fetches the published weights when the machine can reach them and then analyses vtest.avi
#    with them too, writing results/vtest.vigil.json and results/vtest.scores.csv.
#   VIGIL_MODELS_DIR / VIGIL_MODELS_MIRROR are honoured (see docs/weights.md); extra
#   arguments go to that `vigil analyze`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh vigil # the program alone: the tests are run-tests.sh's
vigil=./build/app/vigil
video=/usr/share/doc/opencv-doc/examples/data/vtest.avi

# Made once and cached in $XDG_CACHE_HOME/vigil/demo: a second run starts at once.
"$vigil" demo -o results/demo

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

if [ ${#missing[@]} -gt 0 ]; then
  cat >&2 <<BANNER
=====================================================================
 Only the DEMO ran: ${missing[*]} could not be fetched (no network?).
 Its classifier was trained on this machine on synthetic events over
 a random backbone: it shows what Vigil does, not what it finds.
 Look at it in the app: $vigil, then "Try the demo".
 To get the real weights: $vigil models fetch
 (or on an offline machine: $vigil models import FILE --as NAME),
 then run this script again. See docs/weights.md.
=====================================================================
BANNER
  echo "Results are in $(pwd)/results/demo/"
  exit 0
fi
"$vigil" analyze "$video" -o results "$@"
echo "Results are in $(pwd)/results/ (the demo's in results/demo/)"
