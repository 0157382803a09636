#!/usr/bin/python3
"""Golden outputs of UR-DMU's detector (Zhou et al., AAAI 2023), computed by PyTorch.

Run with Debian's python3 (python3-torch):
  /usr/bin/python3 scripts/make_urdmu_golden.py            writes tests/data/urdmu/ (committed)
  /usr/bin/python3 scripts/make_urdmu_golden.py OUT_DIR    full-size fixtures, at test time

The network is written from the paper and from the facts of henrryzh1/UR-DMU (model.py,
memory.py, translayer.py, ucf_test.py, xd_test.py, ucf_main.py), in test mode (WSAD with
flag "Test"): the training-only parts (the triplet, KL and distance losses, encoder_var and
the reparameterisation) are left out, but encoder_var stays in the state dict, as in those that
ucf_main.py and xd_main.py save (WSAD's state_dict(), no "module." prefix).
  embedding = Conv1d(1024, 512, 3, padding 1) then ReLU over the steps of each crop.
  selfatt: 2 layers of x = PreNorm(Attention)(x) + x; x = PreNorm(FeedForward)(x) + x, PreNorm
  being torch's LayerNorm(512) (eps 1e-5) before the block. Attention: 4 heads of 128
  (inner 512), to_qkv = Linear(512, 4 inner, no bias) chunked into q, k, v, t, each split
  '(h d)', head slowest. Per head: softmax(q k^T / sqrt(128)) v, and P t with the fixed
  positional kernel P[i, j] = exp(-|i - j| / e) / s[j], s[j] = sum_k exp(-|j - k| / e) (torch
  broadcasts the row sums over the last axis, so each column sums to one); the two are
  concatenated per head ([content 128, positional 128]) then heads ('(h d)', 1024 channels);
  to_out = Linear(1024, 512). FeedForward: Linear(512, 512), GELU (erf), Linear(512, 512).
  memories: Amemory and Nmemory, 60 slots of 512 (memory_block); read = sigmoid(x M^T /
  sqrt(512)) M; x is concatenated with encoder_mu(read_A) + encoder_mu(read_N), encoder_mu =
  Linear(512, 512) (so its bias counts twice), 1024 channels.
  cls_head: Linear(1024, 128), ReLU, Linear(128, 1), sigmoid: the score of each crop-step, mean
  over crops (ucf_test.py runs the ten crops one by one and averages them; xd_test.py runs the
  five at once and averages them); each step covers 16 frames (np.repeat(score, 16)).
Dropout (0.5) is the identity at inference. The explanation: the magnitude of each step's
anomaly-memory read after encoder_mu (the L2 norm that the training's distance loss pushes up
on anomalies, mean over crops) and the last layer's softmax attention (mean over heads and
crops). Each run also keeps the anomaly memory's own per-step score, the mean of the top
a_nums // 16 + 1 sigmoid slot weights (mean over crops), which training fits to the labels.

Committed (75 KB in all; the widths are reduced, the C++ network takes the same widths):
tiny_urdmu.pth (zip format, plain state dict as ucf_main.py saves it), tiny_urdmu_cuda.pth
(the same, its storages recorded at 'cuda:0' as those of a model saved from the GPU are),
goldens.json.

At test time, OUT_DIR (about 26 MB, so never committed): urdmu-ucf-fixture.pth (full size,
zip, storages at 'cuda:0', no prefix) and goldens.json (written last, so its presence means
the folder is complete), with one long run (1 crop, 1024 steps) whose attention is kept as its
first row only.

Inputs are the integer formula of scripts/make_classifier_goldens.py, laid out as
[crops, steps, features]: x[c, t, f] = ((c * 7919 + t * 104729 + f * 31) % 2001 - 1000) / 1000.
"""
import json
import math
import os
import sys

import torch
from torch import nn

from make_checkpoint_fixtures import golden_main, replacing, save_state_dict
from make_classifier_goldens import make_input

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "urdmu")
SEED = 2022
# The published widths: WSAD(1024, a_nums=60, n_nums=60), Transformer(512, 2, 4, 128, 512),
# cls_head's hidden 128 (all fixed in model.py; ucf and xd use the same).
FULL = {"features": 1024, "dim": 512, "depth": 2, "heads": 4, "dim_head": 128, "mlp_dim": 512,
        "head_hidden": 128, "a_nums": 60, "n_nums": 60}
