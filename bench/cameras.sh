#!/usr/bin/env bash
# N cameras, two designs: one `vigil watch` serving all N (one set of networks, batched across
# cameras) against N `vigil watch` processes with one camera each. ffmpeg serves N 25 fps lavfi
# streams over HTTP on 127.0.0.1; each design watches fresh streams for SECONDS with the
# centre-crop I3D (demo weights: the same network and cost as the real ones). Prints per camera
# the scored share of its steps and its lag (status.json: p50/p95 of the last minute), the peak
# RSS of each design (summed over the N processes), and the ratios between them, with the
# machine's flags and load. Run it on a quiet machine.
#
#   bench/cameras.sh N [SECONDS=90] [SIZE=320x240]        VIGIL=build/app/vigil by default
set -euo pipefail

cameras=${1:?usage: bench/cameras.sh N [SECONDS] [SIZE]}
seconds=${2:-90}
size=${3:-320x240}
vigil=${VIGIL:-build/app/vigil}
work=$(mktemp -d)
servers=()
trap 'kill "${servers[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts N servers; URLS holds their addresses.
serve() {
    URLS=()
    for i in $(seq "$cameras"); do
        local port
        port=$(free_port)
        ffmpeg -nostdin -v error -re -f lavfi -i "testsrc2=size=${size}:rate=25" -t $((seconds + 20)) \
            -c:v mpeg2video -q:v 4 -g 25 -f mpegts -listen 1 "http://127.0.0.1:${port}/cam${i}.ts" \
            2> "$work/server-$i.txt" &
        servers+=($!)
        URLS+=("http://127.0.0.1:${port}/cam${i}.ts")
    done
    sleep 1
}

stop_servers() {
    kill "${servers[@]}" 2>/dev/null || true
    wait "${servers[@]}" 2>/dev/null || true
    servers=()
}

watch_args=(--demo-weights --crops center --window 32 --timeout 5 -q)

# One line per camera folder: its scored share and lag.
report() {
    local design=$1 dir=$2
    for folder in "$dir"/*/; do
        python3 - "$design" "$folder" <<'PY'
import json, sys
design, folder = sys.argv[1], sys.argv[2]
rows = open(folder + "scores.csv").read().splitlines()[1:]
scored = sum(1 for r in rows if r.split(",")[2] != "")
status = json.load(open(folder + "status.json"))
share = scored / len(rows) if rows else 0.0
def lag(seconds):  # null: nothing scored in the last minute
    return "not measured" if seconds is None else f"{seconds:.2f} s"
print(f"{design:<13} {folder.rstrip('/').rsplit('/', 1)[1]:<6} steps {len(rows):4d}  scored {share*100:5.1f} %"
      f"  lag p50 {lag(status['lag_p50_s'])}  p95 {lag(status['lag_p95_s'])}")
with open(folder + "../shares.txt", "a") as out:
    out.write(f"{share}\n")
PY
    done
}

peak_kb() { awk '/Maximum resident set size/ {print $6}' "$1"; }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "flags:   $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(avx2|fma|avx512f|avx512_bf16|avx512_vnni)$' | tr '\n' ' ')"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); ${cameras} cameras of ${size} at 25 fps, ${seconds} s each design"

# One process, N cameras. time wraps timeout, not the reverse: timeout signals its whole process
# group, and a signalled time dies before it prints the peak RSS.
serve
args=()
for i in $(seq "$cameras"); do args+=("cam${i}=${URLS[$((i - 1))]}"); done
/usr/bin/time -v timeout -s TERM "$seconds" "$vigil" watch "${args[@]}" -o "$work/one" \
    "${watch_args[@]}" > /dev/null 2> "$work/one-time.txt" || true
stop_servers
one_kb=$(peak_kb "$work/one-time.txt")
load_one=$(cut -d' ' -f1-3 /proc/loadavg)

# N processes, one camera each.
serve
pids=()
for i in $(seq "$cameras"); do
    /usr/bin/time -v timeout -s TERM "$seconds" "$vigil" watch "${URLS[$((i - 1))]}" \
        -o "$work/each/cam${i}" "${watch_args[@]}" > /dev/null 2> "$work/each-time-$i.txt" &
    pids+=($!)
done
wait "${pids[@]}" || true
stop_servers
each_kb=0
for i in $(seq "$cameras"); do each_kb=$((each_kb + $(peak_kb "$work/each-time-$i.txt"))); done
load_each=$(cut -d' ' -f1-3 /proc/loadavg)

report "one process" "$work/one"
report "N processes" "$work/each"
python3 - "$work" "$one_kb" "$each_kb" <<'PY'
import sys
work, one_kb, each_kb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def shares(name):
    return [float(x) for x in open(f"{work}/{name}/shares.txt").read().split()]
one, each = shares("one"), shares("each")
for name, s in (("one process", one), ("N processes", each)):
    print(f"{name:<13} mean scored {sum(s)/len(s)*100:5.1f} %  lowest/highest {min(s)/max(s) if max(s) else 0:.2f}")
print(f"peak RSS: one process {one_kb/1024:.0f} MiB, N processes {each_kb/1024:.0f} MiB in all "
      f"(ratio {each_kb/one_kb:.2f}); one process against one one-camera watch: "
      f"{one_kb/(each_kb/len(each)):.2f}x")
mean_one, mean_each = sum(one)/len(one), sum(each)/len(each)
print(f"scored share, one process / N processes: {mean_one/mean_each if mean_each else float('inf'):.2f}")
PY
echo "load after one process: ${load_one}; after N processes: ${load_each}"
