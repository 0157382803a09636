#!/usr/bin/env bash
# A batch of short clips against one long video with the same frames (issue 23: a batch of short
# clips must not pay the start-up cost per file; goal >= 90 % of the long video's snippets/s).
# Makes CLIPS 320x240 25 fps clips of 2 to 10 s (lengths spread evenly over the range, the
# patterns cycling through lavfi's testsrc2 and seeded life, gradients and cellauto), and the
# long video by joining them (stream copy: the very same frames), then runs, one after the other:
#   vigil batch CLIPS_DIR --jobs 1,  --jobs 2,  and with no --jobs (the default: automatic,
#   whose choice the report takes from the batch's own stderr line),
#   vigil analyze on the long video,
# each as a whole process (/usr/bin/time: start, loading, every file, writing). Snippets are
# what the runs computed (each result's "steps"; a clip's last partial snippet counts as the
# preprocessing preset has it), so snippets/s = snippets / elapsed seconds. Before the timed runs
# one warm-up batch per --jobs value on two clips makes sure the backbone calibration for its
# thread count is cached (first use pays it once). Prints a table, with the load average before
# and after each run, and writes it to docs/measurements/<date>-<host>-batch.md
# (MEASUREMENTS=DIR: elsewhere; MEASUREMENTS= with nothing: not written).
#
#   bench/batch_short_clips.sh                 # 100 clips
#   CLIPS=12 THREADS=2 BUILD=build bench/batch_short_clips.sh
#   WEIGHTS=i3d.pth bench/batch_short_clips.sh # --backbone-weights (run_bench.sh's); default demo
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
CLIPS=${CLIPS:-100}
THREADS=${THREADS:-$(nproc)}
WORK=${WORK:-$(mktemp -d /tmp/vigil-batch-bench.XXXXXX)}
MEASUREMENTS=${MEASUREMENTS-$ROOT/docs/measurements}
VIGIL=$BUILD/app/vigil
PY=/usr/bin/python3
[ -x "$VIGIL" ] || { echo "batch_short_clips: $VIGIL missing; build first" >&2; exit 2; }
[ "$CLIPS" -ge 2 ] || { echo "batch_short_clips: CLIPS must be at least 2" >&2; exit 2; }
models=(--demo-weights)
[ -z "${WEIGHTS:-}" ] || models+=(--backbone-weights "$WEIGHTS")
load() { cut -d' ' -f1-3 /proc/loadavg; }
load_at_start=$(load)
echo "batch_short_clips: work folder $WORK, $CLIPS clips, $THREADS threads, $(nproc) cores, load $load_at_start"

# Clip i (0-based) lasts 2 + 8 * i / (CLIPS - 1) seconds, in whole frames at 25 fps.
mkdir -p "$WORK/clips" "$WORK/warm"
patterns=(testsrc2 life gradients cellauto)
: > "$WORK/list.txt"
for i in $(seq 0 $((CLIPS - 1))); do
  frames=$(( (50 * (CLIPS - 1) + 200 * i) / (CLIPS - 1) ))
  pattern=${patterns[$((i % 4))]}
  case $pattern in
    testsrc2) source="testsrc2=size=320x240:rate=25" ;;
    life) source="life=size=320x240:rate=25:seed=$i:mold=10:ratio=0.2" ;;
    gradients) source="gradients=size=320x240:rate=25:seed=$i:speed=0.03" ;;
    cellauto) source="cellauto=size=320x240:rate=25:seed=$i:rule=$((18 + 2 * (i % 8)))" ;;
  esac
  clip=$(printf 'clip%03d.mp4' "$i")
  [ -f "$WORK/clips/$clip" ] || ffmpeg -v error -y -f lavfi -i "$source" -frames:v "$frames" \
    -c:v libx264 -pix_fmt yuv420p -preset veryfast -g 50 "$WORK/clips/$clip"
  echo "file '$WORK/clips/$clip'" >> "$WORK/list.txt"
done
[ -f "$WORK/long.mp4" ] || ffmpeg -v error -y -f concat -safe 0 -i "$WORK/list.txt" -c copy "$WORK/long.mp4"
cp "$WORK/clips/clip000.mp4" "$WORK/clips/clip001.mp4" "$WORK/warm/"

timed() {  # timed NAME COMMAND...: /usr/bin/time -v into NAME.time, output into NAME.log
  echo "$(load)" > "$WORK/$1.load"
  /usr/bin/time -v -o "$WORK/$1.time" "${@:2}" > "$WORK/$1.log" 2>&1 \
    || { echo "batch_short_clips: failed: ${*:2} (see $WORK/$1.log)" >&2; exit 1; }
  echo "$(load)" >> "$WORK/$1.load"
}
batch() {  # batch NAME DIR [OPTIONS...]
  rm -rf "$WORK/out-$1"
  timed "$1" "$VIGIL" batch "$2" -o "$WORK/out-$1" "${models[@]}" --threads "$THREADS" "${@:3}"
}
batch warm-jobs1 "$WORK/warm" --jobs 1 --quiet
batch warm-jobs2 "$WORK/warm" --jobs 2 --quiet
for run in jobs1 jobs2 default; do
  echo "batch_short_clips: vigil batch, $run"
  case $run in
    jobs1) batch jobs1 "$WORK/clips" --jobs 1 --quiet ;;
    jobs2) batch jobs2 "$WORK/clips" --jobs 2 --quiet ;;
    default) batch default "$WORK/clips" ;; # not quiet: it says what it chose
  esac
