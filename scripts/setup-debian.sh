#!/usr/bin/env bash
# Installs the Debian 12 packages Vigil builds and tests with. Safe to run again: it only calls
# apt-get when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libtorch-dev libopenblas0-pthread            # without OpenBLAS LibTorch's GEMM is ~50x slower
  libavdevice-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev
  libopencv-dev
  libcli11-dev nlohmann-json3-dev libcurl4-openssl-dev
  qt6-base-dev libgl-dev                        # the desktop app (Qt 6 Widgets)
  python3                                       # tests serve weights from a local http.server
  python3-torch python3-numpy                   # tests load vigil train's .pth in PyTorch itself
  python3-pil                                   # UR-DMU's recipe (PIL Lanczos) for the i3d-inception goldens
  libgtest-dev libgmock-dev
  libbenchmark-dev                              # bench/: Google Benchmark, built by default
  time                                          # bench/run_bench.sh: peak RSS with /usr/bin/time -v
  ffmpeg                                        # tests generate their clips with ffmpeg -f lavfi
  opencv-doc                                    # the real sample videos (vtest.avi, Megamind.avi)
  python3-gi gir1.2-gst-rtsp-server-1.0           # vigil watch tests: a local RTSP server
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