# Two heads (the mean over heads is tested), an inner width (8) other than dim (6), and
# memories of different sizes (a swapped pair would not load).
TINY = {"features": 8, "dim": 6, "depth": 2, "heads": 2, "dim_head": 4, "mlp_dim": 5,
        "head_hidden": 4, "a_nums": 5, "n_nums": 3}
# (crops, steps): ten crops as the UCF-Crime test reads them, one crop, and very short videos.
CASES = ((10, 7), (1, 7), (10, 1), (1, 1), (10, 3), (1, 3), (10, 40))
LONG = (1, 1024)
CUDA = "cuda:0"


class Temporal(nn.Module):
    def __init__(self, features, dim):
        super().__init__()
        self.conv_1 = nn.Sequential(nn.Conv1d(features, dim, 3, padding=1), nn.ReLU())

    def forward(self, x):  # [B, T, F] -> [B, T, dim]
        return self.conv_1(x.transpose(1, 2)).transpose(1, 2)


class ClsHead(nn.Module):
    def __init__(self, inputs, hidden):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, 1),
                                 nn.Sigmoid())

    def forward(self, x):
        return self.mlp(x)


class MemoryUnit(nn.Module):
    def __init__(self, slots, dim):
        super().__init__()
        bound = 1.0 / math.sqrt(dim)
        self.memory_block = nn.Parameter(torch.empty(slots, dim).uniform_(-bound, bound))

    def forward(self, x):  # [B, T, dim] -> slot weights [B, T, slots], read [B, T, dim]
        weights = torch.sigmoid(torch.matmul(x, self.memory_block.t()) / math.sqrt(x.size(-1)))
        return weights, torch.matmul(weights, self.memory_block)


