#!/usr/bin/python3
"""Golden outputs of PEL4VAD's detector (Pu et al., "Learning Prompt-Enhanced Context Features
for Weakly-Supervised Video Anomaly Detection", IEEE TIP 2024), computed by PyTorch.

Run with Debian's python3 (python3-torch):
  /usr/bin/python3 scripts/make_pel4vad_golden.py            writes tests/data/pel4vad/ (committed)
  /usr/bin/python3 scripts/make_pel4vad_golden.py OUT_DIR    full-size fixtures, at test time

The network is written from the paper and from the facts of yujiangpu20/PEL4VAD (model.py,
modules.py, layers.py, configs.py, infer.py, test.py, utils.py, dataset.py), in eval mode. The
prompt branch (CLIP text features, logit_scale, the KL loss) is training-only: at test time only
the scores are used; logit_scale stays in the state dict and is never read.
  input: [crops, T, 1024] I3D features, all crops of one video (the test lists hold a video's
  10 crops, UCF-Crime, or 5, XD-Violence, in a row and test_bs is 10 or 5); every step is scored,
  no padding or mask (seq_len only counts the crops).
  TCA (self_attention.self_attn), one head: q, k, v = Linear(1024, 128); o = Linear(128, 1024).
  logits = q k^T / sqrt(128) + DPE, where DPE[i, j] = exp(-|w (i - j)^2 - b|) (loc_adj.w and
  loc_adj.b, learnt scalars, initialised to gamma and bias). global = softmax(logits) over j;
  local = softmax(logits with -1e9 where j is outside [i - win // 2, i - win // 2 + win - 1])
  (win_size 9: |i - j| <= 4). a = sigmoid(alpha); mixed = a (global v) + (1 - a) (local v).
  UCF (norm True): mixed = sqrt(relu(mixed)) - sqrt(relu(-mixed)), then F.normalize's default
  dim=1 of [B, T, C]: each channel divided by max(its L2 norm over the T steps, 1e-12).
  XD (norm False): neither. Then x = x + o(mixed); x = LayerNorm(1024, eps 1e-5)(x);
  linear1 = Conv1d(1024, 512, 1), GELU (erf); linear2 = Conv1d(512, 300, 1), GELU.
  classifier: the 300 channels left-padded with t_step - 1 zero steps (causal), Conv1d(300, 1,
  t_step) (t_step 9 for UCF, 3 for XD), sigmoid. Score per step: mean over crops.
  infer.py then smooths the [T] scores: UCF 'slide' with kappa 7, XD 'fixed' with kappa 8
  (see slide() and fixed() below); test.py (the per-epoch test during training) does not.
Dropout is the identity at inference. The explanation: the magnitude is the L2 norm of the 300
classifier channels of each crop-step (mean over crops); the attention is the TCA's fused map
a global + (1 - a) local, the weights that mix v (mean over crops; each row sums to 1).

Committed (widths reduced so that the checkpoints are a few KB; the C++ network takes the same
widths): tiny_pel4vad.pth (UCF's settings, zip format), tiny_pel4vad_cuda.pth (the same tensors,
storages recorded at 'cuda:0', as main.py's torch.save of the model on the GPU writes the released
ckpt/*.pkl), goldens.json;
tiny_pel4vad_xd.pth and goldens_xd.json (XD's settings: t_step 3, no power or L2 norm).
Each run has "score" (before smoothing), "smoothed_ucf" and "smoothed_xd" (the same scores after
infer.py's UCF and XD smoothing), "magnitude" and "attention" ([T, T] flattened).

At test time, OUT_DIR (about 10 MB, never committed): pel4vad-ucf-fixture.pth and
pel4vad-xd-fixture.pth (published widths, seeded, 'cuda:0' storages, plain keys as main.py saves
them), goldens_xd.json, then goldens.json (written last, so its presence means the folder is
complete), each with one long run (1 crop, 1024 steps) whose attention is its first row only.

Inputs are the integer formula of scripts/make_classifier_goldens.py, laid out as
[crops, steps, features]: x[c, t, f] = ((c * 7919 + t * 104729 + f * 31) % 2001 - 1000) / 1000.
"""
import json
import math
import os
import sys

import torch
import torch.nn.functional as F
from torch import nn

from make_checkpoint_fixtures import golden_main, replacing, save_state_dict
from make_classifier_goldens import make_input

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "pel4vad")
SEED = 2024
# configs.py: the base settings and each dataset's TCA and causal-convolution settings.
FULL = {"ucf": {"features": 1024, "hid_dim": 128, "out_dim": 300, "head_num": 1, "win_size": 9,
                "t_step": 9, "norm": True},
        "xd": {"features": 1024, "hid_dim": 128, "out_dim": 300, "head_num": 1, "win_size": 9,
               "t_step": 3, "norm": False}}
