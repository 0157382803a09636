#!/usr/bin/python3
"""Golden features of the I3D-ResNet-50 and ResNet-50 backbones, computed by PyTorch.

Run with Debian's python3 (python3-torch):  /usr/bin/python3 scripts/make_backbone_goldens.py
Writes tests/data/backbones/{i3d_r50,resnet50}.f32 (raw little-endian float32 features), and
i3d_r50_rtfm.f32: the I3D features of one rtfm-preprocessed snippet (five hashed 96x72 frames
through torchvision's Resize(256) and CenterCrop(224), normalised, loop-padded to 16 frames as
RTFM's LoopPadding does), so the whole rtfm path is checked against torch, not only its inputs.

No weight file is committed: every parameter and buffer is filled by an integer formula that the
C++ test reproduces bit for bit (see formula_values), so only the 2048-d outputs are stored.
The networks are written here from PROTOCOL.md section 1 and torchvision's ResNet-50 layout.
"""
import math
import os

import numpy as np
import torch
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "backbones")


def fnv1a(text):
    value = 0x811C9DC5
    for byte in text.encode():
        value = ((value ^ byte) * 0x01000193) % 2**32
    return value


def formula_values(count, seed):
    """u[i] in [-1, 1]: ((i * 2654435761 + seed) mod 2^32) mod 2001 - 1000, over 1000, float32."""
    i = np.arange(count, dtype=np.uint64)
    code = ((i * np.uint64(2654435761) + np.uint64(seed)) % np.uint64(2**32)) % np.uint64(2001)
    return (code.astype(np.int64) - 1000).astype(np.float32) / np.float32(1000.0)


def fill(model):
    """Conv/linear weights scaled by sqrt(3 / fan_in); BN near identity with a positive variance."""
    with torch.no_grad():
        for name, tensor in model.state_dict().items():
            if not tensor.is_floating_point():
                continue
            u = torch.from_numpy(formula_values(tensor.numel(), fnv1a(name))).view_as(tensor)
            leaf = name.rsplit(".", 1)[1]
            if tensor.dim() > 1:
                scale = np.float32(math.sqrt(3.0 / (tensor.numel() // tensor.shape[0])))
                value = u * torch.tensor(scale)
            elif leaf == "weight":
                value = 1.0 + 0.1 * u
            elif leaf == "running_var":
                value = 1.0 + 0.25 * (u + 1.0)
            else:  # bias, running_mean
                value = 0.1 * u
            tensor.copy_(value)


class Bottleneck(nn.Module):
    def __init__(self, dims, in_planes, planes, stride, temporal, projection):
        super().__init__()
        conv = nn.Conv3d if dims == 3 else nn.Conv2d
        bn = nn.BatchNorm3d if dims == 3 else nn.BatchNorm2d
        if dims == 3:
            self.conv1 = conv(in_planes, planes, (1 + 2 * temporal, 1, 1), padding=(temporal, 0, 0), bias=False)
            self.conv2 = conv(planes, planes, (1, 3, 3), stride=(1, stride, stride), padding=(0, 1, 1), bias=False)
        else:
            self.conv1 = conv(in_planes, planes, 1, bias=False)
            self.conv2 = conv(planes, planes, 3, stride=stride, padding=1, bias=False)
        self.bn1, self.bn2 = bn(planes), bn(planes)
        self.conv3 = conv(planes, planes * 4, 1, bias=False)
        self.bn3 = bn(planes * 4)
        self.downsample = None
        if projection:
            s = (1, stride, stride) if dims == 3 else stride
            self.downsample = nn.Sequential(conv(in_planes, planes * 4, 1, stride=s, bias=False), bn(planes * 4))

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        out = torch.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return torch.relu(out + (self.downsample(x) if self.downsample is not None else x))


class Backbone(nn.Module):
    TEMPORAL = [[1, 1, 1], [1, 0, 1, 0], [1, 0, 1, 0, 1, 0], [0, 1, 0]]

    def __init__(self, dims):
        super().__init__()
        self.dims = dims
        if dims == 3:
            self.conv1 = nn.Conv3d(3, 64, (5, 7, 7), stride=2, padding=(2, 3, 3), bias=False)
            self.bn1 = nn.BatchNorm3d(64)
        else:
            self.conv1 = nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False)
            self.bn1 = nn.BatchNorm2d(64)
        in_planes = 64
        for index, (planes, stride) in enumerate([(64, 1), (128, 2), (256, 2), (512, 2)]):
            blocks = []
            for block, temporal in enumerate(self.TEMPORAL[index]):
                blocks.append(Bottleneck(dims, in_planes, planes, stride if block == 0 else 1,
                                         temporal if dims == 3 else 0, block == 0))
                in_planes = planes * 4
            setattr(self, "layer%d" % (index + 1), nn.Sequential(*blocks))

    def forward(self, x):
        x = torch.relu(self.bn1(self.conv1(x)))
        if self.dims == 3:
            x = nn.functional.max_pool3d(x, (2, 3, 3), (2, 2, 2))
            x = self.layer1(x)
            x = nn.functional.max_pool3d(x, (2, 1, 1), (2, 1, 1))
        else:
            x = nn.functional.max_pool2d(x, 3, 2, 1)
            x = self.layer1(x)
        x = self.layer4(self.layer3(self.layer2(x)))
        return x.mean(dim=tuple(range(2, x.dim())))


RTFM_SOURCE = (96, 72)
RTFM_FRAMES = 5


def rtfmSnippet():
    """[1, 3, 16, 224, 224]: the rtfm preset's centre-crop input for RTFM_FRAMES hashed frames."""
    import sys

    import torchvision.transforms as T
    from PIL import Image

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from make_preprocess_goldens import hashedImage, loopPadding, rtfmTensor, seedFor

    width, height = RTFM_SOURCE
    crops = []
    for t in range(RTFM_FRAMES):
        image = Image.fromarray(hashedImage(width, height, seedFor(width, height) + t), "RGB")
        crops.append(rtfmTensor(T.CenterCrop(224)(T.Resize(256)(image))))
    frames = [crops[i] for i in loopPadding(range(RTFM_FRAMES), 16)]
    return torch.from_numpy(np.stack(frames, axis=1)[None])  # [1, 3, T, H, W]


def writeRtfmFeatures():
    model = Backbone(3).eval()
    fill(model)
    with torch.no_grad():
        features = model(rtfmSnippet())
    features.numpy().astype("<f4").tofile(os.path.join(OUT, "i3d_r50_rtfm.f32"))
    print("i3d_r50_rtfm", tuple(features.shape), "max abs", float(features.abs().max()))


def main():
    torch.set_num_threads(2)
    cases = {"i3d_r50": (3, (1, 3, 16, 64, 64)), "resnet50": (2, (2, 3, 64, 64))}
    for name, (dims, shape) in cases.items():
        model = Backbone(dims).eval()
        fill(model)
        x = torch.from_numpy(formula_values(int(np.prod(shape)), 12345)).view(shape)
        with torch.no_grad():
            features = model(x)
        features.numpy().astype("<f4").tofile(os.path.join(OUT, name + ".f32"))
        print(name, tuple(features.shape), "max abs", float(features.abs().max()))
    writeRtfmFeatures()


if __name__ == "__main__":
    main()
