#!/usr/bin/python3
"""Golden 10-crop Inception-I3D features of a video, made as UR-DMU's feature_extract/ makes them.

Run with Debian's python3 (python3-torch, python3-numpy, python3-pil; python3-opencv
optional, for --jpeg):
    /usr/bin/python3 scripts/make_i3d_inception_video_goldens.py CLIP WEIGHTS_DIR OUT_DIR [--jpeg]

CLIP must decode losslessly to RGB, so that ffmpeg's CLI and Vigil's libav decoding give the same
pixels. This clip does (checked: its rgb24 decode equals the same clip made as PNG in mkv, and
equals its native bgr0 decode with the channels reordered):
    ffmpeg -v error -f lavfi -i testsrc2=size=320x240:rate=25 -frames:v 20 \
        -c:v ffv1 -pix_fmt bgr0 clip.mkv
(FFV1 is lossless and bgr0 -> rgb24 only reorders bytes; `-c:v png -pix_fmt rgb24` works too.)
Frames are read with `ffmpeg -i CLIP -map 0:v:0 -vsync passthrough -f rawvideo -pix_fmt rgb24 -`,
their size from ffprobe.

WEIGHTS_DIR holds the files that make_i3d_inception_goldens.py writes with an OUT_DIR argument:
i3d_inception_piergiaj.pt (pytorch_i3d.py's names, run with BatchNorm eps 1e-3) and
i3d_inception_urdmu.pth (i3dpt.py's names, renamed back by that script's urdmu_name and run
with eps 1e-5, i3dpt.py's BatchNorm3d default). Both are loaded strict into that script's
network (which equals upstream's bit for bit at 16x224x224), eval mode, no grad.

The recipe, henrryzh1/UR-DMU feature_extract/i3d_extract.py, with the
frames of its video2frame_split.py:
  - (--jpeg only) each frame through a JPEG as video2frame_split.py writes it, cv2.imwrite's
    defaults (quality 95, 4:2:0), then decoded by PIL's Image.open; see jpeg_round_trip.
  - each frame resized to 340 wide x 256 high by PIL's LANCZOS (= Image.ANTIALIAS, which
    Pillow 10 removed), np.array(...).astype(float) * 2 / 255 - 1 in float64, float32 at the end;
  - S = ceil(N / 16) snippets of 16 frames, non-overlapping, from frame 0; the last padded by
    repeating the last frame (i3d_extract.py asserts N > 16; this script takes any N >= 1);
  - ten crops, oversample_data's order: top-left [:224, :224], top-right [:224, -224:],
    centre [16:240, 58:282], bottom-left [-224:, :224], bottom-right [-224:, -224:], then the
    same five boxes of the left-right mirrored frame; each a [3, 16, 224, 224] input (C, T, H, W);
  - the feature: the 2x7x7 average pool of Mixed_5c at [:, :, 0, 0, 0], 1024 values.

Writes into OUT_DIR (not WEIGHTS_DIR: both scripts write a goldens.json), each file beside its
place and then renamed:
  features_piergiaj.npy, features_urdmu.npy  float32 [S, 10, 1024]: snippets first, crops second
                  (Vigil's layout; i3d_extract.py saves [10, S, 1024]);
  goldens.json    frames, size, snippets, flags, GFLOP per input: written last, so its presence
                  means the folder is complete.

The GFLOP figure counts 2 x output elements x input channels x kernel volume over every
convolution (the rule of Vigil's I3D-ResNet-50 figure, 32.829145088), logits excluded:
55.575138304 per 16x224x224 input (counted by hooks during the run, and by hand from the layer
table). Run time for the 20-frame 320x240 clip above (2 snippets, 20 inputs per weight file),
one thread on a 2-core machine: 33-38 s, --jpeg alike; the network is ~0.7 s per input.

Checked against upstream itself: on that clip, video2frame_split.py's loop (cv2.VideoCapture,
cv2.imwrite) then i3d_extract.py's run() with i3dpt.py's I3D and i3d_inception_urdmu.pth gives
features_urdmu.npy of --jpeg bit for bit (max abs diff 0), and the same run on lossless frames
gives the plain one (0); pytorch_i3d.py's InceptionI3d.extract_features with
i3d_inception_piergiaj.pt on these inputs gives features_piergiaj.npy (0).
"""
import argparse
import io
import json
import math
import os
import subprocess
import sys
import time