class PreNorm(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fn = fn

    def forward(self, x):
        return self.fn(self.norm(x))


def positional_kernel(steps):
    """translayer.py's attn2: exp(-|i - j| / e) (e as float32), then divided by the row sums
    broadcast over the last axis: entry [i, j] over the sum of row j, so columns sum to one."""
    index = torch.arange(1, steps + 1, dtype=torch.float32)
    distance = (index.view(1, -1) - index.view(-1, 1)).abs()
    kernel = torch.exp(-distance / torch.exp(torch.tensor(1.0)))
    return kernel / kernel.sum(-1)


class Attention(nn.Module):
    def __init__(self, dim, heads, dim_head):
        super().__init__()
        self.heads = heads
        self.scale = dim_head ** -0.5
        inner = heads * dim_head
        self.to_qkv = nn.Linear(dim, inner * 4, bias=False)
        self.to_out = nn.Sequential(nn.Linear(2 * inner, dim), nn.Dropout(0.0))

    def forward(self, x):  # [B, T, dim] -> [B, T, dim], softmax attention [B, heads, T, T]
        b, t, _ = x.shape
        q, k, v, p = (part.reshape(b, t, self.heads, -1).transpose(1, 2)
                      for part in self.to_qkv(x).chunk(4, dim=-1))
        attention = torch.softmax(torch.matmul(q, k.transpose(-1, -2)) * self.scale, dim=-1)
        mixed = torch.cat([torch.matmul(attention, v), torch.matmul(positional_kernel(t), p)], -1)
        return self.to_out(mixed.transpose(1, 2).reshape(b, t, -1)), attention


class FeedForward(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Dropout(0.0),
                                 nn.Linear(hidden, dim), nn.Dropout(0.0))

    def forward(self, x):
        return self.net(x)


class Transformer(nn.Module):
    def __init__(self, dim, depth, heads, dim_head, mlp_dim):
        super().__init__()
        self.layers = nn.ModuleList([nn.ModuleList([
            PreNorm(dim, Attention(dim, heads, dim_head)),
            PreNorm(dim, FeedForward(dim, mlp_dim))]) for _ in range(depth)])

    def forward(self, x):
        attention = None
        for attend, ff in self.layers:
            mixed, attention = attend(x)
            x = mixed + x
            x = ff(x) + x
        return x, attention


class Urdmu(nn.Module):
    """WSAD in test mode; submodules registered in model.py's order, so the keys come in the
    published checkpoints' order."""

    def __init__(self, features, dim, depth, heads, dim_head, mlp_dim, head_hidden, a_nums,
                 n_nums):
        super().__init__()
        self.a_nums = a_nums
        self.embedding = Temporal(features, dim)
        self.cls_head = ClsHead(2 * dim, head_hidden)
        self.Amemory = MemoryUnit(a_nums, dim)
        self.Nmemory = MemoryUnit(n_nums, dim)
        self.selfatt = Transformer(dim, depth, heads, dim_head, mlp_dim)
        self.encoder_mu = nn.Sequential(nn.Linear(dim, dim))
        self.encoder_var = nn.Sequential(nn.Linear(dim, dim))  # training only

    def forward(self, video):  # [crops, T, F] -> scores, magnitudes, anomaly memory [T]; [T, T]
        x, attention = self.selfatt(self.embedding(video))
        weights, anomaly_read = self.Amemory(x)
        _, normal_read = self.Nmemory(x)
        anomaly = self.encoder_mu(anomaly_read)
        augmented = torch.cat([x, anomaly + self.encoder_mu(normal_read)], dim=-1)
        scores = self.cls_head(augmented).squeeze(2)
        magnitudes = torch.linalg.norm(anomaly, dim=2)
        memory = torch.topk(weights, self.a_nums // 16 + 1, dim=-1)[0].mean(-1)
        return scores.mean(0), magnitudes.mean(0), attention.mean(dim=(0, 1)), memory.mean(0)


def seeded(widths, seed):
    """Default initialisation from the seed, then LayerNorm's affine parameters far from ones
    and zeros (they would hide a swapped tensor) and the memories wider than model.py's
    +-1/sqrt(dim), so that at the tiny widths the reads weigh in the scores."""
    torch.manual_seed(seed)
    model = Urdmu(**widths)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, nn.LayerNorm):
                module.weight.uniform_(0.5, 1.5)
                module.bias.normal_(0.0, 0.1)
        for memory in (model.Amemory, model.Nmemory):
            memory.memory_block.uniform_(-1.0, 1.0)
    return centred(model.eval(), widths["features"])


def centred(model, features):
    """The last layer scaled and shifted so that the logits of the first case have mean zero and
    standard deviation one: scores spread around 0.5 instead of crowding at 0.5 or near 0 and 1,
    where the sigmoid's flat slope hides errors (and its steep one amplifies rounding)."""
    logits = []
    last = model.cls_head.mlp[2]
    hook = last.register_forward_hook(lambda module, inputs, output: logits.append(output))
    with torch.no_grad():
        model(make_input(*CASES[0], features))
        scale = 1.0 / logits[0].std().item()
        last.weight.mul_(scale)
        last.bias.mul_(scale).sub_(logits[0].mean() * scale)
    hook.remove()
    return model


def run(model, features, crops, steps, whole_attention=True):
    with torch.no_grad():
        score, magnitude, attention, memory = model(make_input(crops, steps, features))
    result = {"crops": crops, "steps": steps, "score": score.tolist(),
              "magnitude": magnitude.tolist(), "anomaly_memory": memory.tolist()}
    if whole_attention:
        result["attention"] = attention.flatten().tolist()
    else:
        result["attention_row0"] = attention[0].tolist()
    return result


def save(state, path, location="cpu"):
    save_state_dict(state, path, location)


def committed():
    model = seeded(TINY, SEED)
    os.makedirs(OUT, exist_ok=True)
    save(model.state_dict(), os.path.join(OUT, "tiny_urdmu.pth"))
    save(model.state_dict(), os.path.join(OUT, "tiny_urdmu_cuda.pth"), location=CUDA)
    runs = [run(model, TINY["features"], crops, steps) for crops, steps in CASES]
    with replacing(os.path.join(OUT, "goldens.json"), "w") as handle:
        json.dump({"widths": TINY, "runs": runs}, handle)
    print("wrote", OUT, file=sys.stderr)


def full_size(out):
    model = seeded(FULL, SEED)
    os.makedirs(out, exist_ok=True)
    save(model.state_dict(), os.path.join(out, "urdmu-ucf-fixture.pth"), location=CUDA)
    runs = [run(model, FULL["features"], crops, steps) for crops, steps in CASES]
    runs.append(run(model, FULL["features"], *LONG, whole_attention=False))
    with replacing(os.path.join(out, "goldens.json"), "w") as handle:
        json.dump({"widths": FULL, "runs": runs}, handle)
    print("wrote", out)


if __name__ == "__main__":
    golden_main(committed, full_size)