TINY = {name: dict(widths, features=8, hid_dim=4, out_dim=6) for name, widths in FULL.items()}
# configs.py's initial values of the learnt DPE scalars and of the (unused) logit_scale.
INIT = {"ucf": {"gamma": 0.6, "bias": 0.2, "temp": 0.09},
        "xd": {"gamma": 0.06, "bias": 0.02, "temp": 0.05}}
# configs.py's test settings, as infer.py applies them.
SMOOTHING = {"ucf": {"mode": "slide", "kappa": 7}, "xd": {"mode": "fixed", "kappa": 8}}
# (crops, steps): ten crops as the UCF test reads them, one crop, very short videos (every step
# inside the local window), 12 (rows where the window is cut off and rows where it is not) and
# 41 (longer than every window, not a multiple of the fixed smoothing's 8).
CASES = ((10, 7), (1, 7), (10, 1), (1, 2), (10, 3), (1, 12), (10, 41))
LONG = (1, 1024)


class DistanceAdj(nn.Module):
    """The dynamic position encoding: exp(-|w d^2 - b|) of the step distance d = |i - j|."""

    def __init__(self, gamma, bias):
        super().__init__()
        self.w = nn.Parameter(torch.full((1,), float(gamma)))
        self.b = nn.Parameter(torch.full((1,), float(bias)))

    def forward(self, steps):
        index = torch.arange(steps, dtype=torch.float32)
        distance = (index.view(-1, 1) - index.view(1, -1)).abs()
        return torch.exp(-torch.abs(self.w * distance ** 2 - self.b))


def window_mask(steps, window):
    """True where step j is in the local window of step i (modules.py's get_mask; the clamping
    of out-of-range columns there only repeats columns already inside)."""
    offset = torch.arange(steps).view(1, -1) - torch.arange(steps).view(-1, 1)
    return (offset >= -(window // 2)) & (offset <= window - 1 - window // 2)


class Tca(nn.Module):
    """Temporal context aggregation: one similarity map, softmaxed over all steps (global) and
    over the local window (local), mixed by the learnt sigmoid(alpha)."""

    def __init__(self, features, hidden, norm):
        super().__init__()
        self.norm = norm
        self.scale = 1.0 / math.sqrt(hidden)  # the whole q width: heads are always 1
        self.q = nn.Linear(features, hidden)
        self.k = nn.Linear(features, hidden)
        self.v = nn.Linear(features, hidden)
        self.o = nn.Linear(hidden, features)
        self.alpha = nn.Parameter(torch.tensor(0.0))

    def forward(self, x, mask, adj):  # [B, T, C] -> [B, T, C], fused attention [B, T, T]
        values = self.v(x)
        similarity = torch.matmul(self.q(x), self.k(x).transpose(1, 2)) * self.scale + adj
        glance = torch.softmax(similarity, dim=-1)
        local = torch.softmax(similarity.masked_fill(~mask, -1e9), dim=-1)
        share = torch.sigmoid(self.alpha)
        mixed = share * torch.matmul(glance, values) + (1 - share) * torch.matmul(local, values)
        if self.norm:
            mixed = torch.sqrt(F.relu(mixed)) - torch.sqrt(F.relu(-mixed))  # signed square root
            mixed = F.normalize(mixed, p=2.0, dim=1, eps=1e-12)  # dim 1 is time here
        return self.o(mixed), share * glance + (1 - share) * local


class Encoder(nn.Module):
    def __init__(self, features, hid_dim, out_dim, win_size, norm, gamma, bias):
        super().__init__()
        self.win_size = win_size
        self.self_attn = Tca(features, hid_dim, norm)
        self.linear1 = nn.Conv1d(features, features // 2, 1)
        self.linear2 = nn.Conv1d(features // 2, out_dim, 1)
        self.norm = nn.LayerNorm(features)
        self.loc_adj = DistanceAdj(gamma, bias)

    def forward(self, x):  # [B, T, C] -> [B, out_dim, T], attention [B, T, T]
        steps = x.shape[1]
        context, attention = self.self_attn(x, window_mask(steps, self.win_size),
                                            self.loc_adj(steps))
        x = self.norm(x + context).transpose(1, 2)
        return F.gelu(self.linear2(F.gelu(self.linear1(x)))), attention


class Pel4vad(nn.Module):
    def __init__(self, features, hid_dim, out_dim, head_num, win_size, t_step, norm,
                 gamma, bias, temp):
        super().__init__()
        assert head_num == 1, "the released configs have one head"
        self.t_step = t_step
        self.self_attention = Encoder(features, hid_dim, out_dim, win_size, norm, gamma, bias)
        self.classifier = nn.Conv1d(out_dim, 1, t_step)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / temp)))  # training only

    def forward(self, video):  # [crops, T, features] -> [T], [T], [T, T]
        x, attention = self.self_attention(video)
        scores = torch.sigmoid(self.classifier(F.pad(x, (self.t_step - 1, 0)))).squeeze(1)
        magnitudes = torch.linalg.norm(x, dim=1)
        return scores.mean(0), magnitudes.mean(0), attention.mean(0)


def slide(scores, kappa):
    """infer.py's 'slide': each step's mean with the kappa - 1 after it, zeros past the end
    (so the last steps are pulled towards 0); as long as the input."""
    padded = F.pad(scores, (0, kappa - 1))
    return torch.stack([padded[i:i + kappa].mean() for i in range(len(scores))])


def fixed(scores, kappa):
    """infer.py's 'fixed': zero-padded to a multiple of kappa, each block of kappa steps replaced
    by its mean, cut back to the input's length."""
    padded = F.pad(scores, (0, -len(scores) % kappa))
    return padded.view(-1, kappa).mean(1).repeat_interleave(kappa)[:len(scores)]


def smooth(scores, dataset):
    setting = SMOOTHING[dataset]
    return (slide if setting["mode"] == "slide" else fixed)(scores, setting["kappa"])


def seeded(widths, init, seed):
    """upstream's weight_init (xavier_uniform_ on every Conv and Linear weight, biases left at
    PyTorch's default), then the LayerNorm's affine parameters and alpha away from their
    defaults (ones, zeros, 0.5 would hide a swapped or ignored tensor)."""
    torch.manual_seed(seed)
    model = Pel4vad(**widths, **init)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, (nn.Conv1d, nn.Linear)):
                nn.init.xavier_uniform_(module.weight)
        norm = model.self_attention.norm
        norm.weight.uniform_(0.5, 1.5)
        norm.bias.normal_(0.0, 0.1)
        model.self_attention.self_attn.alpha.fill_(0.4)
        model.classifier.weight.mul_(4.0)
    return centred(model.eval(), widths["features"])