done
echo "batch_short_clips: vigil analyze, the long video"
rm -rf "$WORK/out-long"
timed long "$VIGIL" analyze "$WORK/long.mp4" -o "$WORK/out-long" "${models[@]}" --threads "$THREADS" --profile --quiet
default_jobs=$(sed -n 's/^vigil: \(.* at a time, .* each\).*/\1/p' "$WORK/default.log" | head -n1)

report=/dev/null
if [ -n "$MEASUREMENTS" ]; then
  mkdir -p "$MEASUREMENTS"
  report=$MEASUREMENTS/$(date -u +%F)-$(hostname -s)-batch.md
fi
{
  echo "# bench/batch_short_clips.sh, $(date -u '+%F %H:%M UTC'), $(hostname -s)"
  echo
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n1), $(nproc) cores;" \
    "vector extensions: $(grep -o -w -E 'avx2|fma|avx512f|avx512_vnni|avx512_bf16|amx_bf16' /proc/cpuinfo | sort -u | tr '\n' ' ')"
  echo "- LibTorch: $(dpkg-query -W -f '${Version}' libtorch-dev 2>/dev/null || echo unknown);" \
    "Vigil $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '(no git)')"
  echo "- Settings: CLIPS=$CLIPS THREADS=$THREADS weights: ${WEIGHTS:-demo}; load average at the start" \
    "$load_at_start, at the end $(load)"
  echo "- The long video's $(grep -h 'backbone setup' "$WORK/long.log" | head -n1 | sed 's/^ *//' || true);" \
    "--jobs 2 gives each job threads/2 network threads, calibrated for that count"
} > "$report"
$PY - "$WORK" "$CLIPS" "${default_jobs:-?}" <<'PYEOF' | tee -a "$report"
import glob, json, re, sys
work, clips, default_jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def text(name): return open(f"{work}/{name}").read()
def elapsed_s(name):
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", text(name + ".time"))
    return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
def results(name):  # (files, frames, snippets) of the results a run wrote
    docs = [json.load(open(p)) for p in glob.glob(f"{work}/out-{name}/**/*.vigil.json", recursive=True)]
    return len(docs), sum(d["video"]["frames"] for d in docs), sum(d["steps"] for d in docs)
def loads(name): return " → ".join(text(name + ".load").split("\n")[i].split()[0] for i in (0, 1))
files, frames, snippets = results("long")
long_rate = snippets / elapsed_s("long")
print()
print(f"{clips} clips of 2-10 s against one video of the same {frames} frames (320x240, 25 fps), whole processes:")
print()
print("| run | files | snippets | elapsed | snippets/s | vs the long video | goal | load average (1 min, before → after) |")
print("|---|---|---|---|---|---|---|---|")
print(f"| vigil analyze, the long video | {files} | {snippets} | {elapsed_s('long'):.2f} s | {long_rate:.2f} | 100% | | {loads('long')} |")
per_file = {}
for name, label in [("jobs1", "vigil batch --jobs 1"), ("jobs2", "vigil batch --jobs 2"),
                    ("default", f"vigil batch (no --jobs, automatic: {default_jobs})")]:
    n, _, s = results(name)
    rate = s / elapsed_s(name)
    ok = rate >= 0.9 * long_rate
    per_file[name] = (elapsed_s(name) - elapsed_s("long") * s / snippets) / max(1, n)
    print(f"| {label} | {n} | {s} | {elapsed_s(name):.2f} s | {rate:.2f} | {rate / long_rate:.0%} | >= 90% {'met' if ok else 'NOT met'} | {loads(name)} |")
print()
print("cost per file beyond the long video's rate (elapsed minus the long video's time for the same snippets, / files): "
      + ", ".join(f"{k} {v:+.3f} s" for k, v in per_file.items()))
cpu = lambda name: sum(float(re.search(rf"{k} time \(seconds\): ([\d.]+)", text(name + ".time")).group(1)) for k in ("User", "System"))
print("CPU s (user+sys; spinning threads of a loaded machine count too): "
      + ", ".join(f"{k} {cpu(k):.1f} ({results(k)[2] / cpu(k):.2f} snippets per CPU s)" for k in ("long", "jobs1", "jobs2", "default")))
PYEOF
echo "batch_short_clips: logs in $WORK"
[ "$report" = /dev/null ] || echo "batch_short_clips: wrote $report"
