#!/usr/bin/env bash
# Vigil against the Python pipelines users run today, side by side in one run
# (docs/performance.md). Builds its test videos with ffmpeg lavfi, writes one set of I3D weights that
# every pipeline loads, then for each repeat runs, one after the other:
#   vigil analyze --profile  and  bench/reference_pipeline.py opencv  on a 320x240 video,
#   vigil analyze --profile  and  bench/reference_pipeline.py jpeg    on a 1280x720 video,
#   vigil analyze --crops ten on a shorter 320x240 video (per-crop efficiency against centre crop),
#   the CPU's FMA peak (own kernel), the float32 GEMM peak and the backbones alone (vigil_bench
#   vs eager PyTorch),
#   vigil analyze on a video 10x longer (peak RSS),
# and prints throughput, peak RSS (/usr/bin/time -v) and the ratios of the speed goals from the
# best of the repeats. The tables, with the date, host, CPU, LibTorch, settings and commit, are
# also written to docs/measurements/<date>-<host>.md (MEASUREMENTS=DIR: elsewhere; MEASUREMENTS=
# with nothing: not written; a second run on the same day replaces the file). Pipeline throughput is over the
# pipeline's own wall time (vigil: --profile's wall; Python: decode to last feature), model
# loading excluded; the "whole process" rows divide the snippets by the process's elapsed time
# (/usr/bin/time: start, imports, model loading, decoding, writing). Before the repeats one
# vigil run on a tiny clip makes sure the backbone calibration (models/backbone_calibration.h,
# cached per machine) is done, and its time is printed: first use pays it once. Needs a build
# with bench/ (BUILD, default build/) and Debian's python3-torch, python3-opencv and python3-pil.
#
#   bench/run_bench.sh                    # defaults below
#   THREADS=2 FRAMES=320 TEN_FRAMES=96 REPEATS=2 LONG_FACTOR=10 BUILD=build bench/run_bench.sh
#   MEASUREMENTS=/tmp/m bench/run_bench.sh   # the dated file under /tmp/m
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
THREADS=${THREADS:-2}
FRAMES=${FRAMES:-320}     # frames of the short videos (20 snippets: the pipeline's start-up is amortised)
TEN_FRAMES=${TEN_FRAMES:-96}  # the ten-crop run's video (6 snippets, 60 network inputs)
REPEATS=${REPEATS:-2}
LONG_FACTOR=${LONG_FACTOR:-10}  # the memory goal: a video this many times longer
WORK=${WORK:-$(mktemp -d /tmp/vigil-bench.XXXXXX)}
MEASUREMENTS=${MEASUREMENTS-$ROOT/docs/measurements}
PY=/usr/bin/python3
VIGIL=$BUILD/app/vigil
BENCH=$BUILD/bench/vigil_bench
REF="$PY $ROOT/bench/reference_pipeline.py"

for tool in "$VIGIL" "$BENCH"; do
  [ -x "$tool" ] || { echo "run_bench: $tool missing; build first (cmake --build $BUILD)" >&2; exit 2; }
done
$PY -c "import torch, cv2, PIL" 2>/dev/null \
  || { echo "run_bench: needs python3-torch python3-opencv python3-pil (apt-get install them)" >&2; exit 2; }
mkdir -p "$WORK"
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
echo "run_bench: work folder $WORK, $THREADS threads, $FRAMES frames, $REPEATS repeats, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

video() {  # video NAME SIZE FRAMES
  [ -f "$WORK/$1.mp4" ] || ffmpeg -v error -y -f lavfi -i "testsrc2=size=$2:rate=30" -frames:v "$3" \
    -c:v libx264 -pix_fmt yuv420p -preset veryfast "$WORK/$1.mp4"
}
video small 320x240 "$FRAMES"
video hd 1280x720 "$FRAMES"
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

