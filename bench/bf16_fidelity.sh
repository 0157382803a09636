#!/usr/bin/env bash
# --precision bf16 against fp32 on the same videos and weights (issue 23's fidelity table):
# per-step cosine of the features, the paper classifier's window scores on each, and the frame
# AUC of a small synthetic evaluation set (below). Weights: what `vigil` would use (installed,
# else --demo-weights: seeded, which the table then says).
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
# The demo's classifier (docs/demo.md; `vigil demo` makes it once and caches it) was trained for
# the seeded backbone, so its scores move (an untrained one answers 0.515 everywhere): its
# windows of 8 steps show what bf16 does to scores that mean something.
"$VIGIL" demo -q -o "$WORK/demo" >"$WORK/demo.log" 2>&1
classifier=${XDG_CACHE_HOME:-$HOME/.cache}/vigil/demo/vtest-all/demo-classifier.pth
[ -f "$classifier" ] || { echo "bf16_fidelity: no demo classifier at $classifier" >&2; exit 1; }
echo "| video | steps | min cosine | mean cosine | max window |Δ| | weights | max window |Δ|, demo-trained classifier |"
echo "|---|---|---|---|---|---|---|"
for video in "$@"; do
  stem=$(basename "${video%.*}")
  for p in fp32 bf16; do
    "$VIGIL" features "$video" --precision "$p" --demo-weights -q -o "$WORK/$p" >"$WORK/$p.log" 2>&1
    "$VIGIL" score "$WORK/$p/$stem.npy" --demo-weights -q -o "$WORK/$p" >>"$WORK/$p.log" 2>&1
    "$VIGIL" score "$WORK/$p/$stem.npy" --classifier "$classifier" --window 8 --stride 1 -q \
      -o "$WORK/$p-trained" >>"$WORK/$p.log" 2>&1
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
def gap(folder):
    wa = [w["score"] for w in json.load(open(f"{work}/fp32{folder}/{stem}.vigil.json"))["windows"]]
    wb = [w["score"] for w in json.load(open(f"{work}/bf16{folder}/{stem}.vigil.json"))["windows"]]
    return max(abs(x - y) for x, y in zip(wa, wb))
print(f"| {stem} | {a.shape[0]} | {cos.min():.6f} (1 - {1 - cos.min():.1e}) | {cos.mean():.6f} | "
      f"{gap(''):.2e} | {weights} | {gap('-trained'):.2e} |")
PY
done

# Frame AUC, fp32 against bf16, on a small synthetic evaluation set: four 256-frame stretches of
# vtest.avi and Megamind.avi, each once as it is (Normal) and once with 4 steps of inverted
# colours (Inverted, at a different place in each), scored by the demo's classifier.
mkdir -p "$WORK/set"
: >"$WORK/set/annotations.txt"
i=0
for source in "$DATA/vtest.avi:0" "$DATA/vtest.avi:256" "$DATA/vtest.avi:512" "$DATA/Megamind.avi:0"; do
  file=${source%:*} first=${source##*:}
  event=$(( (2 + 3 * i) % 12 ))  # the event's first step: 2, 5, 8, 11
  a=$((event * 16)) b=$(((event + 4) * 16 - 1))
  cut="select='between(n,$first,$((first + 255)))',setpts=N/TB/10"
  ffmpeg -v error -y -i "$file" -vf "$cut" -frames:v 256 -r 10 -an -c:v libx264 -crf 16 -preset veryfast "$WORK/set/normal$i.mp4"
  ffmpeg -v error -y -i "$file" -vf "$cut,negate=enable='between(n,$a,$b)'" -frames:v 256 -r 10 -an \
    -c:v libx264 -crf 16 -preset veryfast "$WORK/set/inverted$i.mp4"
  echo "normal$i Normal -1 -1 -1 -1" >>"$WORK/set/annotations.txt"
  echo "inverted$i Inverted $a $b -1 -1" >>"$WORK/set/annotations.txt"
  i=$((i + 1))
done
echo
echo "| precision | frame ROC AUC | PR AUC | videos |"
echo "|---|---|---|---|"
for p in fp32 bf16; do
  "$VIGIL" features "$WORK"/set/*.mp4 --precision "$p" --demo-weights -q -o "$WORK/set-$p" >>"$WORK/$p.log" 2>&1
  "$VIGIL" eval --features-dir "$WORK/set-$p" --annotations "$WORK/set/annotations.txt" \
    --classifier "$classifier" --split 8 -o "$WORK/eval-$p" >>"$WORK/$p.log" 2>&1
  /usr/bin/python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(f\"| $p | {r['roc_auc']:.6f} | {r['pr_auc']:.6f} | {r['videos']} |\")" "$WORK/eval-$p/report.json"
done
/usr/bin/python3 -c "import json,sys; a,b=(json.load(open(f))['roc_auc'] for f in sys.argv[1:]); print(f'\nframe ROC AUC, |bf16 - fp32| = {abs(a-b):.2e} (goal <= 1e-3: {\"met\" if abs(a-b)<=1e-3 else \"NOT met\"})')" "$WORK/eval-fp32/report.json" "$WORK/eval-bf16/report.json"
