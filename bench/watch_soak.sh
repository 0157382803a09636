#!/usr/bin/env bash
# Soak run of `vigil watch`: a 25 fps lavfi stream published by ffmpeg over HTTP on 127.0.0.1,
# watched for N minutes with the centre-crop I3D (demo weights: the same network and cost as the
# real ones). Prints the snippets/s the stream needs and the snippets/s scored, the lag of the
# last status line, and vigil's RSS after warm-up and at the end (memory must stay flat).
#
#   bench/watch_soak.sh [MINUTES=5] [SIZE=320x240]      VIGIL=build/app/vigil by default
set -euo pipefail

minutes=${1:-5}
size=${2:-320x240}
fps=25
vigil=${VIGIL:-build/app/vigil}
work=$(mktemp -d)
trap 'kill "${watcher:-}" "${server:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
seconds=$((minutes * 60))
ffmpeg -nostdin -v error -re -f lavfi -i "testsrc2=size=${size}:rate=${fps}" -t $((seconds + 30)) \
    -c:v mpeg2video -q:v 4 -g 25 -f mpegts -listen 1 "http://127.0.0.1:${port}/live.ts" \
    2> "$work/server.txt" &
server=$!
sleep 1
"$vigil" watch "http://127.0.0.1:${port}/live.ts" -o "$work/out" --demo-weights --crops center \
    --window 32 --give-up-after 5 2> "$work/log.txt" &
watcher=$!

rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$watcher/status"; }
sleep 30
rss_start=$(rss_kb)
sleep $((seconds - 30))
rss_end=$(rss_kb)
load=$(cut -d' ' -f1-3 /proc/loadavg)
kill -TERM "$watcher"
wait "$watcher" || true
watcher=

last_status=$(grep 'vigil: watch ' "$work/log.txt" | tail -1)
scored=$(grep -c ',[0-9.]\+$' "$work/out/scores.csv" || true)
skipped=$(grep -c ',$' "$work/out/scores.csv" || true)
echo "stream:            ${size} at ${fps} fps for ${minutes} min (load average at the end: ${load})"
awk -v s="$seconds" -v f="$fps" -v n="$scored" -v k="$skipped" 'BEGIN {
    printf "snippets/s needed: %.2f\nsnippets/s scored: %.2f (%d scored, %d skipped)\n", f / 16, n / s, n, k }'
echo "last status:       ${last_status#vigil: }"
echo "RSS after 30 s:    $((rss_start / 1024)) MiB"
echo "RSS at the end:    $((rss_end / 1024)) MiB"
