#!/usr/bin/python3
"""Classifier checkpoints in the format of the paper's published ones, made at test time.

ctest runs this first (the make_checkpoint_fixtures test, tests/CMakeLists.txt) with Debian's
python3 (python3-torch):  /usr/bin/python3 scripts/make_checkpoint_fixtures.py OUT_DIR
so that every test of the checkpoint format runs without the published files, which live
outside the repository (../shared/reference/checkpoints, or $VIGIL_REFERENCE_DIR).

Writes into OUT_DIR (4 MB in all, so they are generated rather than committed):
  SelfAttention-da64-r3-T32-fixture.pth    VideoClassifier(da=64, r=3), seeded
  SelfAttention-da128-r7-T32-fixture.pth   VideoClassifier(da=128, r=7), seeded
  SHA256SUMS      their SHA-256 as Python's hashlib computes it (sha256sum's format), for
                  manifests made in tests and for checking Vigil's own hashing
  goldens.json    PyTorch's scores and attention for each, on the input formula of
                  scripts/make_classifier_goldens.py (batches of 2x32 and 2x17 steps);
                  written last, so its presence means the folder is complete

The files are laid out as the published ones are (checked below, and compared with them by
hand): torch.save of nn.Module.state_dict() (an OrderedDict whose _metadata names all nine
modules, dropout and sigmoid included), zip serialisation, records under "archive/" (torch
names them after the file when given a path, so the file is written through a handle),
pickle protocol 2, one contiguous float32 storage per tensor. Seeded, so the files are the
same byte for byte from run to run.
"""
import collections
import contextlib
import hashlib
import json
import os
import sys
import zipfile

import torch
from torch import nn

from make_classifier_goldens import run

SEED = 9111
SHAPES = ((64, 3), (128, 7))  # (d_a, r) of the two published checkpoints


class VideoClassifier(nn.Module):
    """The paper's module, PROTOCOL.md section 3, with the same submodules in the same order."""

    def __init__(self, da, r, feature_size=2048):
        super().__init__()
        self.self_anttention = nn.Sequential(
            nn.Linear(feature_size, da), nn.Tanh(), nn.Linear(da, r))
        self.fc1 = nn.Linear(feature_size * r, 32)
        self.fc2 = nn.Linear(32, 1)
        self.dropout = nn.Dropout(0.3)
        self.sig = nn.Sigmoid()

    def forward(self, x):
        a = torch.softmax(self.self_anttention(x), dim=1)
        m = torch.bmm(x.transpose(1, 2), a)
        return self.sig(self.fc2(self.fc1(m.flatten(1)))).squeeze(1), a


def file_name(da, r):
    return f"SelfAttention-da{da}-r{r}-T32-fixture.pth"


@contextlib.contextmanager
def replacing(path, mode):
    """Writes beside `path`, then renames: a test that starts meanwhile sees an old file or none,
    never half of one (tests/support/test_paths.h may run this from a test as well)."""
    partial = f"{path}.part-{os.getpid()}"
    with open(partial, mode) as handle:
        yield handle
    os.replace(partial, path)


def save_state_dict(state, path, location="cpu"):
    """torch.save's zip format, beside its place then renamed, with every storage recorded at
    `location`: "cuda:0" gives the file the records of a model saved on a GPU, as the released
    UR-DMU and PEL4VAD checkpoints are, without a GPU. Fails unless the file says so and reads
    back on the CPU as written."""
    original = torch.serialization.location_tag
    if location != "cpu":
        torch.serialization.location_tag = lambda storage: location
    try:
        with replacing(path, "wb") as handle:
            torch.save(state, handle)
    finally:
        torch.serialization.location_tag = original
    with zipfile.ZipFile(path) as archive:
        pickle = archive.read("archive/data.pkl")
    if location.encode() not in pickle or (location != "cpu" and b"cpu" in pickle):
        sys.exit(f"{path}: storages not recorded at {location}")
    loaded = torch.load(path, map_location="cpu")
    if list(loaded) != list(state) or not all(torch.equal(loaded[k], state[k]) for k in state):
        sys.exit(f"{path}: does not read back as written")


def golden_main(committed, full_size):
    """The command line of a scripts/make_*_golden.py: no argument writes the committed files,
    OUT_DIR the full-size fixtures of the tests (one thread, so that runs are reproducible)."""
    torch.set_num_threads(1)
    if len(sys.argv) > 2:
        sys.exit(f"usage: {sys.argv[0]} [OUT_DIR]")
    if len(sys.argv) == 2:
        full_size(sys.argv[1])
    else:
        committed()


def check_layout(path):
    """Fails unless the file has the record layout of the published checkpoints."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        pickle = archive.read("archive/data.pkl")
    expected = ["archive/data.pkl"] + [f"archive/data/{i}" for i in range(8)] + ["archive/version"]
    if names != expected or not pickle.startswith(b"\x80\x02ccollections\nOrderedDict\n"):
        sys.exit(f"{path}: not laid out as the published checkpoints: {names}")


def main():
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    goldens = {}
    sums = []
    for da, r in SHAPES:
        torch.manual_seed(SEED + da)
        model = VideoClassifier(da, r).eval()
        state = model.state_dict()
        assert isinstance(state, collections.OrderedDict) and len(state._metadata) == 9
        path = os.path.join(out, file_name(da, r))
        with replacing(path, "wb") as handle:
            torch.save(state, handle)
        check_layout(path)
        with open(path, "rb") as handle:
            sums.append(f"{hashlib.sha256(handle.read()).hexdigest()}  {file_name(da, r)}\n")
        goldens[file_name(da, r)] = [run(model, 2, 32, 2048), run(model, 2, 17, 2048)]
    with replacing(os.path.join(out, "SHA256SUMS"), "w") as handle:
        handle.writelines(sums)
    with replacing(os.path.join(out, "goldens.json"), "w") as handle:
        json.dump(goldens, handle)
    print(f"wrote {len(SHAPES)} checkpoints, SHA256SUMS and goldens.json to {out}")


if __name__ == "__main__":
    main()
