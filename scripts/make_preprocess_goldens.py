#!/usr/bin/python3
"""Writes the golden files under tests/data/preprocess/ that core/preprocess is checked against.

Run with Debian's interpreter (it has Pillow 9.4, NumPy and torch):

    /usr/bin/python3 scripts/make_preprocess_goldens.py

Inputs are not stored: every test image comes from hashedImage() below, which the C++ tests
reimplement (golden::hashedImage in tests/unit/core/pil_resize_test.cpp). Outputs are raw
little-endian arrays with no header; the C++ tests know their shapes. Large outputs keep only a
grid of rows and columns (every `step`-th index plus the last) to keep the files small; the
algorithms are size-independent, so small images at the real scale ratios carry most of the
checking.

The ResNet-50 eval transform (Resize(256), CenterCrop(224), ToTensor(), Normalize()) is spelled
out below with the same PIL and torch calls torchvision makes. The rtfm preset's goldens call
Debian's python3-torchvision itself (transforms.Resize, TenCrop, CenterCrop, Normalize), so they
check Vigil against the library RTFM's author named, not against a restatement of it.
"""

from pathlib import Path

import numpy as np
import torch
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "preprocess"

# (source w, h, target w, h, grid step). Same ratios as the real inputs: 160x120 -> 170x128 is
# 320x240 -> 340x256 halved, 192x144 -> 85x64 is 768x576 -> 340x256 quartered.
RESIZE_CASES = [
    (33, 17, 20, 11, 1),
    (33, 17, 50, 29, 1),
    (33, 17, 33, 9, 1),  # width unchanged: no horizontal pass
    (33, 17, 17, 17, 1),  # height unchanged: no vertical pass
    (33, 17, 33, 17, 1),  # unchanged: a copy
    (40, 30, 34, 26, 1),
    (7, 5, 64, 3, 1),
    (300, 2, 3, 1, 1),
    (160, 120, 170, 128, 1),
    (192, 144, 85, 64, 1),
    (320, 240, 340, 256, 3),
    (768, 576, 340, 256, 3),
]
FILTERS = {"bilinear": Image.BILINEAR, "lanczos": Image.LANCZOS}

# ResNet-50 eval transform: sources chosen so the centre crop offset is a .5 (Python rounds half
# to even: 58.5 -> 58, 64.5 -> 64) and one source is portrait.
RESNET_CASES = [(320, 240), (768, 576), (250, 181), (181, 250)]
RESNET_STEP = 7
IMAGENET_MEAN = [0.485, 0.456, 0.406]
IMAGENET_STD = [0.229, 0.224, 0.225]

# I3D snippet path: one 320x240 frame, ten crops, T = 1.
I3D_SOURCE = (320, 240)
I3D_STEP = 16
I3D_BOXES = [(0, 0), (0, 116), (16, 58), (32, 0), (32, 116)]  # (top, left) on 256x340


def seedFor(width, height):
    return width * 1000 + height


