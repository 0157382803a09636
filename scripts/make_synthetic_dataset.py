#!/usr/bin/python3
"""A small synthetic dataset for trying `vigil train` and `vigil eval` end to end.

Run with Debian's python3 and python3-numpy:
    /usr/bin/python3 scripts/make_synthetic_dataset.py OUT_DIR [--seed 7] [--crops 10]

Features imitate pooled I3D features in RTFM's layout: float32 [T, crops, 2048], non-negative.
In an anomalous video one stretch of steps (its "event") has a higher mean in a few feature
dimensions, so it can be learned from video-level labels alone, as the paper's classifier must.
Writes, under OUT_DIR:
  train/, val/, test/           <name>_i3d.npy feature files
  train.csv, val.csv             path,label (0 normal, 1 anomalous), paths relative to OUT_DIR
  train.list                     the same training files, anomalous first (RTFM's convention:
                                 vigil train --list train.list --anomalous-first N)
  test.list                      the test feature files, one per line
  test_annotations.txt           UCF-Crime-style "name class start1 end1 start2 end2" (inclusive
                                 0-based frames, 16 frames per step, -1 for none)
The numbers of videos are printed at the end.
"""
import argparse
import os

import numpy as np

FEATURES = 2048
FRAMES_PER_STEP = 16
SIGNAL_DIMS = 24      # dimensions that carry the anomaly
SIGNAL_SHIFT = 0.8    # added to those dimensions during an event


def make_video(rng, steps, crops, event):
    """event: (first_step, end_step) or None."""
    features = np.abs(rng.normal(0.0, 1.0, size=(steps, crops, FEATURES))).astype(np.float32)
    if event is not None:
        first, end = event
        features[first:end, :, :SIGNAL_DIMS] += np.float32(SIGNAL_SHIFT)
    return features


def make_split(rng, out_dir, split, normal_count, anomalous_count, crops, prefix):
    os.makedirs(os.path.join(out_dir, split), exist_ok=True)
    videos = []  # (relative path, label, name, event)
    for index in range(anomalous_count + normal_count):
        is_anomalous = index < anomalous_count
        steps = int(rng.integers(20, 61))
        event = None
        if is_anomalous:
            length = int(rng.integers(max(3, steps // 6), max(4, steps // 3) + 1))
            first = int(rng.integers(0, steps - length + 1))
            event = (first, first + length)
        name = ("Synthetic%s%03d_x264" % (prefix, index + 1) if is_anomalous
                else "Normal_Videos_%s%03d_x264" % (prefix, index + 1))
        relative = os.path.join(split, name + "_i3d.npy")
        np.save(os.path.join(out_dir, relative), make_video(rng, steps, crops, event))
        videos.append((relative, 1 if is_anomalous else 0, name, event))
    return videos


def write_csv(path, videos):
    with open(path, "w") as f:
        f.write("path,label\n")
        for relative, label, _, _ in videos:
            f.write("%s,%d\n" % (relative, label))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--crops", type=int, default=10, help="10 (RTFM's ten crops) or 1")
    parser.add_argument("--train", type=int, default=24, help="videos of each label for training")
    parser.add_argument("--val", type=int, default=8, help="videos of each label for validation")
    parser.add_argument("--test", type=int, default=10, help="videos of each label for testing")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    out = args.out_dir
    os.makedirs(out, exist_ok=True)
    train = make_split(rng, out, "train", args.train, args.train, args.crops, "Tr")
    val = make_split(rng, out, "val", args.val, args.val, args.crops, "Va")
    test = make_split(rng, out, "test", args.test, args.test, args.crops, "Te")
    write_csv(os.path.join(out, "train.csv"), train)
    write_csv(os.path.join(out, "val.csv"), val)
    with open(os.path.join(out, "train.list"), "w") as f:
        for relative, _, _, _ in sorted(train, key=lambda v: -v[1]):
            f.write(relative + "\n")
    with open(os.path.join(out, "test.list"), "w") as f:
        for relative, _, _, _ in test:
            f.write(relative + "\n")
    with open(os.path.join(out, "test_annotations.txt"), "w") as f:
        for _, label, name, event in test:
            if event is None:
                f.write("%s.mp4  Normal  -1  -1  -1  -1\n" % name)
            else:
                first, end = event
                f.write("%s.mp4  Synthetic  %d  %d  -1  -1\n"
                        % (name, first * FRAMES_PER_STEP, end * FRAMES_PER_STEP - 1))
    print("wrote %d training (%d anomalous), %d validation, %d test videos to %s"
          % (len(train), args.train, len(val), len(test), out))


if __name__ == "__main__":
    main()
