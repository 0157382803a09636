#!/usr/bin/python3
"""Golden outputs of S3R's detector (Wu et al., ECCV 2022; GitHub louisYen/S3R), by PyTorch.

Run with Debian's python3 (python3-torch):
  /usr/bin/python3 scripts/make_s3r_golden.py            writes tests/data/s3r/ (committed)
  /usr/bin/python3 scripts/make_s3r_golden.py OUT_DIR    full-size fixtures, at test time

The network is written from the facts of louisYen/S3R (anomaly/models/detectors/detector.py,
anomaly/models/modules/memory_module.py and residual_attention.py), in eval mode, scoring all
steps at once and taking the mean over crops as its inference code does, without the
training-only top-k selection:
  en_normal.en_normal_module: query_embedding C->C/4 of each crop-step, cache_embedding C->C/4
  and value_embedding C->C of the dictionary's atoms; affinity = softmax over the atoms of
  query . cache^T (the shrinkage threshold is 0); macro = affinity . value, per crop-step.
  video_embedding.0 and macro_embedding.0: Aggregate(C) as RTFM's but with Conv1d -> GroupNorm(8)
  -> ReLU (conv_1..conv_3: C->C/4, kernel 3, dilation 1, 2, 4; conv_4: C->C/4 kernel 1 no bias
  -> ReLU -> non_local (value, query, key: 1x1 C/4 -> C/8; f = query^T key / T; alter: 1x1
  -> BatchNorm; plus the input); conv_5: C->C kernel 3 no bias -> GroupNorm(8) -> ReLU; plus
  the input). Dropout after each is the identity at inference.
  de_normal.channel_attention.channel_gate.mlp (Flatten, Linear C->C/16, ReLU, Linear C/16->C):
  the video's channels times sigmoid(mlp(mean_t video - mean_t macro)).
  video_classifier: Linear C->C/4, ReLU, Dropout, Linear C/4->C/16, ReLU, Dropout, Linear
  C/16->1, Sigmoid.
The checkpoint also holds what the forward pass never reads for frame scores (video_projection,
macro_projection, macro_classifier), as S3R's checkpoints do. The explanation: the magnitude
(L2 norm of each gated crop-step, mean over crops) and the video Aggregate's non-local f / T.

Committed (about 100 KB each; C = 32 so that GroupNorm's 8 groups still divide C/4): tiny_s3r.pth (zip),
tiny_s3r_legacy.pth (torch < 1.6 format), tiny_s3r_module.pkl (keys prefixed "module."),
tiny_dictionary.npy (5 atoms), goldens.json.

At test time, OUT_DIR (about 190 MB, never committed): s3r-ucf-fixture.pth (full size, zip,
"module." prefix), s3r-ucf-dictionary-fixture.npy (64 atoms of 2048), goldens.json (last).

Inputs are the integer formula of scripts/make_classifier_goldens.py, laid out as
[crops, steps, features]: x[c, t, f] = ((c * 7919 + t * 104729 + f * 31) % 2001 - 1000) / 1000.
"""
import json
import os
import sys

import numpy as np
import torch
from torch import nn

from make_checkpoint_fixtures import golden_main, replacing
from make_classifier_goldens import make_input

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "s3r")
SEED = 2022
FULL = {"features": 2048, "atoms": 64}
TINY = {"features": 32, "atoms": 5}
CASES = ((10, 7), (1, 7), (10, 1), (1, 2), (10, 2))


