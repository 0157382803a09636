#!/usr/bin/env bash
# --precision bf16 against fp32 on the same videos and weights (issue 23's fidelity table):
# per-step cosine of the features, and the paper classifier's window scores on each. Weights:
# what `vigil` would use (installed, else --demo-weights: seeded, which the table then says).
# Needs a CPU with native bf16, a build in BUILD (default build/) and Debian's python3-numpy.
#   bench/bf16_fidelity.sh [VIDEO...]   # default: vtest.avi and Megamind.avi of opencv-doc
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VIGIL=${BUILD:-$ROOT/build}/app/vigil
DATA=/usr/share/doc/opencv-doc/examples/data
[ $# -gt 0 ] || set -- "$DATA/vtest.avi" "$DATA/Megamind.avi"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export VIGIL_CALIBRATION=${VIGIL_CALIBRATION:-off}
echo "| video | steps | min cosine | mean cosine | max window |Δ| | weights |"
echo "|---|---|---|---|---|---|"
for video in "$@"; do
  stem=$(basename "${video%.*}")
  for p in fp32 bf16; do
    "$VIGIL" features "$video" --precision "$p" --demo-weights -q -o "$WORK/$p" >"$WORK/$p.log" 2>&1
    "$VIGIL" score "$WORK/$p/$stem.npy" --demo-weights -q -o "$WORK/$p" >>"$WORK/$p.log" 2>&1
  done
  weights=$(grep -q "demo (seeded random)" "$WORK/fp32.log" && echo "demo (seeded)" || echo installed)
  /usr/bin/python3 - "$WORK" "$stem" "$weights" <<'PY'
import json, sys
import numpy as np
work, stem, weights = sys.argv[1:]
a = np.load(f"{work}/fp32/{stem}.npy").astype(np.float64)
b = np.load(f"{work}/bf16/{stem}.npy").astype(np.float64)
a, b = a.reshape(a.shape[0], -1), b.reshape(b.shape[0], -1)
cos = (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1))
wa = [w["score"] for w in json.load(open(f"{work}/fp32/{stem}.vigil.json"))["windows"]]
wb = [w["score"] for w in json.load(open(f"{work}/bf16/{stem}.vigil.json"))["windows"]]
print(f"| {stem} | {a.shape[0]} | {cos.min():.6f} (1 - {1 - cos.min():.1e}) | {cos.mean():.6f} | "
      f"{max(abs(x - y) for x, y in zip(wa, wb)):.2e} | {weights} |")
PY
done
