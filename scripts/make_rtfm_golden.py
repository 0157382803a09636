#!/usr/bin/python3
"""Golden outputs of RTFM's detector (Tian et al., ICCV 2021), computed by PyTorch.

Run with Debian's python3 (python3-torch):
  /usr/bin/python3 scripts/make_rtfm_golden.py            writes tests/data/rtfm/ (committed)
  /usr/bin/python3 scripts/make_rtfm_golden.py OUT_DIR    full-size fixtures, at test time

The network is written from the paper and from the facts of tianyu0207/RTFM model.py, in eval
mode and without the training-only top-k magnitude selection (it fails for fewer than 3 steps):
  Aggregate: conv_1..conv_3 = Conv1d(F, 512, 3, dilation d, padding d) -> ReLU -> BatchNorm
  (d = 1, 2, 4); conv_4 = Conv1d(F, 512, 1, no bias) -> ReLU -> non_local (NONLocalBlock1D(512),
  no subsampling: theta, phi, g are 1x1 Conv1d 512 -> 256; f = theta^T phi divided by N = T, not
  softmaxed; W = Conv1d 256 -> 512 -> BatchNorm; z = W(f g) + x); the four branches concatenated;
  conv_5 = Conv1d(2048, 2048, 3, padding 1, no bias) -> ReLU -> BatchNorm; plus the input.
  Then fc1 2048->512, ReLU, fc2 512->128, ReLU, fc3 128->1, sigmoid; mean over crops.
Dropout is the identity at inference. The explanation: the feature magnitude (L2 norm of each
aggregated crop-step, mean over crops) and the non-local attention f / N (mean over crops).

Committed (a few KB; the widths are reduced so that the checkpoints are tiny, the C++ network
takes the same widths): tiny_rtfm.pth (zip format), tiny_rtfm_legacy.pth (torch < 1.6 format),
tiny_rtfm_module.pth (keys prefixed "module.", as nn.DataParallel saves them), goldens.json.

At test time, OUT_DIR (about 200 MB, so never committed): rtfm-ucf-fixture.pth (full size, zip,
"module." prefix), rtfm-ucf-fixture-legacy.pth (full size, legacy format, no prefix),
goldens.json (written last, so its presence means the folder is complete).

Inputs are the integer formula of scripts/make_classifier_goldens.py, laid out as
[crops, steps, features]: x[c, t, f] = ((c * 7919 + t * 104729 + f * 31) % 2001 - 1000) / 1000.
"""
import json
import os
import sys

import torch
from torch import nn

from make_checkpoint_fixtures import golden_main, replacing
from make_classifier_goldens import make_input

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "rtfm")
SEED = 2021
FULL = {"features": 2048, "branch": 512, "fc1": 512, "fc2": 128}
TINY = {"features": 32, "branch": 8, "fc1": 16, "fc2": 8}
# (crops, steps): ten crops as RTFM's test code reads them, one crop, and the short videos the
# top-k branch could not take.
CASES = ((10, 7), (1, 7), (10, 1), (1, 2), (10, 2))


