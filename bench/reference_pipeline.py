#!/usr/bin/python3
"""The Python pipelines that Vigil is measured against (bench/run_bench.sh), computing the same
I3D-ResNet-50 features as `vigil features` (PROTOCOL.md section 1) with eager PyTorch.

  opencv  frames from cv2.VideoCapture, resized with PIL's LANCZOS to 340x256, cropped, scaled
          to [-1, 1], one forward pass per 16-frame snippet: what a user writes today.
  jpeg    the RTFM-era tooling: `ffmpeg -i VIDEO DIR/%06d.jpg` dumps every frame to JPEG, then
          PIL loads and resizes each file (JPEG is lossy, so features differ slightly).
  backbone  the network alone on random input: eager PyTorch throughput per batch size.
  weights   writes the formula weights (scripts/make_backbone_goldens.py) as a torch.save state
          dict, so that Vigil and these pipelines load the very same weights.

Run with Debian's python3 (python3-torch, python3-opencv, python3-pil). Prints one JSON line.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from make_backbone_goldens import Backbone, fill  # noqa: E402

SNIPPET = 16
CROPS = {"center": [(16, 58, False)],
         "ten": [(0, 0, False), (0, 116, False), (16, 58, False), (32, 0, False), (32, 116, False),
                 (0, 0, True), (0, 116, True), (16, 58, True), (32, 0, True), (32, 116, True)]}
GFLOP = {3: 32.829145088, 2: 8.174272512}  # convolutions, per snippet-crop / image


def load_network(dims, weights):
    network = Backbone(dims).eval()
    if weights:
        network.load_state_dict(torch.load(weights))
    else:
        fill(network)
    return network


def snippet_input(frames, crops):
    """16 resized RGB frames (PIL) -> [crops, 3, 16, 224, 224] in [-1, 1]."""
    clip = np.stack([np.asarray(f, dtype=np.float32) for f in frames]) * (2.0 / 255.0) - 1.0
    out = []
    for top, left, flipped in CROPS[crops]:
        frame = clip[:, :, ::-1] if flipped else clip
        out.append(frame[:, top:top + 224, left:left + 224].transpose(3, 0, 1, 2))
    return torch.from_numpy(np.ascontiguousarray(np.stack(out)))


def opencv_frames(video):
    import cv2
    capture = cv2.VideoCapture(video)
    while True:
        ok, bgr = capture.read()
        if not ok:
            return
        yield Image.fromarray(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))


def jpeg_frames(video, scratch):
    subprocess.run(["ffmpeg", "-v", "error", "-i", video, "-q:v", "2", os.path.join(scratch, "%06d.jpg")],
                   check=True)
    for path in sorted(glob.glob(os.path.join(scratch, "*.jpg"))):
        with Image.open(path) as image:
            yield image.convert("RGB")


def extract(frames, network, crops):
    features, snippet = [], []
    with torch.inference_mode():
        for frame in frames:
            snippet.append(frame.resize((340, 256), Image.LANCZOS))
            if len(snippet) == SNIPPET:
                features.append(network(snippet_input(snippet, crops)).numpy())
                snippet = []
    return np.stack(features)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["opencv", "jpeg", "backbone", "weights"])
    parser.add_argument("video", nargs="?", help="video (opencv, jpeg) or output .pth (weights)")
    parser.add_argument("--weights", help="I3D state dict (from the weights mode); default: formula")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--crops", choices=["center", "ten"], default="center")
    parser.add_argument("--features", help="write the features here (.npy [T, crops, 2048])")
    parser.add_argument("--dims", type=int, choices=[2, 3], default=3, help="backbone: 3 = I3D, 2 = ResNet-50")
    parser.add_argument("--batch", type=int, default=1, help="backbone: inputs per forward pass")
    parser.add_argument("--repeat", type=int, default=3, help="backbone: timed forward passes")
    parser.add_argument("--channels-last", action="store_true", help="backbone: channels-last memory format")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    if args.mode == "weights":
        torch.save(load_network(3, None).state_dict(), args.video)
        return
    if args.mode == "backbone":
        network = load_network(args.dims, args.weights if args.dims == 3 else None)
        shape = (args.batch, 3, 16, 224, 224) if args.dims == 3 else (args.batch, 3, 224, 224)
        x = torch.rand(shape) * 2 - 1
        if args.channels_last:
            fmt = torch.channels_last_3d if args.dims == 3 else torch.channels_last
            network, x = network.to(memory_format=fmt), x.contiguous(memory_format=fmt)
        with torch.inference_mode():
            network(x)
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                network(x)
                times.append(time.perf_counter() - start)
        best = min(times)
        print(json.dumps({"mode": "backbone", "dims": args.dims, "batch": args.batch, "threads": args.threads,
                          "seconds": times, "inputs_per_s": args.batch / best,
                          "gflops": args.batch * GFLOP[args.dims] / best}))
        return

    start = time.perf_counter()
    network = load_network(3, args.weights)
    loaded = time.perf_counter()
    scratch = tempfile.mkdtemp(prefix="vigil-jpeg-")
    try:
        frames = opencv_frames(args.video) if args.mode == "opencv" else jpeg_frames(args.video, scratch)
        features = extract(frames, network, args.crops)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    end = time.perf_counter()
    if args.features:
        np.save(args.features, features.astype(np.float32))
    print(json.dumps({"mode": args.mode, "threads": args.threads, "snippets": int(features.shape[0]),
                      "seconds": end - loaded, "load_s": loaded - start,
                      "snippets_per_s": features.shape[0] / (end - loaded)}))


if __name__ == "__main__":
    main()