[ "${REPORT_ONLY:-0}" = 1 ] && RUNS=0 || RUNS=$REPEATS  # REPORT_ONLY=1 WORK=DIR: print from old logs
for r in $(seq 1 "$RUNS"); do
  echo "run_bench: repeat $r/$REPEATS"
  analyze "$WORK/vigil-small.$r" "$WORK/small.mp4"
  timed "$WORK/py-opencv.$r" $REF opencv "$WORK/small.mp4" --weights "$WORK/i3d.pth" --threads "$THREADS" \
    --features "$WORK/py-opencv.npy"
  analyze "$WORK/vigil-ten.$r" "$WORK/ten.mp4" --crops ten
  analyze "$WORK/vigil-hd.$r" "$WORK/hd.mp4"
  timed "$WORK/py-jpeg.$r" $REF jpeg "$WORK/hd.mp4" --weights "$WORK/i3d.pth" --threads "$THREADS" \
    --features "$WORK/py-jpeg.npy"
  VIGIL_BENCH_THREADS=$THREADS timed "$WORK/bench-net.$r" "$BENCH" --benchmark_out="$WORK/bench-net.$r.json" --benchmark_out_format=json \
    --benchmark_filter='BM_FmaPeak|BM_GemmPeak|BM_I3dResNet50/batch:1/tuning:3|BM_I3dResNet50/batch:[124]/tuning:4|BM_ResNet50/batch:4/tuning:[03]'
  timed "$WORK/py-i3d.$r" $REF backbone --dims 3 --batch 1 --threads "$THREADS"
  timed "$WORK/py-i3d2.$r" $REF backbone --dims 3 --batch 2 --threads "$THREADS"
  timed "$WORK/py-r50.$r" $REF backbone --dims 2 --batch 4 --threads "$THREADS"
  timed "$WORK/py-r50cl.$r" $REF backbone --dims 2 --batch 4 --threads "$THREADS" --channels-last
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
    "vector extensions: $(grep -o -w -E 'avx2|avx512f|avx512_vnni|avx512_bf16' /proc/cpuinfo | sort -u | tr '\n' ' ')"
  echo "- LibTorch: $(dpkg-query -W -f '${Version}' libtorch-dev 2>/dev/null || echo unknown);" \
    "Vigil $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '(no git)')"
  echo "- Settings: THREADS=$THREADS FRAMES=$FRAMES TEN_FRAMES=$TEN_FRAMES REPEATS=$REPEATS LONG_FACTOR=$LONG_FACTOR;" \
    "load average at the start $load_at_start, at the end $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- Backbone setup: $(grep -h 'backbone setup' "$WORK/vigil-first-use" 2>/dev/null | head -n1 || true)"
} > "$report"
$PY - "$WORK" "$REPEATS" "$LONG_FACTOR" <<'PYEOF' | tee -a "$report"
import json, re, sys
import numpy as np
work, repeats, long_factor = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def text(name): return open(f"{work}/{name}").read()
def rss_mb(name): return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text(name + ".time")).group(1)) / 1024
def profile(name):
    t = text(name)
    return {"wall": float(re.search(r"\n  wall +([\d.]+)", t).group(1)),
            "snippets_per_s": float(re.search(r"snippets/s ([\d.]+)", t).group(1)),
            "gflops": float(re.search(r"GFLOP/s ([\d.]+) over", t).group(1)),
            "inputs_per_s": float(re.search(r"network inputs/s ([\d.]+)", t).group(1)),
            "snippets": int(re.search(r"(\d+) snippets,", t).group(1)),
            "network_waits": float(re.search(r"network waits \(queue empty\) +([\d.]+)", t).group(1))}
def py(name): return json.loads(text(name).strip().splitlines()[-1])
def bench(name, r):
    out = {}
    for b in json.load(open(f"{work}/{name}.{r}.json"))["benchmarks"]:
        out[b["name"]] = {"items_per_s": b.get("items_per_second", 0.0), "gflops": b["GFLOP/s"],
                          "peak": b.get("peak_GFLOP/s", 0.0), "fma": b.get("fma_peak_GFLOP/s", 0.0),
                          "label": b.get("label", "")}
    return out
def elapsed_s(name):  # the whole process, from /usr/bin/time -v
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", text(name + ".time"))
    return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
