#!/usr/bin/python3
"""Golden RAdam steps from PyTorch's own torch.optim.RAdam, for Vigil's models/radam.cpp.

Run with Debian's python3 (python3-torch 1.13):  /usr/bin/python3 scripts/make_radam_goldens.py
Writes tests/data/radam/goldens.json.

A tiny least-squares problem (W [3, 4], b [3]) is optimised for 12 steps, past step 6 where
RAdam's rectification (rho_t > 5) starts. Each step records the gradients PyTorch computed and
the parameters after the update, so the C++ test feeds the same gradients and compares the
parameters. Two settings: the paper's defaults and one with weight decay and a larger lr.
"""
import json
import os

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "radam")
STEPS = 12


def values(tensor):
    return [float(v) for v in tensor.detach().flatten().tolist()]


def run(lr, weight_decay, seed):
    torch.manual_seed(seed)
    weight = torch.randn(3, 4, requires_grad=True)
    bias = torch.randn(3, requires_grad=True)
    inputs = torch.randn(16, 4)
    targets = torch.randn(16, 3)
    optimiser = torch.optim.RAdam([weight, bias], lr=lr, betas=(0.9, 0.999), eps=1e-8,
                                  weight_decay=weight_decay)
    record = {"lr": lr, "weight_decay": weight_decay,
              "initial": {"weight": values(weight), "bias": values(bias)}, "steps": []}
    for _ in range(STEPS):
        optimiser.zero_grad()
        loss = ((inputs @ weight.t() + bias - targets) ** 2).mean()
        loss.backward()
        grads = {"weight": values(weight.grad), "bias": values(bias.grad)}
        optimiser.step()
        record["steps"].append({"grad": grads,
                                "after": {"weight": values(weight), "bias": values(bias)}})
    return record


def main():
    os.makedirs(OUT, exist_ok=True)
    goldens = {"torch": torch.__version__, "shapes": {"weight": [3, 4], "bias": [3]},
               "runs": [run(1e-3, 0.0, 1), run(1e-2, 0.1, 2)]}
    with open(os.path.join(OUT, "goldens.json"), "w") as f:
        json.dump(goldens, f)
        f.write("\n")


if __name__ == "__main__":
    main()
