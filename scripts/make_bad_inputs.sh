#!/usr/bin/env bash
# Makes the corpus of bad and unusual inputs that Vigil must answer clearly (issue 6), in OUTDIR:
# broken files (zero bytes, random bytes, text, truncations, byte flips in the middle), things that
# are not files (a folder, a FIFO), playlists and lists that point to other files, and valid but unusual videos (odd size, grayscale, 10-bit, 4:4:4, rotation,
# variable frame rate, VP9/HEVC/MPEG-4/MJPEG/Cinepak, 4K, names with spaces and non-ASCII).
# Everything comes from ffmpeg's lavfi sources and fixed arithmetic, so two runs make the same
# bytes for the damaged files. A case whose encoder this ffmpeg lacks is listed with the reason in
# OUTDIR/skipped.txt (name<TAB>reason) instead of failing the script.
#   usage: scripts/make_bad_inputs.sh OUTDIR
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
cd "$out"
: > skipped.txt

encoders=$(ffmpeg -hide_banner -encoders 2>/dev/null)
has_encoder() { grep -qw -- "$1" <<< "$encoders"; }
skip() { printf '%s\t%s\n' "$1" "$2" >> skipped.txt; }

# ffmpeg with a lavfi video source: clip NAME SOURCE FRAMES ENCODER-ARGS...
clip() {
  local name=$1 source=$2 frames=$3
  shift 3
  ffmpeg -nostdin -y -v error -f lavfi -i "$source" -frames:v "$frames" "$@" "$name"
}

# Writes byte 0xFF over COUNT bytes spaced STRIDE apart from OFFSET: damage in the middle of a
# stream, at places that depend only on the arguments.
flip_bytes() {
  local file=$1 offset=$2 stride=$3 count=$4 i
  for ((i = 0; i < count; i++)); do
    printf '\xff' | dd of="$file" bs=1 seek=$((offset + i * stride)) conv=notrunc status=none
  done
}

# Keeps the first PERCENT % of SOURCE in TARGET.
truncate_copy() {
  local source=$1 target=$2 percent=$3
  head -c $(( $(stat -c %s "$source") * percent / 100 )) "$source" > "$target"
}

# --- Not a video, or not readable -----------------------------------------------------------
: > zero-bytes.mp4
RANDOM=20260611  # bash's generator, seeded: the same "random" bytes every run
random_hex=""
for ((i = 0; i < 4096; i++)); do random_hex+=$(printf '\\x%02x' $((RANDOM % 256))); done
printf '%b' "$random_hex" > random-bytes.mp4
printf 'This is a text file with a video extension.\nNothing to decode here.\n' > text.mp4
mkdir -p folder.mp4
printf 'secret frames\n' > unreadable.mp4
chmod 000 unreadable.mp4
ffmpeg -nostdin -y -v error -f lavfi -i "sine=frequency=440:duration=2" -c:a aac audio-only.m4a
# A FIFO blocks open() until a writer comes (issue 13): refused before FFmpeg opens it.
mkfifo camera-fifo.mp4
# Small text files that make FFmpeg open other files (issue 13): an HLS playlist with an innocent
# name and an absolute path to a video elsewhere, and a concat list. Refused before they read it.
printf '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n%s/mpeg4.avi\n#EXT-X-ENDLIST\n' "$PWD" > innocent.dat
printf 'ffconcat version 1.0\nfile mpeg4.avi\nfile mjpeg.avi\n' > list.ffconcat

# --- Too short and damaged -------------------------------------------------------------------
clip too-short.avi "testsrc2=size=160x120:rate=25" 10 -c:v mpeg4 -q:v 2
clip source-mpeg4.avi "testsrc2=size=160x120:rate=25" 80 -c:v mpeg4 -q:v 2 -g 10
clip source-moov-last.mp4 "testsrc2=size=160x120:rate=25" 80 -c:v mpeg4 -q:v 2
clip source-faststart.mp4 "testsrc2=size=160x120:rate=25" 80 -c:v mpeg4 -q:v 2 -g 10 \
  -movflags +faststart
