#!/usr/bin/env bash
# Vigil against the Python pipelines users run today, side by side in one run
# (docs/performance.md). Builds its test videos with ffmpeg lavfi, writes one set of I3D weights that
# every pipeline loads, then for each repeat runs, one after the other:
#   vigil analyze --profile  and  bench/reference_pipeline.py opencv  on a 320x240 video,
#   vigil analyze --profile  and  bench/reference_pipeline.py jpeg    on a 1280x720 video,
#   the same two vigil runs with --precision bf16 (where the CPU has avx512_bf16 or amx_bf16),
#   vigil analyze --crops ten on a shorter 320x240 video (per-crop efficiency against centre crop),
#   the CPU's FMA peak (own kernel), the float32 GEMM peak and the backbones alone, float32 and
#   bf16 (vigil_bench vs eager PyTorch),
#   the start-up: `vigil --help` and `vigil models list`, best of 5 (bench/startup_time.py),
#   vigil analyze on a video 10x longer (peak RSS),
# and prints throughput, peak RSS (/usr/bin/time -v) and the ratios of the speed goals from the
# best of the repeats (bench/run_bench_report.py). The tables, with the date, host, CPU,
# LibTorch, settings and commit, are also written to docs/measurements/<date>-<host>.md (MEASUREMENTS=DIR: elsewhere; MEASUREMENTS=
# with nothing: not written; a second run on the same day replaces the file). Pipeline throughput is over the
# pipeline's own wall time (vigil: --profile's wall; Python: decode to last feature), model
# loading excluded; the "whole process" rows divide the snippets by the process's elapsed time
# (/usr/bin/time: start, imports, model loading, decoding, writing). Before the repeats one
# vigil run on a tiny clip makes sure the backbone calibration (models/backbone_calibration.h,
# cached per machine) is done, and its time is printed: first use pays it once. Needs a build
# with bench/ (BUILD, default build/) and Debian's python3-torch, python3-opencv and python3-pil.
# Without native bf16 (or with BF16=0) the bf16 rows say "not measured: no native bf16".
#
#   bench/run_bench.sh                    # defaults below
#   THREADS=2 FRAMES=480 HD_FRAMES=320 TEN_FRAMES=96 REPEATS=2 LONG_FACTOR=10 BUILD=build bench/run_bench.sh
#   MEASUREMENTS=/tmp/m bench/run_bench.sh   # the dated file under /tmp/m
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
THREADS=${THREADS:-2}
FRAMES=${FRAMES:-480}        # the 320x240 video: 30 snippets of 16 frames (issue 23's whole-process goal)
HD_FRAMES=${HD_FRAMES:-320}  # the 1280x720 video: 20 snippets
TEN_FRAMES=${TEN_FRAMES:-96}  # the ten-crop run's video (6 snippets, 60 network inputs)
REPEATS=${REPEATS:-2}
LONG_FACTOR=${LONG_FACTOR:-10}  # the memory goal: a video this many times longer
WORK=${WORK:-$(mktemp -d /tmp/vigil-bench.XXXXXX)}
MEASUREMENTS=${MEASUREMENTS-$ROOT/docs/measurements}
PY=/usr/bin/python3
VIGIL=$BUILD/app/vigil
BENCH=$BUILD/bench/vigil_bench
# bf16 only where the CPU computes it natively (what vigil's --precision bf16 requires too).
if [ -z "${BF16:-}" ]; then
  grep -q -w -E 'avx512_bf16|amx_bf16' /proc/cpuinfo && BF16=1 || BF16=0
fi
REF="$PY $ROOT/bench/reference_pipeline.py"

for tool in "$VIGIL" "$BENCH"; do
  [ -x "$tool" ] || { echo "run_bench: $tool missing; build first (cmake --build $BUILD)" >&2; exit 2; }
done
$PY -c "import torch, cv2, PIL" 2>/dev/null \
  || { echo "run_bench: needs python3-torch python3-opencv python3-pil (apt-get install them)" >&2; exit 2; }
mkdir -p "$WORK"
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
echo "run_bench: work folder $WORK, $THREADS threads, $FRAMES/$HD_FRAMES frames, $REPEATS repeats, bf16 $BF16, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

video() {  # video NAME SIZE FRAMES
  [ -f "$WORK/$1.mp4" ] || ffmpeg -v error -y -f lavfi -i "testsrc2=size=$2:rate=30" -frames:v "$3" \
    -c:v libx264 -pix_fmt yuv420p -preset veryfast "$WORK/$1.mp4"
}
video small 320x240 "$FRAMES"
video hd 1280x720 "$HD_FRAMES"
video long 320x240 $((FRAMES * LONG_FACTOR))
video tiny 320x240 48
video ten 320x240 "$TEN_FRAMES"
[ -f "$WORK/i3d.pth" ] || $REF weights "$WORK/i3d.pth"

timed() {  # timed LOG COMMAND...: /usr/bin/time -v into LOG.time, stdout+stderr into LOG
  /usr/bin/time -v -o "$1.time" "${@:2}" > "$1" 2>&1 || { echo "run_bench: failed: ${*:2} (see $1)" >&2; exit 1; }
}
analyze() {  # analyze LOG VIDEO [OPTIONS...]
  timed "$1" "$VIGIL" analyze "$2" --backbone-weights "$WORK/i3d.pth" --demo-weights --threads "$THREADS" \
    --profile --quiet -o "$WORK/out" "${@:3}"
}
[ "${REPORT_ONLY:-0}" = 1 ] || { analyze "$WORK/vigil-first-use" "$WORK/tiny.mp4"; grep 'backbone setup' "$WORK/vigil-first-use"; }
# bf16 has a calibration of its own (models/backbone_calibration.h): paid here too, not in a repeat.
[ "${REPORT_ONLY:-0}" = 1 ] || [ "$BF16" = 0 ] || { analyze "$WORK/vigil-first-use-bf16" "$WORK/tiny.mp4" --precision bf16; grep 'backbone setup' "$WORK/vigil-first-use-bf16"; }