import numpy as np
import torch
from PIL import Image
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_i3d_inception_goldens import (  # noqa: E402
    PIERGIAJ_EPS, URDMU_EPS, InceptionI3d, replacing, urdmu_name)

SNIPPET = 16
RESIZED = (340, 256)  # PIL's (width, height)
CROP = 224
# (top, left) of oversample_data's five boxes on the 256x340 frame, in its order.
BOXES = [(0, 0), (0, RESIZED[0] - CROP), (16, 58), (RESIZED[1] - CROP, 0),
         (RESIZED[1] - CROP, RESIZED[0] - CROP)]
JPEG_QUALITY = 95  # cv2.imwrite's default IMWRITE_JPEG_QUALITY
WEIGHTS = [("piergiaj", "i3d_inception_piergiaj.pt", PIERGIAJ_EPS),
           ("urdmu", "i3d_inception_urdmu.pth", URDMU_EPS)]


def probe_size(clip):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=width,height", "-of", "json", clip], check=True, capture_output=True).stdout
    stream = json.loads(out)["streams"][0]
    return int(stream["width"]), int(stream["height"])


def read_frames(clip):
    """[N, H, W, 3] uint8 RGB, as ffmpeg decodes the first video stream, frame for frame."""
    width, height = probe_size(clip)
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-i", clip, "-map", "0:v:0", "-vsync", "passthrough",
         "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], check=True, capture_output=True).stdout
    frame_bytes = width * height * 3
    if not raw or len(raw) % frame_bytes:
        sys.exit(f"{clip}: {len(raw)} bytes of rgb24: not whole {width}x{height} frames")
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3), (width, height)


def jpeg_encoder():
    try:
        import cv2  # noqa: F401
        return "cv2 " + cv2.__version__
    except ImportError:
        return "PIL " + Image.__version__


def jpeg_round_trip(rgb):
    """A PIL image of the frame after video2frame_split.py's cv2.imwrite(... .jpg, bgr) and
    i3d_extract.py's Image.open. With python3-opencv the bytes are OpenCV's own: cv2.imencode is
    cv2.imwrite's encoder (same bytes, checked), quality 95 and no sampling factor given, so
    libjpeg's default 4:2:0, baseline, not optimised. Without it, PIL's encoder at quality 95,
    4:2:0. On Debian 12 (OpenCV 4.6.0, Pillow 9.4.0, both on libjpeg-turbo 2.1) the two give the
    same file byte for byte (checked on all 20 frames of the testsrc2 clip above: headers,
    tables and scan), so the fallback gives the same features; another libjpeg could differ."""
    try:
        import cv2
    except ImportError:
        buffer = io.BytesIO()
        Image.fromarray(rgb).save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling="4:2:0")
        data = buffer.getvalue()
    else:
        ok, encoded = cv2.imencode(".jpg", np.ascontiguousarray(rgb[:, :, ::-1]))
        assert ok
        data = encoded.tobytes()
    image = Image.open(io.BytesIO(data))
    assert image.mode == "RGB", image.mode
    return image


def load_frame(image):
    """i3d_extract.py's load_frame on an opened PIL image: 340x256 LANCZOS, x * 2 / 255 - 1."""
    data = np.array(image.resize(RESIZED, Image.LANCZOS)).astype(float)
    data = data * 2 / 255 - 1
    assert data.max() <= 1.0 and data.min() >= -1.0
    return data  # [256, 340, 3] float64