best = lambda xs: max(xs)
R = range(1, repeats + 1)
small = best(profile(f"vigil-small.{r}")["snippets_per_s"] for r in R)
hd = best(profile(f"vigil-hd.{r}")["snippets_per_s"] for r in R)
pyocv = best(py(f"py-opencv.{r}")["snippets_per_s"] for r in R)
pyjpeg = best(py(f"py-jpeg.{r}")["snippets_per_s"] for r in R)
nets = [bench("bench-net", r) for r in R]
i3d = best(n["BM_I3dResNet50/batch:1/tuning:3/iterations:3/real_time"]["items_per_s"] for n in nets)
i3d_gf = best(n["BM_I3dResNet50/batch:1/tuning:3/iterations:3/real_time"]["gflops"] for n in nets)
r50 = best(n["BM_ResNet50/batch:4/tuning:3/iterations:3/real_time"]["items_per_s"] for n in nets)
r50_plain = best(n["BM_ResNet50/batch:4/tuning:0/iterations:3/real_time"]["items_per_s"] for n in nets)
I3D_CAL = [f"BM_I3dResNet50/batch:{b}/tuning:4/iterations:3/real_time" for b in (1, 2, 4)]
cal_gf = [max(n[k]["gflops"] for k in I3D_CAL) for n in nets]  # calibrated, at its best batch
peaks = [n["BM_GemmPeak/1024/iterations:1"]["peak"] for n in nets]
share = [g / p for g, p in zip(cal_gf, peaks)]  # each within one repeat
fmas = [n["BM_FmaPeak/iterations:1"]["fma"] for n in nets]
fma_isa = nets[0]["BM_FmaPeak/iterations:1"]["label"]
fma_share = [g / f if f > 0 else 0.0 for g, f in zip(cal_gf, fmas)]
whole_small = [elapsed_s(f"py-opencv.{r}") / elapsed_s(f"vigil-small.{r}") for r in R]
whole_hd = [elapsed_s(f"py-jpeg.{r}") / elapsed_s(f"vigil-hd.{r}") for r in R]
ten = [profile(f"vigil-ten.{r}")["inputs_per_s"] / profile(f"vigil-small.{r}")["inputs_per_s"] for r in R]
py_i3d = best(py(f"py-i3d.{r}")["inputs_per_s"] for r in R)
py_i3d_gf = best(py(f"{n}.{r}")["gflops"] for r in R for n in ["py-i3d", "py-i3d2"])  # eager at its best batch
py_r50 = best(py(f"py-r50.{r}")["inputs_per_s"] for r in R)
py_r50cl = best(py(f"py-r50cl.{r}")["inputs_per_s"] for r in R)
rss_short = min(rss_mb(f"vigil-small.{r}") for r in R)
rss_long = rss_mb("vigil-long")
ours = np.load(f"{work}/features/small.npy"); ref = np.load(f"{work}/py-opencv.npy"); jpg = np.load(f"{work}/py-jpeg.npy")
rel = float(np.abs(ours - ref).max() / np.abs(ref).max())
print()
print("| measure | Vigil | Python | ratio | goal |")
print("|---|---|---|---|---|")
def row(name, a, b, unit, goal, ok):
    print(f"| {name} | {a:.2f} {unit} | {b:.2f} {unit} | {a / b:.2f}x | {goal} {'met' if ok else 'NOT met'} |")
print(f"| 1. pipelining: analyze 320x240 vs backbone alone | {small:.2f} snippets/s | (backbone alone {i3d:.2f}) | {small / i3d:.0%} | >= 95% {'met' if small / i3d >= 0.95 else 'NOT met'} |")
print(f"| 1. pipelining: analyze 1280x720 vs backbone alone | {hd:.2f} snippets/s | (backbone alone {i3d:.2f}) | {hd / i3d:.0%} | >= 95% {'met' if hd / i3d >= 0.95 else 'NOT met'} |")
print(f"| 2. I3D-ResNet-50 GFLOP/s (Vigil batch 1 as the pipeline runs it; eager at its best of batch 1 and 2) | {i3d_gf:.1f} | {py_i3d_gf:.1f} | {i3d_gf / py_i3d_gf:.2f}x | >= 150 GFLOP/s and 1.3x {'met' if i3d_gf >= 150 and i3d_gf / py_i3d_gf >= 1.3 else 'NOT met'} |")
row("2. ResNet-50 images/s (batch 4) vs eager NCHW", r50, py_r50, "img/s", ">= 1.3x", r50 / py_r50 >= 1.3)
row("2. ResNet-50 images/s (batch 4) vs eager channels-last", r50, py_r50cl, "img/s", "(info)", True)
row("3. end to end 320x240 vs OpenCV + eager", small, pyocv, "snippets/s", ">= 1.5x", small / pyocv >= 1.5)
row("3. end to end 1280x720 vs JPEG + PIL (RTFM)", hd, pyjpeg, "snippets/s", ">= 2.5x", hd / pyjpeg >= 2.5)
b = max(R, key=lambda r: share[r - 1])
print(f"| 5. I3D-ResNet-50 (calibrated) vs float32 GEMM peak, same repeat | {cal_gf[b - 1]:.1f} GFLOP/s | (GEMM {peaks[b - 1]:.1f} GFLOP/s) | {share[b - 1]:.0%} | >= 75% {'met' if share[b - 1] >= 0.75 else 'NOT met'} |")
bf = max(R, key=lambda r: fma_share[r - 1])
if fmas[bf - 1] > 0:
    print(f"| 1. I3D-ResNet-50 (calibrated) vs the CPU's FMA peak ({fma_isa}, own kernel), same repeat | {cal_gf[bf - 1]:.1f} GFLOP/s | (FMA {fmas[bf - 1]:.1f} GFLOP/s) | {fma_share[bf - 1]:.0%} | >= 45% {'met' if fma_share[bf - 1] >= 0.45 else 'NOT met'} |")