def centred(model, features):
    """classifier's bias set so that the logits of the first case average zero: scores spread
    around 0.5 instead of crowding near 0 or 1, where the sigmoid's flat slope hides errors."""
    logits = []
    hook = model.classifier.register_forward_hook(lambda module, inputs, out: logits.append(out))
    with torch.no_grad():
        model(make_input(*CASES[0], features))
        model.classifier.bias.sub_(logits[0].mean())
    hook.remove()
    return model


def run(model, features, crops, steps, whole_attention=True):
    with torch.no_grad():
        score, magnitude, attention = model(make_input(crops, steps, features))
    result = {"crops": crops, "steps": steps, "score": score.tolist(),
              "smoothed_ucf": smooth(score, "ucf").tolist(),
              "smoothed_xd": smooth(score, "xd").tolist(), "magnitude": magnitude.tolist()}
    if whole_attention:
        result["attention"] = attention.flatten().tolist()
    else:
        result["attention_row0"] = attention[0].tolist()
    return result


def save(state, path, cuda=False):
    """cuda: every storage recorded at 'cuda:0', as main.py's torch.save(model.state_dict()) of
    the model on the GPU writes it (no GPU needed here)."""
    save_state_dict(state, path, "cuda:0" if cuda else "cpu")


def write_goldens(path, widths, runs):
    with replacing(path, "w") as handle:
        json.dump({"widths": widths, "smoothing": SMOOTHING, "runs": runs}, handle)


def committed():
    os.makedirs(OUT, exist_ok=True)
    for dataset, suffix in (("xd", "_xd"), ("ucf", "")):
        model = seeded(TINY[dataset], INIT[dataset], SEED)
        save(model.state_dict(), os.path.join(OUT, f"tiny_pel4vad{suffix}.pth"))
        if dataset == "ucf":
            save(model.state_dict(), os.path.join(OUT, "tiny_pel4vad_cuda.pth"), cuda=True)
        runs = [run(model, TINY[dataset]["features"], crops, steps) for crops, steps in CASES]
        write_goldens(os.path.join(OUT, f"goldens{suffix}.json"), TINY[dataset], runs)
    print("wrote", OUT, file=sys.stderr)


def full_size(out):
    os.makedirs(out, exist_ok=True)
    for dataset, suffix in (("xd", "_xd"), ("ucf", "")):
        model = seeded(FULL[dataset], INIT[dataset], SEED)
        save(model.state_dict(), os.path.join(out, f"pel4vad-{dataset}-fixture.pth"), cuda=True)
        runs = [run(model, FULL[dataset]["features"], crops, steps) for crops, steps in CASES]
        runs.append(run(model, FULL[dataset]["features"], *LONG, whole_attention=False))
        write_goldens(os.path.join(out, f"goldens{suffix}.json"), FULL[dataset], runs)
    print("wrote", out)


if __name__ == "__main__":
    golden_main(committed, full_size)