def conv_gn_relu(inputs, outputs, kernel, dilation, bias=True, norm=True):
    layers = [nn.Conv1d(inputs, outputs, kernel, padding=dilation * (kernel // 2),
                        dilation=dilation, bias=bias)]
    if norm:
        layers.append(nn.GroupNorm(8, outputs, eps=1e-5))
    layers.append(nn.ReLU())
    return nn.Sequential(*layers)


class NonLocal(nn.Module):
    def __init__(self, channels):
        super().__init__()
        inner = max(channels // 2, 1)
        self.value = nn.Conv1d(channels, inner, 1)
        self.alter = nn.Sequential(nn.Conv1d(inner, channels, 1), nn.BatchNorm1d(channels))
        self.query = nn.Conv1d(channels, inner, 1)
        self.key = nn.Conv1d(channels, inner, 1)

    def forward(self, x):  # [B, C, T]
        attn = self.query(x).transpose(1, 2) @ self.key(x) / x.size(2)
        out = (attn @ self.value(x).transpose(1, 2)).transpose(1, 2)
        return self.alter(out) + x, attn


class Aggregate(nn.Module):
    def __init__(self, dim):
        super().__init__()
        inner = dim // 4
        self.conv_1 = conv_gn_relu(dim, inner, 3, 1)
        self.conv_2 = conv_gn_relu(dim, inner, 3, 2)
        self.conv_3 = conv_gn_relu(dim, inner, 3, 4)
        self.conv_4 = conv_gn_relu(dim, inner, 1, 1, bias=False, norm=False)
        self.conv_5 = conv_gn_relu(dim, dim, 3, 1, bias=False)
        self.non_local = NonLocal(inner)
        self.attention = None

    def forward(self, x):  # [B, T, C]
        out = x.transpose(1, 2)
        dilated = [self.conv_1(out), self.conv_2(out), self.conv_3(out)]
        local, self.attention = self.non_local(self.conv_4(out))
        fused = self.conv_5(torch.cat(dilated + [local], dim=1)) + out
        return fused.transpose(1, 2)


class EnNormalModule(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.query_embedding = nn.Linear(dim, dim // 4)
        self.cache_embedding = nn.Linear(dim, dim // 4)
        self.value_embedding = nn.Linear(dim, dim)

    def forward(self, video, atoms):  # [N, T, C], [S, C]
        affinity = (self.query_embedding(video) @ self.cache_embedding(atoms).t()).softmax(-1)
        return affinity @ self.value_embedding(atoms)


class ChannelGate(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.mlp = nn.Sequential(nn.Flatten(), nn.Linear(dim, dim // 16), nn.ReLU(),
                                 nn.Linear(dim // 16, dim))


def mlp(dim, sigmoid):
    layers = [nn.Linear(dim, dim // 4), nn.ReLU(), nn.Dropout(0.7), nn.Linear(dim // 4, dim // 16),
              nn.ReLU(), nn.Dropout(0.7), nn.Linear(dim // 16, 1)]
    return nn.Sequential(*(layers + [nn.Sigmoid()] if sigmoid else layers))


def named(**children):
    holder = nn.Module()
    for name, child in children.items():
        holder.add_module(name, child)
    return holder


class S3r(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.video_embedding = nn.Sequential(Aggregate(dim), nn.Dropout(0.7))
        self.macro_embedding = nn.Sequential(Aggregate(dim), nn.Dropout(0.7))
        self.en_normal = named(en_normal_module=EnNormalModule(dim))
        self.de_normal = named(channel_attention=named(channel_gate=ChannelGate(dim)))
        # Never read by the forward pass that scores frames; present in S3R's checkpoints.
        self.video_projection = conv_gn_relu(dim, dim, 3, 1)
        self.macro_projection = conv_gn_relu(dim, dim, 3, 1)
        self.video_classifier = mlp(dim, sigmoid=True)
        self.macro_classifier = named(mlp=mlp(dim, sigmoid=False))

    def forward(self, video, atoms):  # [N, T, C], [S, C]
        macro = self.en_normal.en_normal_module(video, atoms)
        x_video = self.video_embedding(video)
        attention = self.video_embedding[0].attention
        x_macro = self.macro_embedding(macro)
        gate = self.de_normal.channel_attention.channel_gate.mlp
        x_video = x_video * torch.sigmoid(gate(x_video.mean(1) - x_macro.mean(1))).unsqueeze(1)
        scores = self.video_classifier(x_video).squeeze(2)
        magnitudes = torch.linalg.norm(x_video, dim=2)
        return scores.mean(0), magnitudes.mean(0), attention.mean(0)


def seeded(widths, seed):
    """Default initialisation from the seed, then every norm's affine (and BatchNorm's running
    statistics) far from their defaults: S3R zeroes the non-local BatchNorm, hiding it."""
    torch.manual_seed(seed)
    model = S3r(widths["features"])
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, (nn.BatchNorm1d, nn.GroupNorm)):
                module.weight.uniform_(0.5, 1.5)
                module.bias.normal_(0.0, 0.1)
            if isinstance(module, nn.BatchNorm1d):
                module.running_mean.normal_(0.0, 0.2)
                module.running_var.uniform_(0.5, 2.0)
                module.num_batches_tracked.fill_(1000)
        # Scores near 0.5 would hide errors behind the sigmoid's flat slope there.
        model.video_classifier[6].weight.mul_(25.0)
        atoms = torch.randn(widths["atoms"], widths["features"])
    return model.eval(), atoms


def goldens(model, atoms, features):
    runs = []
    for crops, steps in CASES:
        with torch.no_grad():
            score, magnitude, attention = model(make_input(crops, steps, features), atoms)
        runs.append({"crops": crops, "steps": steps, "score": score.tolist(),
                     "magnitude": magnitude.tolist(), "attention": attention.flatten().tolist()})
    return runs


def save(state, path, legacy=False, prefix=""):
    state = type(state)((prefix + key, value) for key, value in state.items())
    with replacing(path, "wb") as handle:
        torch.save(state, handle, _use_new_zipfile_serialization=not legacy)


def save_atoms(atoms, path):
    with replacing(path, "wb") as handle:
        np.save(handle, atoms.numpy().astype(np.float32))


def committed():
    model, atoms = seeded(TINY, SEED)
    os.makedirs(OUT, exist_ok=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_s3r.pth"))
    save(model.state_dict(), os.path.join(OUT, "tiny_s3r_legacy.pth"), legacy=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_s3r_module.pkl"), prefix="module.")
    save_atoms(atoms, os.path.join(OUT, "tiny_dictionary.npy"))
    with replacing(os.path.join(OUT, "goldens.json"), "w") as handle:
        json.dump({"widths": TINY, "runs": goldens(model, atoms, TINY["features"])}, handle)
    print("wrote", OUT, file=sys.stderr)


def full_size(out):
    model, atoms = seeded(FULL, SEED)
    os.makedirs(out, exist_ok=True)
    save(model.state_dict(), os.path.join(out, "s3r-ucf-fixture.pth"), prefix="module.")
    save_atoms(atoms, os.path.join(out, "s3r-ucf-dictionary-fixture.npy"))
    with replacing(os.path.join(out, "goldens.json"), "w") as handle:
        json.dump({"widths": FULL, "runs": goldens(model, atoms, FULL["features"])}, handle)
    print("wrote", out)


if __name__ == "__main__":
    golden_main(committed, full_size)