[ "${REPORT_ONLY:-0}" = 1 ] && RUNS=0 || RUNS=$REPEATS  # REPORT_ONLY=1 WORK=DIR: print from old logs
[ "$BF16" = 0 ] && bf16_filter= || bf16_filter='|BM_I3dResNet50/batch:[124]/tuning:5'
for r in $(seq 1 "$RUNS"); do
  echo "run_bench: repeat $r/$REPEATS"
  analyze "$WORK/vigil-small.$r" "$WORK/small.mp4"
  [ "$BF16" = 0 ] || analyze "$WORK/vigil-small-bf16.$r" "$WORK/small.mp4" --precision bf16
  timed "$WORK/py-opencv.$r" $REF opencv "$WORK/small.mp4" --weights "$WORK/i3d.pth" --threads "$THREADS" \
    --features "$WORK/py-opencv.npy"
  analyze "$WORK/vigil-ten.$r" "$WORK/ten.mp4" --crops ten
  analyze "$WORK/vigil-hd.$r" "$WORK/hd.mp4"
  [ "$BF16" = 0 ] || analyze "$WORK/vigil-hd-bf16.$r" "$WORK/hd.mp4" --precision bf16
  timed "$WORK/py-jpeg.$r" $REF jpeg "$WORK/hd.mp4" --weights "$WORK/i3d.pth" --threads "$THREADS" \
    --features "$WORK/py-jpeg.npy"
  VIGIL_BENCH_THREADS=$THREADS timed "$WORK/bench-net.$r" "$BENCH" --benchmark_out="$WORK/bench-net.$r.json" --benchmark_out_format=json \
    --benchmark_filter="BM_FmaPeak|BM_GemmPeak|BM_I3dResNet50/batch:1/tuning:3|BM_I3dResNet50/batch:[124]/tuning:4$bf16_filter|BM_ResNet50/batch:4/tuning:[03]"
  timed "$WORK/py-i3d.$r" $REF backbone --dims 3 --batch 1 --threads "$THREADS"
  timed "$WORK/py-i3d2.$r" $REF backbone --dims 3 --batch 2 --threads "$THREADS"
  timed "$WORK/py-r50.$r" $REF backbone --dims 2 --batch 4 --threads "$THREADS"
  timed "$WORK/py-r50cl.$r" $REF backbone --dims 2 --batch 4 --threads "$THREADS" --channels-last
  $PY "$ROOT/bench/startup_time.py" "$VIGIL" --help > "$WORK/startup-help.$r"
  $PY "$ROOT/bench/startup_time.py" "$VIGIL" models list > "$WORK/startup-models-list.$r"
done
# Peak RSS does not depend on the load: the long video runs once, after the repeats.
[ "$RUNS" = 0 ] || analyze "$WORK/vigil-long" "$WORK/long.mp4"
# Same features: vigil features against the OpenCV pipeline on the same weights.
[ "$RUNS" = 0 ] || "$VIGIL" features "$WORK/small.mp4" --backbone-weights "$WORK/i3d.pth" --demo-weights --threads "$THREADS" --quiet \
  -o "$WORK/features" > /dev/null

report=/dev/null
if [ -n "$MEASUREMENTS" ]; then
  mkdir -p "$MEASUREMENTS"
  report=$MEASUREMENTS/$(date -u +%F)-$(hostname -s).md
fi
{
  echo "# bench/run_bench.sh, $(date -u '+%F %H:%M UTC'), $(hostname -s)"
  echo
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n1), $(nproc) cores;" \
    "vector extensions: $(grep -o -w -E 'avx2|fma|avx512f|avx512_vnni|avx512_bf16|amx_bf16' /proc/cpuinfo | sort -u | tr '\n' ' ')"
  echo "- LibTorch: $(dpkg-query -W -f '${Version}' libtorch-dev 2>/dev/null || echo unknown);" \
    "Vigil $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '(no git)')"
  echo "- Settings: THREADS=$THREADS FRAMES=$FRAMES HD_FRAMES=$HD_FRAMES BF16=$BF16 TEN_FRAMES=$TEN_FRAMES REPEATS=$REPEATS LONG_FACTOR=$LONG_FACTOR;" \
    "load average at the start $load_at_start, at the end $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- Backbone setup: $(grep -h 'backbone setup' "$WORK/vigil-first-use" 2>/dev/null | head -n1 | sed 's/^ *backbone setup: //' || true)"
} > "$report"
$PY "$ROOT/bench/run_bench_report.py" "$WORK" "$REPEATS" "$LONG_FACTOR" "$BF16" | tee -a "$report"
{
  echo
  echo "Stage breakdown (last repeat, 1280x720):"
  echo
  echo '```'
  sed -n '/^profile:/,$p' "$WORK/vigil-hd.$REPEATS"
  echo '```'
} | tee -a "$report"
echo "run_bench: logs in $WORK"
[ "$report" = /dev/null ] || echo "run_bench: wrote $report"