truncate_copy source-mpeg4.avi truncated.avi 60
# The index (moov) of a plain MP4 is written last, so a cut-off recording has none.
truncate_copy source-moov-last.mp4 truncated-no-index.mp4 60
# With the index first, a cut-off file still says where every frame was.
truncate_copy source-faststart.mp4 truncated-faststart.mp4 60
# Byte flips in the middle of the frame data of an MPEG-4 AVI: the container stays intact.
cp source-mpeg4.avi corrupt-middle.avi
size=$(stat -c %s corrupt-middle.avi)
flip_bytes corrupt-middle.avi $((size * 2 / 5)) 97 40
# One frame of an MJPEG Matroska file blanked (all but the bytes before the next frame, where the
# container's block header lies): the codec rejects that frame, the others keep their timestamps.
clip source-mjpeg.mkv "testsrc2=size=160x120:rate=25" 40 -c:v mjpeg -q:v 3
mapfile -t jpeg_starts < <(LC_ALL=C grep -obUaP '\xff\xd8\xff' source-mjpeg.mkv | cut -d: -f1)
cp source-mjpeg.mkv dropped-frame.mkv
blank_from=${jpeg_starts[20]}
head -c $((jpeg_starts[21] - blank_from - 64)) /dev/zero \
  | dd of=dropped-frame.mkv bs=1 seek="$blank_from" conv=notrunc status=none
rm source-mpeg4.avi source-moov-last.mp4 source-faststart.mp4 source-mjpeg.mkv

# --- Unusual but valid -----------------------------------------------------------------------
clip odd-size-33x17.mkv "testsrc=size=33x17:rate=25" 40 -c:v ffv1 -pix_fmt yuv420p
clip grayscale.mkv "testsrc2=size=160x120:rate=25" 40 -c:v ffv1 -pix_fmt gray
# ffmpeg 5.1 turns the "rotate" tag into a display matrix only when it copies a stream.
clip upright.mp4 "testsrc2=size=160x120:rate=25" 40 -c:v mpeg4 -q:v 2
ffmpeg -nostdin -y -v error -i upright.mp4 -c copy -metadata:s:v rotate=90 rotated-90.mp4
rm upright.mp4
clip variable-rate.mkv "testsrc2=size=160x120:rate=30,select='not(eq(mod(n\,3)\,1))'" 40 \
  -c:v ffv1 -fps_mode vfr
clip mpeg4.avi "testsrc2=size=160x120:rate=25" 40 -c:v mpeg4 -q:v 2
clip mjpeg.avi "testsrc2=size=160x120:rate=25" 40 -c:v mjpeg -q:v 3
if has_encoder libx264; then
  clip 10-bit.mkv "testsrc2=size=160x120:rate=25" 40 -c:v libx264 -preset ultrafast \
    -pix_fmt yuv420p10le
  clip yuv444.mp4 "testsrc2=size=160x120:rate=25" 40 -c:v libx264 -preset ultrafast \
    -pix_fmt yuv444p
else
  skip 10-bit.mkv "this ffmpeg has no libx264 encoder"
  skip yuv444.mp4 "this ffmpeg has no libx264 encoder"
fi
if has_encoder libvpx-vp9; then
  clip vp9.webm "testsrc2=size=160x120:rate=25" 40 -c:v libvpx-vp9 -deadline realtime -cpu-used 8
else
  skip vp9.webm "this ffmpeg has no libvpx-vp9 encoder"
fi
if has_encoder libx265; then
  clip hevc.mp4 "testsrc2=size=160x120:rate=25" 40 -c:v libx265 -preset ultrafast \
    -x265-params log-level=none
else
  skip hevc.mp4 "this ffmpeg has no libx265 encoder"
fi
if has_encoder cinepak; then
  clip cinepak.avi "testsrc2=size=160x120:rate=25" 40 -c:v cinepak
else
  skip cinepak.avi "this ffmpeg has no cinepak encoder"
fi
# 4K frames, few of them: enough for two snippets, small on disk (flat colour compresses well).
clip 4k.mp4 "testsrc2=size=3840x2160:rate=25" 20 -c:v mpeg4 -q:v 31
clip "name with spaces äöü 監視.avi" "testsrc2=size=160x120:rate=25" 40 -c:v mpeg4 -q:v 2
