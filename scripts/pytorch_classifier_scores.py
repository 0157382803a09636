#!/usr/bin/python3
"""Scores samples with a classifier file in PyTorch itself, as the paper's code would.

    /usr/bin/python3 scripts/pytorch_classifier_scores.py MODEL.pth INPUT.npy SCORES.npy

Loads MODEL.pth with torch.load + load_state_dict (strict) into the paper's VideoClassifier
(PROTOCOL.md section 3; d_a and r read from the tensors' shapes), runs it in eval mode on
INPUT.npy (float32 [N, T, 2048]) and writes the N sigmoid scores to SCORES.npy (float32).
Used by Vigil's tests to check that `vigil train`'s .pth files are real PyTorch state dicts.
Needs Debian's python3-torch and python3-numpy.
"""
import sys

import numpy as np
import torch
from torch import nn


class VideoClassifier(nn.Module):
    def __init__(self, feature_size=2048, da=64, r=3):
        super().__init__()
        self.self_anttention = nn.Sequential(
            nn.Linear(feature_size, da), nn.Tanh(), nn.Linear(da, r))
        self.drop = nn.Dropout(0.3)
        self.fc1 = nn.Linear(feature_size * r, 32)
        self.fc2 = nn.Linear(32, 1)

    def forward(self, x):
        a = self.drop(torch.softmax(self.self_anttention(x), dim=1))
        m = torch.bmm(x.transpose(1, 2), a)
        return torch.sigmoid(self.fc2(self.fc1(m.flatten(1)))).squeeze(1)


def main():
    model_path, input_path, output_path = sys.argv[1:4]
    state = torch.load(model_path, map_location="cpu")
    da, feature_size = state["self_anttention.0.weight"].shape
    r = state["self_anttention.2.weight"].shape[0]
    model = VideoClassifier(feature_size, da, r)
    model.load_state_dict(state, strict=True)
    model.eval()
    with torch.no_grad():
        scores = model(torch.from_numpy(np.load(input_path)))
    np.save(output_path, scores.numpy().astype(np.float32))


if __name__ == "__main__":
    main()