def conv_relu_bn(inputs, outputs, kernel, dilation, bias=True, norm=True):
    layers = [nn.Conv1d(inputs, outputs, kernel, padding=dilation * (kernel // 2),
                        dilation=dilation, bias=bias), nn.ReLU()]
    if norm:
        layers.append(nn.BatchNorm1d(outputs))
    return nn.Sequential(*layers)


class NonLocal(nn.Module):
    """Embedded dot product, divided by the number of positions, with a BatchNorm'd output."""

    def __init__(self, channels):
        super().__init__()
        inner = max(channels // 2, 1)
        self.g = nn.Conv1d(channels, inner, 1)
        self.theta = nn.Conv1d(channels, inner, 1)
        self.phi = nn.Conv1d(channels, inner, 1)
        self.W = nn.Sequential(nn.Conv1d(inner, channels, 1), nn.BatchNorm1d(channels))

    def forward(self, x):
        query = self.theta(x).transpose(1, 2)  # [B, T, inner]
        affinity = torch.bmm(query, self.phi(x)) / x.size(2)  # [B, T, T]
        mixed = torch.bmm(affinity, self.g(x).transpose(1, 2)).transpose(1, 2)
        return self.W(mixed) + x, affinity


class Aggregate(nn.Module):
    def __init__(self, features, branch):
        super().__init__()
        self.conv_1 = conv_relu_bn(features, branch, 3, 1)
        self.conv_2 = conv_relu_bn(features, branch, 3, 2)
        self.conv_3 = conv_relu_bn(features, branch, 3, 4)
        self.conv_4 = conv_relu_bn(features, branch, 1, 1, bias=False, norm=False)
        self.conv_5 = conv_relu_bn(4 * branch, features, 3, 1, bias=False)
        self.non_local = NonLocal(branch)

    def forward(self, x):  # [B, T, F]
        channels = x.transpose(1, 2)
        dilated = [self.conv_1(channels), self.conv_2(channels), self.conv_3(channels)]
        local, affinity = self.non_local(self.conv_4(channels))
        fused = self.conv_5(torch.cat(dilated + [local], dim=1)) + channels
        return fused.transpose(1, 2), affinity


class Rtfm(nn.Module):
    def __init__(self, features, branch, fc1, fc2):
        super().__init__()
        self.Aggregate = Aggregate(features, branch)
        self.fc1 = nn.Linear(features, fc1)
        self.fc2 = nn.Linear(fc1, fc2)
        self.fc3 = nn.Linear(fc2, 1)

    def forward(self, x):  # [crops, T, F] -> [T] scores, [T] magnitudes, [T, T] attention
        aggregated, affinity = self.Aggregate(x)
        hidden = torch.relu(self.fc2(torch.relu(self.fc1(aggregated))))
        scores = torch.sigmoid(self.fc3(hidden)).squeeze(2)
        magnitudes = torch.linalg.norm(aggregated, dim=2)
        return scores.mean(0), magnitudes.mean(0), affinity.mean(0)


def seeded(widths, seed):
    """Default initialisation from the seed, then BatchNorm affine and running statistics far
    from their defaults: RTFM zeroes the non-local BatchNorm at start, which would hide it."""
    torch.manual_seed(seed)
    model = Rtfm(widths["features"], widths["branch"], widths["fc1"], widths["fc2"])
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, nn.BatchNorm1d):
                module.weight.uniform_(0.5, 1.5)
                module.bias.normal_(0.0, 0.1)
                module.running_mean.normal_(0.0, 0.2)
                module.running_var.uniform_(0.5, 2.0)
                module.num_batches_tracked.fill_(1000)
        # Scores near 0.5 would hide errors behind the sigmoid's flat slope there.
        model.fc3.weight.mul_(25.0)
    return model.eval()


def goldens(model, features):
    runs = []
    for crops, steps in CASES:
        with torch.no_grad():
            score, magnitude, attention = model(make_input(crops, steps, features))
        runs.append({"crops": crops, "steps": steps, "score": score.tolist(),
                     "magnitude": magnitude.tolist(), "attention": attention.flatten().tolist()})
    return runs


def save(state, path, legacy=False, prefix=""):
    state = type(state)((prefix + key, value) for key, value in state.items())
    with replacing(path, "wb") as handle:
        torch.save(state, handle, _use_new_zipfile_serialization=not legacy)


def committed():
    model = seeded(TINY, SEED)
    os.makedirs(OUT, exist_ok=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_rtfm.pth"))
    save(model.state_dict(), os.path.join(OUT, "tiny_rtfm_legacy.pth"), legacy=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_rtfm_module.pth"), prefix="module.")
    with replacing(os.path.join(OUT, "goldens.json"), "w") as handle:
        json.dump({"widths": TINY, "runs": goldens(model, TINY["features"])}, handle)
    print("wrote", OUT, file=sys.stderr)


def full_size(out):
    model = seeded(FULL, SEED)
    os.makedirs(out, exist_ok=True)
    save(model.state_dict(), os.path.join(out, "rtfm-ucf-fixture.pth"), prefix="module.")
    save(model.state_dict(), os.path.join(out, "rtfm-ucf-fixture-legacy.pth"), legacy=True)
    with replacing(os.path.join(out, "goldens.json"), "w") as handle:
        json.dump({"widths": FULL, "runs": goldens(model, FULL["features"])}, handle)
    print("wrote", out)


if __name__ == "__main__":
    golden_main(committed, full_size)