def hashedImage(width, height, seed):
    """H x W x 3 uint8: noisy 4x4 blocks on a checkerboard, a wrapping gradient elsewhere."""
    index = np.arange(width * height * 3, dtype=np.uint64)
    x = (index * np.uint64(0x9E3779B9) + np.uint64(seed)) & np.uint64(0xFFFFFFFF)
    x ^= x >> np.uint64(16)
    x = (x * np.uint64(0x7FEB352D)) & np.uint64(0xFFFFFFFF)
    x ^= x >> np.uint64(15)
    x = (x * np.uint64(0x846CA68B)) & np.uint64(0xFFFFFFFF)
    x ^= x >> np.uint64(16)
    noise = (x & np.uint64(255)).reshape(height, width, 3)
    yy, xx, cc = np.meshgrid(
        np.arange(height), np.arange(width), np.arange(3), indexing="ij"
    )
    gradient = (xx * 5 + yy * 3 + cc * 40) & 255
    isNoise = ((xx // 4 + yy // 4) % 2) == 0
    return np.where(isNoise, noise, gradient).astype(np.uint8)


def gridIndices(size, step):
    indices = list(range(0, size, step))
    if indices[-1] != size - 1:
        indices.append(size - 1)
    return np.array(indices)


def writeResizeGoldens():
    for sw, sh, dw, dh, step in RESIZE_CASES:
        image = Image.fromarray(hashedImage(sw, sh, seedFor(sw, sh)), "RGB")
        for name, pilFilter in FILTERS.items():
            out = np.asarray(image.resize((dw, dh), pilFilter))
            out = out[gridIndices(dh, step)][:, gridIndices(dw, step)]
            path = OUT / f"resize_{name}_{sw}x{sh}_to_{dw}x{dh}.u8"
            path.write_bytes(np.ascontiguousarray(out).tobytes())


def resnetTransform(image):
    """torchvision Resize(256), CenterCrop(224), ToTensor(), Normalize(ImageNet) on a PIL image."""
    w, h = image.size
    short, long = (w, h) if w <= h else (h, w)
    newShort, newLong = 256, int(256 * long / short)
    newW, newH = (newShort, newLong) if w <= h else (newLong, newShort)
    if (newW, newH) != (w, h):
        image = image.resize((newW, newH), Image.BILINEAR)
    top = int(round((newH - 224) / 2.0))
    left = int(round((newW - 224) / 2.0))
    image = image.crop((left, top, left + 224, top + 224))
    tensor = torch.from_numpy(np.array(image, np.uint8, copy=True))
    tensor = tensor.view(224, 224, 3).permute((2, 0, 1)).contiguous()
    tensor = tensor.to(dtype=torch.float32).div(255)
    mean = torch.as_tensor(IMAGENET_MEAN, dtype=torch.float32).view(-1, 1, 1)
    std = torch.as_tensor(IMAGENET_STD, dtype=torch.float32).view(-1, 1, 1)
    return tensor.sub_(mean).div_(std).numpy()


def writeResnetGoldens():
    for sw, sh in RESNET_CASES:
        image = Image.fromarray(hashedImage(sw, sh, seedFor(sw, sh)), "RGB")
        out = resnetTransform(image)
        grid = gridIndices(224, RESNET_STEP)
        out = out[:, grid][:, :, grid].astype(np.float32)
        (OUT / f"resnet_{sw}x{sh}.f32").write_bytes(np.ascontiguousarray(out).tobytes())


def i3dScale(pixels):
    return (pixels.astype(np.float64) * 2 / 255 - 1).astype(np.float32)


def writeI3dGoldens():
    (OUT / "i3d_scale_table.f32").write_bytes(i3dScale(np.arange(256, dtype=np.uint8)).tobytes())
    sw, sh = I3D_SOURCE
    image = Image.fromarray(hashedImage(sw, sh, seedFor(sw, sh)), "RGB")
    frame = i3dScale(np.asarray(image.resize((340, 256), Image.LANCZOS)))
    crops = []
    for isFlipped in (False, True):
        source = frame[:, ::-1] if isFlipped else frame
        for top, left in I3D_BOXES:
            crops.append(source[top : top + 224, left : left + 224].transpose(2, 0, 1))
    out = np.stack(crops)[:, :, None]  # [10, 3, T=1, 224, 224]
    grid = gridIndices(224, I3D_STEP)
    out = out[:, :, :, grid][:, :, :, :, grid]
    (OUT / f"i3d_ten_crop_{sw}x{sh}.f32").write_bytes(np.ascontiguousarray(out).tobytes())


# rtfm preset (PROTOCOL.md "Preprocessing presets"): torchvision Resize(256) on PIL images, then
# TenCrop(224) / CenterCrop(224), then (v - 114.75) / 57.375 on the 0..255 float32 tensor.
# Sources: landscape 4:3 (341 wide: a .5 centre offset, rounded half to even), portrait, a
# wide 33x17 and one already 256 high (Resize keeps it as it is).
RTFM_RESIZE_CASES = [(320, 240, 5), (181, 250, 5), (33, 17, 5), (300, 256, 5)]
RTFM_CROP_SOURCES = [(320, 240), (181, 250)]
RTFM_STEP = 16
RTFM_MEAN, RTFM_STD = 114.75, 57.375


def rtfmResize(image):
    import torchvision.transforms as T

    return T.Resize(256)(image)  # PIL in, PIL out: Image.resize(..., BILINEAR)


def rtfmTensor(crop):
    """A PIL crop as the [3, 224, 224] float32 tensor of 0..255 values, normalised."""
    import torchvision.transforms as T

    tensor = torch.from_numpy(np.array(crop, np.uint8, copy=True)).permute(2, 0, 1).float()
    return T.Normalize([RTFM_MEAN] * 3, [RTFM_STD] * 3)(tensor).numpy()


def loopPadding(frameIndices, size):
    """3D-ResNets-PyTorch's LoopPadding, as RTFM's I3D extractor pads a short clip."""
    out = list(frameIndices)
    for index in out:
        if len(out) >= size:
            break
        out.append(index)
    return out


def writeRtfmGoldens():
    import torchvision.transforms as T

    table = (np.arange(256, dtype=np.float32) - np.float32(RTFM_MEAN)) / np.float32(RTFM_STD)
    check = rtfmTensor(Image.fromarray(np.arange(256, dtype=np.uint8).reshape(16, 16, 1).repeat(3, 2)))
    assert np.array_equal(check[0].reshape(-1), table)  # the table is what Normalize computes
    (OUT / "rtfm_normalize_table.f32").write_bytes(table.astype("<f4").tobytes())
    for sw, sh, step in RTFM_RESIZE_CASES:
        image = Image.fromarray(hashedImage(sw, sh, seedFor(sw, sh)), "RGB")
        out = np.asarray(rtfmResize(image))
        dh, dw = out.shape[:2]
        out = out[gridIndices(dh, step)][:, gridIndices(dw, step)]
        path = OUT / f"rtfm_resize_{sw}x{sh}_to_{dw}x{dh}.u8"
        path.write_bytes(np.ascontiguousarray(out).tobytes())
    grid = gridIndices(224, RTFM_STEP)
    for sw, sh in RTFM_CROP_SOURCES:
        image = rtfmResize(Image.fromarray(hashedImage(sw, sh, seedFor(sw, sh)), "RGB"))
        for name, crops in (("ten", T.TenCrop(224)(image)), ("center", [T.CenterCrop(224)(image)])):
            out = np.stack([rtfmTensor(crop) for crop in crops])  # [crops, 3, 224, 224]
            out = out[:, :, grid][:, :, :, grid]
            (OUT / f"rtfm_{name}_crop_{sw}x{sh}.f32").write_bytes(
                np.ascontiguousarray(out).astype("<f4").tobytes()
            )
    # For clips of 1..16 frames, the 16 frame indices LoopPadding gives, as bytes.
    pads = [loopPadding(range(n), 16) for n in range(1, 17)]
    (OUT / "rtfm_loop_padding.u8").write_bytes(np.array(pads, np.uint8).tobytes())


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    writeResizeGoldens()
    writeResnetGoldens()
    writeI3dGoldens()
    writeRtfmGoldens()
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"wrote {len(list(OUT.iterdir()))} files, {total} bytes, to {OUT}")


if __name__ == "__main__":
    main()
