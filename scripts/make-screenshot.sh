#!/usr/bin/env bash
# Makes docs/main-window.png, the README's picture: the desktop app on the demo (docs/demo.md),
# at its peak, as a user sees it. Starts a virtual X display (Xvfb) of 1440x900, runs
# `vigil gui --demo` on it (which makes the demo first when it is not cached: minutes), and
# captures the window from the display with ImageMagick's `import` once the analysis is done.
#
#   scripts/make-screenshot.sh [VIGIL] [OUT.png]     # defaults: build/app/vigil, docs/main-window.png
#
# Needs xvfb, xdotool and imagemagick (apt-get install xvfb xdotool imagemagick). How it knows the
# analysis is done: `vigil gui --screenshot FILE` saves its own picture of the window when the
# analysis is done and then quits; FILE is a FIFO here, so the app waits, still on screen, while
# this script captures the display and only then reads (and drops) the app's own picture.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
vigil=${1:-$root/build/app/vigil}
out=${2:-$root/docs/main-window.png}
size=${SIZE:-1440x900}
[ -x "$vigil" ] || { echo "make-screenshot: $vigil missing; build first (./scripts/build.sh)" >&2; exit 2; }
for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null \
    || { echo "make-screenshot: needs $tool (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done

work=$(mktemp -d /tmp/vigil-screenshot.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A free display number: the first without a lock file.
display=99
while [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 "${size}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=":$display"
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done

mkfifo "$work/done.png"
QT_QPA_PLATFORM=xcb "$vigil" gui --demo --screenshot "$work/done.png" >"$work/vigil.log" 2>&1 &
vigil_pid=$!
pids+=("$vigil_pid")

# Blocks until the app opens the FIFO to write its picture: the analysis is done, the window
# shows the peak.
exec 3<"$work/done.png"
window=$(xdotool search --onlyvisible --name 'Vigil$' | head -n1)
[ -n "$window" ] || { echo "make-screenshot: no Vigil window on $DISPLAY" >&2; exit 1; }
import -window "$window" "$work/window.png"
cat <&3 >/dev/null
exec 3<&-
wait "$vigil_pid" || { echo "make-screenshot: vigil gui failed:" >&2; cat "$work/vigil.log" >&2; exit 1; }
mv "$work/window.png" "$out"
echo "make-screenshot: wrote $out ($(identify -format '%wx%h' "$out"))"