else:
    print("| 1. I3D-ResNet-50 vs the CPU's FMA peak | not measured: no AVX2+FMA or AVX-512 | | | >= 45% not measured |")
print(f"| 5. whole process 1280x720 vs JPEG + PIL (start, loading included) | {elapsed_s(f'vigil-hd.{b}'):.2f} s | {elapsed_s(f'py-jpeg.{b}'):.2f} s | {max(whole_hd):.2f}x | >= 2.5x {'met' if max(whole_hd) >= 2.5 else 'NOT met'} |")
print(f"| 5. whole process 320x240 vs OpenCV + eager (start, loading included) | {min(elapsed_s(f'vigil-small.{r}') for r in R):.2f} s | {min(elapsed_s(f'py-opencv.{r}') for r in R):.2f} s | {max(whole_small):.2f}x | >= 2x {'met' if max(whole_small) >= 2 else 'NOT met'} |")
print(f"| 5. ten crops per crop vs centre crop (network inputs/s, 320x240) | {best(profile(f'vigil-ten.{r}')['inputs_per_s'] for r in R):.2f} inputs/s | (centre {small:.2f}) | {max(ten):.0%} | >= 100% {'met' if max(ten) >= 1 else 'NOT met'} |")
print(f"| 4. peak RSS, {long_factor}x longer video | {rss_long:.0f} MB | (short: {rss_short:.0f} MB) | {rss_long / rss_short - 1:+.1%} | <= +10% {'met' if rss_long <= 1.1 * rss_short else 'NOT met'} |")
print()
print("per repeat: I3D calibrated / FMA peak " + ", ".join(f"{c:.1f}/{f:.1f} = {x:.0%}" for c, f, x in zip(cal_gf, fmas, fma_share)))
print("per repeat: I3D calibrated / GEMM peak " + ", ".join(f"{c:.1f}/{p:.1f} = {x:.0%}" for c, p, x in zip(cal_gf, peaks, share))
      + "; whole process 1280x720 " + ", ".join(f"{x:.2f}x" for x in whole_hd) + "; 320x240 " + ", ".join(f"{x:.2f}x" for x in whole_small)
      + "; ten crops per crop " + ", ".join(f"{x:.0%}" for x in ten))
print("elapsed s (whole process): " + ", ".join(f"{n} {min(elapsed_s(f'{n}.{r}') for r in R):.2f}" for n in ["vigil-small", "py-opencv", "vigil-hd", "py-jpeg", "vigil-ten"])
      + f"; the calibration run before the repeats (measures only when nothing is cached), 48 frames: {elapsed_s('vigil-first-use'):.2f} s")
print(f"ResNet-50 plain (BatchNorm, NCHW) in Vigil: {r50_plain:.2f} img/s; folded + blocked layout: {r50:.2f} img/s")
print(f"features: vigil vs OpenCV pipeline max |diff| / max |ref| = {rel:.2e}; JPEG pipeline vs vigil = "
      f"{float(np.abs(jpg - ours).max() / np.abs(ours).max()):.2e} (JPEG is lossy)")
print("peak RSS MB: " + ", ".join(f"{n} {min(rss_mb(f'{n}.{r}') for r in R):.0f}" for n in ["vigil-small", "vigil-hd", "py-opencv", "py-jpeg"]) + f", vigil-long {rss_long:.0f}")
def cpu_s(name):
    t = text(name + ".time")
    return float(re.search(r"User time \(seconds\): ([\d.]+)", t).group(1)) + float(re.search(r"System time \(seconds\): ([\d.]+)", t).group(1))
print("CPU s (user+sys, whole process incl. loading; less disturbed by other load than wall time): "
      + ", ".join(f"{n} {min(cpu_s(f'{n}.{r}') for r in R):.1f}" for n in ["vigil-small", "py-opencv", "vigil-hd", "py-jpeg"]))
per_repeat = lambda name: ", ".join(
    f"{profile(f'{name}.{r}')['snippets_per_s'] / bench('bench-net', r)['BM_I3dResNet50/batch:1/tuning:3/iterations:3/real_time']['items_per_s']:.0%}" for r in R)
print(f"goal 1 within each repeat (analyze / backbone alone of the same repeat): 320x240 {per_repeat('vigil-small')}; 1280x720 {per_repeat('vigil-hd')}")
print(f"network waiting on the queue: 320x240 {min(profile(f'vigil-small.{r}')['network_waits'] for r in R):.2f} s, 1280x720 {min(profile(f'vigil-hd.{r}')['network_waits'] for r in R):.2f} s")
PYEOF
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
