#!/usr/bin/python3
"""Golden outputs of MGFN's detector (Chen et al., AAAI 2023), computed by PyTorch.

Run with Debian's python3 (python3-torch):
  /usr/bin/python3 scripts/make_mgfn_golden.py            writes tests/data/mgfn/ (committed)
  /usr/bin/python3 scripts/make_mgfn_golden.py OUT_DIR    full-size fixtures, at test time

The network is written from the paper and from the facts of carolchenyx/MGFN. (models/mgfn.py,
utils/utils.py, option.py, datasets/dataset.py, test.py), in eval mode and without the
training-only top-k selection (MSNSD's scores are the per-step sigmoid, mean over crops):
  input: the 2048 features of each crop-step and their L2 norm appended (2049 channels, as
  dataset.py does at test time); to_tokens = Conv1d(2048, 64, 3, padding 1) of the features plus
  mag_ratio 0.1 x to_mag = Conv1d(1, 64, 3, padding 1) of the norm.
  stages i = 0, 1, 2 (dims 64, 128, 1024; depths 3, 3, 2; heads = dim / 64; glance, focus,
  focus): each layer x += Conv1d(dim, dim, 3, padding 1)(x); x += block(x); x += FeedForward(x)
  with FeedForward = LayerNorm, Conv1d(dim, 4 dim, 1), GELU, Dropout, Conv1d(4 dim, dim, 1);
  between stages LayerNorm then Conv1d(dim, next dim, 1).
  LayerNorm here is MGFN's channel norm: (x - mean) / (std + 1e-5) * g + b over the channels,
  biased std, g and b of shape [1, dim, 1].
  glance: LayerNorm, to_qkv = Conv1d(dim, 3 inner, 1, no bias), heads of 64 channels
  ('b (h d) n'), softmax(q k^T / sqrt(64)) v over all steps, to_out = Conv1d(inner, dim, 1).
  focus: BatchNorm1d(dim), to_v = Conv1d(dim, inner, 1, no bias), rel_pos = Conv1d(heads,
  heads, 5, padding 2, groups heads) over 'b (c h) t -> (b c) h t', to_out = Conv1d(inner, dim, 1).
  Then to_logits = LayerNorm(1024) (torch's, over each step), fc = Linear(1024, 1), sigmoid.
Dropout is the identity at inference. The explanation: the feature magnitude (MSNSD's L2 norm
of each step after to_logits, mean over crops) and the last glance layer's softmax attention
(mean over heads and crops).

Committed (the widths are reduced so that the checkpoints are small; the C++ network takes the
same widths): tiny_mgfn.pth (zip format), tiny_mgfn_legacy.pth (torch < 1.6 format),
tiny_mgfn_module.pth (keys prefixed "module.", as nn.DataParallel saves them), goldens.json.

At test time, OUT_DIR (about 115 MB, so never committed): mgfn-ucf-fixture.pth (full size, zip,
"module." prefix) and goldens.json (written last, so its presence means the folder is complete),
with one long run (1 crop, 1024 steps) whose attention is kept as its first row only.

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
OUT = os.path.join(ROOT, "tests", "data", "mgfn")
SEED = 2023
FULL = {"features": 2048, "dims": [64, 128, 1024], "depths": [3, 3, 2],
        "blocks": ["glance", "focus", "focus"], "dim_head": 64}
# Two heads in the glance stage, so that the mean over heads is tested.
TINY = {"features": 8, "dims": [4, 8, 16], "depths": [2, 2, 2],
        "blocks": ["glance", "focus", "focus"], "dim_head": 2}
MAG_RATIO = 0.1
KERNEL = 5
FF_MULT = 4
# (crops, steps): ten crops as MGFN's test code reads them, one crop, and very short videos.
CASES = ((10, 7), (1, 7), (10, 1), (1, 2), (10, 2))
LONG = (1, 1024)


class ChannelNorm(nn.Module):
    """MGFN's LayerNorm: over the channels of [B, C, T], eps added to the biased std."""

    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.g = nn.Parameter(torch.ones(1, dim, 1))
        self.b = nn.Parameter(torch.zeros(1, dim, 1))

    def forward(self, x):
        std = torch.var(x, dim=1, unbiased=False, keepdim=True).sqrt()
        mean = torch.mean(x, dim=1, keepdim=True)
        return (x - mean) / (std + self.eps) * self.g + self.b