def snippet_inputs(frames, jpeg):
    """[S, 10, 3, 16, 224, 224] float32: each snippet's ten crops, oversample_data's order."""
    images = [jpeg_round_trip(f) if jpeg else Image.fromarray(f) for f in frames]
    resized = np.stack([load_frame(image) for image in images])  # [N, 256, 340, 3] float64
    count = len(resized)
    snippets = math.ceil(count / SNIPPET)
    indices = list(range(count)) + [count - 1] * (snippets * SNIPPET - count)
    data = resized[indices].reshape(snippets, SNIPPET, RESIZED[1], RESIZED[0], 3)
    mirrored = data[:, :, :, ::-1, :]
    crops = [source[:, :, top:top + CROP, left:left + CROP, :]
             for source in (data, mirrored) for top, left in BOXES]
    stacked = np.stack(crops, axis=1)  # [S, 10, 16, 224, 224, 3]
    # forward_batch: transpose to N, C, T, H, W, then torch's .float() of the float64 array.
    return torch.from_numpy(np.ascontiguousarray(stacked.transpose(0, 1, 5, 2, 3, 4))).float()


def load_network(weights_dir, file_name, eps):
    state = torch.load(os.path.join(weights_dir, file_name), map_location="cpu")
    state = {k[len("module."):] if k.startswith("module.") else k: v for k, v in state.items()}
    model = InceptionI3d(eps, num_classes=400)
    if file_name.endswith(".pth"):  # i3dpt.py's names: back to pytorch_i3d.py's
        back = {urdmu_name(k): k for k in model.state_dict()
                if not k.endswith("num_batches_tracked")}
        state = {back[k]: v for k, v in state.items()}
    model.load_state_dict(state, strict=True)  # counts absent: BatchNorm inserts them
    return model.eval()


def count_conv_flops(model):
    """Hooks on every Conv3d outside the logits adding 2 x output elements x input channels x
    kernel volume to the returned one-item list (for the whole batch)."""
    total = [0]
    for name, module in model.named_modules():
        if isinstance(module, nn.Conv3d) and not name.startswith("logits"):
            assert module.groups == 1
            kernel = int(np.prod(module.kernel_size))

            def hook(mod, _inputs, output, kernel=kernel):
                total[0] += 2 * output.numel() * mod.in_channels * kernel
            module.register_forward_hook(hook)
    return total


def run(model, inputs):
    """[S, 10, 1024] float32, one batch of ten crops per snippet; and the GFLOP per input."""
    flops = count_conv_flops(model)
    with torch.no_grad():
        features = torch.stack([model(snippet) for snippet in inputs]).numpy()
    inputs_run = inputs.shape[0] * inputs.shape[1]
    assert flops[0] % inputs_run == 0
    return features.astype(np.float32), flops[0] // inputs_run / 1e9


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("clip")
    parser.add_argument("weights_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--jpeg", action="store_true",
                        help="round-trip each frame through a quality-95 JPEG first")
    args = parser.parse_args()
    torch.set_num_threads(1)
    start = time.time()
    frames, (width, height) = read_frames(args.clip)
    inputs = snippet_inputs(frames, args.jpeg)
    os.makedirs(args.out_dir, exist_ok=True)
    goldens = {"clip": os.path.basename(args.clip), "frames": len(frames), "width": width,
               "height": height, "snippets": inputs.shape[0], "crops": inputs.shape[1],
               "snippet_frames": SNIPPET, "resized": list(RESIZED), "jpeg": args.jpeg,
               "jpeg_encoder": jpeg_encoder() if args.jpeg else None,
               "jpeg_quality": JPEG_QUALITY if args.jpeg else None,
               "layout": "[snippets, crops, 1024] float32", "features": {}}
    for name, file_name, eps in WEIGHTS:
        model = load_network(args.weights_dir, file_name, eps)
        features, gflop = run(model, inputs)
        out_name = f"features_{name}.npy"
        with replacing(os.path.join(args.out_dir, out_name), "wb") as handle:
            np.save(handle, features)
        goldens["features"][name] = {"file": out_name, "weights": file_name, "eps": eps,
                                     "shape": list(features.shape)}
        print(out_name, features.shape, "max abs %.6g" % float(np.abs(features).max()))
    goldens["gflop_per_input"] = gflop
    with replacing(os.path.join(args.out_dir, "goldens.json"), "w") as handle:
        json.dump(goldens, handle, indent=1)
    print("%d frames %dx%d, %d snippets, jpeg %s; %.9f GFLOP per input; %.1f s" % (
        len(frames), width, height, inputs.shape[0], args.jpeg, goldens["gflop_per_input"],
        time.time() - start))


if __name__ == "__main__":
    main()