def feed_forward(dim):
    return nn.Sequential(ChannelNorm(dim), nn.Conv1d(dim, dim * FF_MULT, 1), nn.GELU(),
                         nn.Dropout(0.0), nn.Conv1d(dim * FF_MULT, dim, 1))


class Glance(nn.Module):
    def __init__(self, dim, heads, dim_head):
        super().__init__()
        self.heads = heads
        self.scale = dim_head ** -0.5
        inner = dim_head * heads
        self.norm = ChannelNorm(dim)
        self.to_qkv = nn.Conv1d(dim, inner * 3, 1, bias=False)
        self.to_out = nn.Conv1d(inner, dim, 1)

    def forward(self, x):  # [B, C, T] -> [B, C, T], attention [B, heads, T, T]
        b, _, t = x.shape
        q, k, v = self.to_qkv(self.norm(x)).chunk(3, dim=1)
        q, k, v = (part.reshape(b, self.heads, -1, t).transpose(2, 3) for part in (q, k, v))
        attention = torch.einsum("bhid,bhjd->bhij", q * self.scale, k).softmax(dim=-1)
        out = torch.einsum("bhij,bhjd->bhid", attention, v)
        return self.to_out(out.transpose(2, 3).reshape(b, -1, t)), attention


class Focus(nn.Module):
    def __init__(self, dim, heads, dim_head):
        super().__init__()
        self.heads = heads
        inner = dim_head * heads
        self.norm = nn.BatchNorm1d(dim)
        self.to_v = nn.Conv1d(dim, inner, 1, bias=False)
        self.rel_pos = nn.Conv1d(heads, heads, KERNEL, padding=KERNEL // 2, groups=heads)
        self.to_out = nn.Conv1d(inner, dim, 1)

    def forward(self, x):
        b, _, t = x.shape
        v = self.to_v(self.norm(x))  # channels are (c h): head fastest
        out = self.rel_pos(v.reshape(-1, self.heads, t)).reshape(b, -1, t)
        return self.to_out(out), None


class Backbone(nn.Module):
    def __init__(self, dim, depth, heads, block, dim_head):
        super().__init__()
        kind = Glance if block == "glance" else Focus
        self.layers = nn.ModuleList([nn.ModuleList([
            nn.Conv1d(dim, dim, 3, padding=1), kind(dim, heads, dim_head), feed_forward(dim)])
            for _ in range(depth)])

    def forward(self, x, attention):
        for scc, block, ff in self.layers:
            x = scc(x) + x
            mixed, attended = block(x)
            x = mixed + x
            attention = attended if attended is not None else attention
            x = ff(x) + x
        return x, attention


class Mgfn(nn.Module):
    def __init__(self, features, dims, depths, blocks, dim_head):
        super().__init__()
        self.features = features
        self.to_tokens = nn.Conv1d(features, dims[0], 3, padding=1)
        self.to_mag = nn.Conv1d(1, dims[0], 3, padding=1)
        self.stages = nn.ModuleList()
        for i, (dim, depth, block) in enumerate(zip(dims, depths, blocks)):
            last = i == len(dims) - 1
            self.stages.append(nn.ModuleList([
                Backbone(dim, depth, dim // dim_head, block, dim_head),
                None if last else nn.Sequential(ChannelNorm(dim), nn.Conv1d(dim, dims[i + 1], 1))]))
        self.to_logits = nn.Sequential(nn.LayerNorm(dims[-1]))
        self.fc = nn.Linear(dims[-1], 1)

    def forward(self, video):  # [crops, T, features + 1] -> [T], [T], [T, T]
        x = video.permute(0, 2, 1)
        x = self.to_tokens(x[:, :self.features]) + MAG_RATIO * self.to_mag(x[:, self.features:])
        attention = None
        for backbone, between in self.stages:
            x, attention = backbone(x, attention)
            if between is not None:
                x = between(x)
        x = self.to_logits(x.permute(0, 2, 1))
        scores = torch.sigmoid(self.fc(x)).squeeze(2)
        magnitudes = torch.linalg.norm(x, dim=2)
        return scores.mean(0), magnitudes.mean(0), attention.mean(dim=(0, 1))


def with_magnitude(features):
    """dataset.py's test input: the L2 norm of each crop-step appended as one more channel."""
    return torch.cat([features, torch.linalg.norm(features, dim=2, keepdim=True)], dim=2)


def seeded(widths, seed):
    """Default initialisation from the seed, then the norms' affine parameters and BatchNorm's
    running statistics far from their defaults (ones and zeros would hide a swapped tensor)."""
    torch.manual_seed(seed)
    model = Mgfn(widths["features"], widths["dims"], widths["depths"], widths["blocks"],
                 widths["dim_head"])
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, (ChannelNorm, nn.LayerNorm)):
                scale, shift = (module.g, module.b) if isinstance(module, ChannelNorm) \
                    else (module.weight, module.bias)
                scale.uniform_(0.5, 1.5)
                shift.normal_(0.0, 0.1)
            if isinstance(module, nn.BatchNorm1d):
                module.weight.uniform_(0.5, 1.5)
                module.bias.normal_(0.0, 0.1)
                module.running_mean.normal_(0.0, 0.2)
                module.running_var.uniform_(0.5, 2.0)
                module.num_batches_tracked.fill_(1000)
        model.fc.weight.mul_(4.0)
    return centred(model.eval(), widths["features"])


def centred(model, features):
    """fc's bias set so that the logits of the first case average zero: scores spread around
    0.5 instead of crowding near 0 or 1, where the sigmoid's flat slope would hide errors."""
    logits = []
    hook = model.fc.register_forward_hook(lambda module, inputs, output: logits.append(output))
    with torch.no_grad():
        model(with_magnitude(make_input(*CASES[0], features)))
        model.fc.bias.sub_(logits[0].mean())
    hook.remove()
    return model


def run(model, features, crops, steps, whole_attention=True):
    with torch.no_grad():
        score, magnitude, attention = model(with_magnitude(make_input(crops, steps, features)))
    result = {"crops": crops, "steps": steps, "score": score.tolist(),
              "magnitude": magnitude.tolist()}
    if whole_attention:
        result["attention"] = attention.flatten().tolist()
    else:
        result["attention_row0"] = attention[0].tolist()
    return result


def save(state, path, legacy=False, prefix=""):
    state = type(state)((prefix + key, value) for key, value in state.items())
    with replacing(path, "wb") as handle:
        torch.save(state, handle, _use_new_zipfile_serialization=not legacy)


def committed():
    model = seeded(TINY, SEED)
    os.makedirs(OUT, exist_ok=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_mgfn.pth"))
    save(model.state_dict(), os.path.join(OUT, "tiny_mgfn_legacy.pth"), legacy=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_mgfn_module.pth"), prefix="module.")
    runs = [run(model, TINY["features"], crops, steps) for crops, steps in CASES]
    with replacing(os.path.join(OUT, "goldens.json"), "w") as handle:
        json.dump({"widths": TINY, "runs": runs}, handle)
    print("wrote", OUT, file=sys.stderr)


def full_size(out):
    model = seeded(FULL, SEED)
    os.makedirs(out, exist_ok=True)
    save(model.state_dict(), os.path.join(out, "mgfn-ucf-fixture.pth"), prefix="module.")
    runs = [run(model, FULL["features"], crops, steps) for crops, steps in CASES]
    runs.append(run(model, FULL["features"], *LONG, whole_attention=False))
    with replacing(os.path.join(out, "goldens.json"), "w") as handle:
        json.dump({"widths": FULL, "runs": runs}, handle)
    print("wrote", out)


if __name__ == "__main__":
    golden_main(committed, full_size)
