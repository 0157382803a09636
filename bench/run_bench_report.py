#!/usr/bin/python3
"""The tables of bench/run_bench.sh, read from the logs one run left in its work folder.

  run_bench_report.py WORK REPEATS LONG_FACTOR BF16

BF16 is 1 when the run measured --precision bf16 (the CPU has avx512_bf16 or amx_bf16), else 0:
the bf16 rows then say "not measured: no native bf16". Ratios are taken within one repeat (the
same minute of a shared machine), then the best repeat is kept. Prints Markdown to stdout.
"""
import json
import re
import sys

import numpy as np

work, repeats, long_factor, has_bf16 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
R = range(1, repeats + 1)
I3D_BATCH1 = "BM_I3dResNet50/batch:1/tuning:3/iterations:3/real_time"
I3D_CAL = [f"BM_I3dResNet50/batch:{b}/tuning:4/iterations:3/real_time" for b in (1, 2, 4)]
I3D_BF16 = [f"BM_I3dResNet50/batch:{b}/tuning:5/iterations:3/real_time" for b in (1, 2, 4)]
FIRST_SNIPPET = re.compile(r"first snippet at the network: ([\d.]+) s after start")
NO_BF16 = "not measured: no native bf16"


def text(name): return open(f"{work}/{name}").read()


def rss_mb(name): return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text(name + ".time")).group(1)) / 1024


def profile(name):
    t = text(name)
    return {"wall": float(re.search(r"\n  wall +([\d.]+)", t).group(1)),
            "snippets_per_s": float(re.search(r"snippets/s ([\d.]+)", t).group(1)),
            "gflops": float(re.search(r"GFLOP/s ([\d.]+) over", t).group(1)),
            "inputs_per_s": float(re.search(r"network inputs/s ([\d.]+)", t).group(1)),
            "snippets": int(re.search(r"(\d+) snippets,", t).group(1)),
            "network_waits": float(re.search(r"network waits \(queue empty\) +([\d.]+)", t).group(1))}


def py(name): return json.loads(text(name).strip().splitlines()[-1])


def bench(name, r):
    out = {}
    for b in json.load(open(f"{work}/{name}.{r}.json"))["benchmarks"]:
        if b.get("error_occurred"):
            continue
        out[b["name"]] = {"items_per_s": b.get("items_per_second", 0.0), "gflops": b["GFLOP/s"],
                          "peak": b.get("peak_GFLOP/s", 0.0), "fma": b.get("fma_peak_GFLOP/s", 0.0),
                          "label": b.get("label", "")}
    return out


def elapsed_s(name):  # the whole process, from /usr/bin/time -v
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", text(name + ".time"))
    return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))


def cpu_s(name):
    t = text(name + ".time")
    return float(re.search(r"User time \(seconds\): ([\d.]+)", t).group(1)) + float(re.search(r"System time \(seconds\): ([\d.]+)", t).group(1))


def verdict(goal, ok): return f"{goal} {'met' if ok else 'NOT met'}"


best = max
small = best(profile(f"vigil-small.{r}")["snippets_per_s"] for r in R)
hd = best(profile(f"vigil-hd.{r}")["snippets_per_s"] for r in R)
pyocv = best(py(f"py-opencv.{r}")["snippets_per_s"] for r in R)
pyjpeg = best(py(f"py-jpeg.{r}")["snippets_per_s"] for r in R)
small_snippets = profile("vigil-small.1")["snippets"]
hd_snippets = profile("vigil-hd.1")["snippets"]
nets = [bench("bench-net", r) for r in R]
i3d = best(n[I3D_BATCH1]["items_per_s"] for n in nets)
i3d_gf = best(n[I3D_BATCH1]["gflops"] for n in nets)
r50 = best(n["BM_ResNet50/batch:4/tuning:3/iterations:3/real_time"]["items_per_s"] for n in nets)
r50_plain = best(n["BM_ResNet50/batch:4/tuning:0/iterations:3/real_time"]["items_per_s"] for n in nets)
cal_gf = [max(n[k]["gflops"] for k in I3D_CAL) for n in nets]  # calibrated, at its best batch
peaks = [n["BM_GemmPeak/1024/iterations:1"]["peak"] for n in nets]
share = [g / p for g, p in zip(cal_gf, peaks)]  # each within one repeat
fmas = [n["BM_FmaPeak/iterations:1"]["fma"] for n in nets]
fma_isa = nets[0]["BM_FmaPeak/iterations:1"]["label"]
fma_share = [g / f if f > 0 else 0.0 for g, f in zip(cal_gf, fmas)]
whole_small = [elapsed_s(f"py-opencv.{r}") / elapsed_s(f"vigil-small.{r}") for r in R]
whole_hd = [elapsed_s(f"py-jpeg.{r}") / elapsed_s(f"vigil-hd.{r}") for r in R]
ten = [profile(f"vigil-ten.{r}")["inputs_per_s"] / profile(f"vigil-small.{r}")["inputs_per_s"] for r in R]
py_i3d_gf = best(py(f"{n}.{r}")["gflops"] for r in R for n in ["py-i3d", "py-i3d2"])  # eager at its best batch
py_r50 = best(py(f"py-r50.{r}")["inputs_per_s"] for r in R)
py_r50cl = best(py(f"py-r50cl.{r}")["inputs_per_s"] for r in R)
rss_short = min(rss_mb(f"vigil-small.{r}") for r in R)
rss_long = rss_mb("vigil-long")
ours = np.load(f"{work}/features/small.npy"); ref = np.load(f"{work}/py-opencv.npy"); jpg = np.load(f"{work}/py-jpeg.npy")
rel = float(np.abs(ours - ref).max() / np.abs(ref).max())
if has_bf16:
    bf16_gf = [max(n[k]["gflops"] for k in I3D_BF16 if k in n) for n in nets]  # at its best batch
    bf16_batch1_gf = best(n[I3D_BF16[0]]["gflops"] for n in nets)
    bf16_vs_fp32 = [b / c for b, c in zip(bf16_gf, cal_gf)]
    bf16_fma_share = [b / f if f > 0 else 0.0 for b, f in zip(bf16_gf, fmas)]
    whole_small_bf16 = [elapsed_s(f"py-opencv.{r}") / elapsed_s(f"vigil-small-bf16.{r}") for r in R]
    whole_hd_bf16 = [elapsed_s(f"py-jpeg.{r}") / elapsed_s(f"vigil-hd-bf16.{r}") for r in R]

print()
print("| measure | Vigil | Python | ratio | goal |")
print("|---|---|---|---|---|")


def row(name, a, b, unit, goal, ok):
    print(f"| {name} | {a:.2f} {unit} | {b:.2f} {unit} | {a / b:.2f}x | {verdict(goal, ok)} |")


print(f"| 1. pipelining: analyze 320x240 vs backbone alone | {small:.2f} snippets/s | (backbone alone {i3d:.2f}) | {small / i3d:.0%} | {verdict('>= 95%', small / i3d >= 0.95)} |")
print(f"| 1. pipelining: analyze 1280x720 vs backbone alone | {hd:.2f} snippets/s | (backbone alone {i3d:.2f}) | {hd / i3d:.0%} | {verdict('>= 95%', hd / i3d >= 0.95)} |")
print(f"| 2. I3D-ResNet-50 GFLOP/s (Vigil batch 1 as the pipeline runs it; eager at its best of batch 1 and 2) | {i3d_gf:.1f} | {py_i3d_gf:.1f} | {i3d_gf / py_i3d_gf:.2f}x | {verdict('>= 150 GFLOP/s and 1.3x', i3d_gf >= 150 and i3d_gf / py_i3d_gf >= 1.3)} |")
row("2. ResNet-50 images/s (batch 4) vs eager NCHW", r50, py_r50, "img/s", ">= 1.3x", r50 / py_r50 >= 1.3)
row("2. ResNet-50 images/s (batch 4) vs eager channels-last", r50, py_r50cl, "img/s", "(info)", True)
row("3. end to end 320x240 vs OpenCV + eager", small, pyocv, "snippets/s", ">= 1.5x", small / pyocv >= 1.5)
row("3. end to end 1280x720 vs JPEG + PIL (RTFM)", hd, pyjpeg, "snippets/s", ">= 2.5x", hd / pyjpeg >= 2.5)
b = max(R, key=lambda r: share[r - 1])
print(f"| 5. I3D-ResNet-50 (calibrated) vs float32 GEMM peak, same repeat | {cal_gf[b - 1]:.1f} GFLOP/s | (GEMM {peaks[b - 1]:.1f} GFLOP/s) | {share[b - 1]:.0%} | {verdict('>= 75%', share[b - 1] >= 0.75)} |")
bf = max(R, key=lambda r: fma_share[r - 1])
if fmas[bf - 1] > 0:
    print(f"| 1. I3D-ResNet-50 fp32 (calibrated) vs the CPU's FMA peak ({fma_isa}, own kernel), same repeat | {cal_gf[bf - 1]:.1f} GFLOP/s | (FMA {fmas[bf - 1]:.1f} GFLOP/s) | {fma_share[bf - 1]:.0%} | {verdict('>= 45%', fma_share[bf - 1] >= 0.45)} |")
else:
    print("| 1. I3D-ResNet-50 vs the CPU's FMA peak | not measured: no AVX2+FMA or AVX-512 | | | >= 45% not measured |")
if has_bf16:
    rb = max(R, key=lambda r: bf16_vs_fp32[r - 1])
    print(f"| 2. I3D-ResNet-50 bf16 vs fp32 (each at its best of batch 1, 2, 4; fp32 calibrated), same repeat | {bf16_gf[rb - 1]:.1f} GFLOP/s | (fp32 {cal_gf[rb - 1]:.1f} GFLOP/s) | {bf16_vs_fp32[rb - 1]:.2f}x | {verdict('>= 1.8x', bf16_vs_fp32[rb - 1] >= 1.8)} |")
    if fmas[0] > 0:
        rf = max(R, key=lambda r: bf16_fma_share[r - 1])
        print(f"| 2. I3D-ResNet-50 bf16 vs the CPU's float32 FMA peak ({fma_isa}; GFLOP counted as float32's), same repeat | {bf16_gf[rf - 1]:.1f} GFLOP/s | (FMA {fmas[rf - 1]:.1f} GFLOP/s) | {bf16_fma_share[rf - 1]:.0%} | (info: no goal; bf16 dot products can pass 100%) |")
    else:
        print("| 2. I3D-ResNet-50 bf16 vs the CPU's FMA peak | not measured: no AVX2+FMA or AVX-512 | | | (info) |")
else:
    print(f"| 2. I3D-ResNet-50 bf16 vs fp32 | {NO_BF16} | | | >= 1.8x not measured |")
    print(f"| 2. I3D-ResNet-50 bf16 vs the CPU's FMA peak | {NO_BF16} | | | (info) |")
print(f"| 4. whole process fp32 320x240, {small_snippets} snippets, vs OpenCV + eager (start, loading included) | {min(elapsed_s(f'vigil-small.{r}') for r in R):.2f} s | {min(elapsed_s(f'py-opencv.{r}') for r in R):.2f} s | {max(whole_small):.2f}x | {verdict('>= 2.2x', max(whole_small) >= 2.2)} |")
print(f"| 4. whole process fp32 1280x720, {hd_snippets} snippets, vs JPEG + PIL (start, loading included) | {min(elapsed_s(f'vigil-hd.{r}') for r in R):.2f} s | {min(elapsed_s(f'py-jpeg.{r}') for r in R):.2f} s | {max(whole_hd):.2f}x | {verdict('>= 2.5x', max(whole_hd) >= 2.5)} |")
if has_bf16:
    print(f"| 4. whole process bf16 320x240, {small_snippets} snippets, vs OpenCV + eager fp32 | {min(elapsed_s(f'vigil-small-bf16.{r}') for r in R):.2f} s | {min(elapsed_s(f'py-opencv.{r}') for r in R):.2f} s | {max(whole_small_bf16):.2f}x | {verdict('>= 3.5x', max(whole_small_bf16) >= 3.5)} |")
    print(f"| 4. whole process bf16 1280x720, {hd_snippets} snippets, vs JPEG + PIL fp32 | {min(elapsed_s(f'vigil-hd-bf16.{r}') for r in R):.2f} s | {min(elapsed_s(f'py-jpeg.{r}') for r in R):.2f} s | {max(whole_hd_bf16):.2f}x | {verdict('>= 4x', max(whole_hd_bf16) >= 4)} |")
else:
    print(f"| 4. whole process bf16 320x240 vs OpenCV + eager | {NO_BF16} | | | >= 3.5x not measured |")
    print(f"| 4. whole process bf16 1280x720 vs JPEG + PIL | {NO_BF16} | | | >= 4x not measured |")
print(f"| 4. ten crops per crop vs centre crop (network inputs/s, 320x240) | {best(profile(f'vigil-ten.{r}')['inputs_per_s'] for r in R):.2f} inputs/s | (centre {small:.2f}) | {max(ten):.0%} | {verdict('>= 100%', max(ten) >= 1)} |")
print(f"| 4. peak RSS, {long_factor}x longer video | {rss_long:.0f} MB | (short: {rss_short:.0f} MB) | {rss_long / rss_short - 1:+.1%} | {verdict('<= +10%', rss_long <= 1.1 * rss_short)} |")

# Start-up: bench/startup_time.py's best of its runs, the best repeat; the first snippet from
# --profile's line, where the build prints it.
for command in ["help", "models-list"]:
    s = min(json.loads(text(f"startup-{command}.{r}"))["best_s"] for r in R)
    label = {"help": "vigil --help", "models-list": "vigil models list"}[command]
    print(f"| start-up: `{label}` wall time (best of {json.loads(text(f'startup-{command}.1'))['runs']}) | {s:.3f} s | | | {verdict('<= 0.15 s', s <= 0.15)} |")
firsts = [float(m.group(1)) for r in R if (m := FIRST_SNIPPET.search(text(f"vigil-small.{r}")))]
if firsts:
    print(f"| start-up: first snippet reaches the network, after process start (320x240) | {min(firsts):.2f} s | | | {verdict('<= 0.5 s', min(firsts) <= 0.5)} |")
else:
    print("| start-up: first snippet reaches the network, after process start | not measured (needs a profile line) | | | <= 0.5 s not measured |")

print()
print("per repeat: I3D calibrated / FMA peak " + ", ".join(f"{c:.1f}/{f:.1f} = {x:.0%}" for c, f, x in zip(cal_gf, fmas, fma_share)))
print("per repeat: I3D calibrated / GEMM peak " + ", ".join(f"{c:.1f}/{p:.1f} = {x:.0%}" for c, p, x in zip(cal_gf, peaks, share))
      + "; whole process 1280x720 " + ", ".join(f"{x:.2f}x" for x in whole_hd) + "; 320x240 " + ", ".join(f"{x:.2f}x" for x in whole_small)
      + "; ten crops per crop " + ", ".join(f"{x:.0%}" for x in ten))
if has_bf16:
    print("per repeat, bf16: backbone bf16/fp32 " + ", ".join(f"{b:.1f}/{c:.1f} = {x:.2f}x" for b, c, x in zip(bf16_gf, cal_gf, bf16_vs_fp32))
          + f" (bf16 at batch 1, as analyze runs it: best {bf16_batch1_gf:.1f} GFLOP/s)"
          + "; whole process 1280x720 " + ", ".join(f"{x:.2f}x" for x in whole_hd_bf16)
          + "; 320x240 " + ", ".join(f"{x:.2f}x" for x in whole_small_bf16))
names = ["vigil-small", "py-opencv", "vigil-hd", "py-jpeg", "vigil-ten"] + (["vigil-small-bf16", "vigil-hd-bf16"] if has_bf16 else [])
print("elapsed s (whole process): " + ", ".join(f"{n} {min(elapsed_s(f'{n}.{r}') for r in R):.2f}" for n in names)
      + f"; the calibration run before the repeats (measures only when nothing is cached), 48 frames: {elapsed_s('vigil-first-use'):.2f} s")
vigil_runs = ["vigil-small", "vigil-hd"] + (["vigil-small-bf16", "vigil-hd-bf16"] if has_bf16 else [])
print("outside the pipeline (whole process elapsed - --profile's wall: start, loading, writing), best repeat: "
      + ", ".join(f"{n} {min(elapsed_s(f'{n}.{r}') - profile(f'{n}.{r}')['wall'] for r in R):.2f} s" for n in vigil_runs))
print(f"ResNet-50 plain (BatchNorm, NCHW) in Vigil: {r50_plain:.2f} img/s; folded + blocked layout: {r50:.2f} img/s")
steps = min(len(jpg), len(ours))  # the 1280x720 video may be shorter: its first snippets
print(f"features: vigil vs OpenCV pipeline max |diff| / max |ref| = {rel:.2e}; JPEG pipeline (1280x720) vs vigil (320x240), "
      f"first {steps} snippets = {float(np.abs(jpg[:steps] - ours[:steps]).max() / np.abs(ours[:steps]).max()):.2e} (JPEG is lossy)")
print("peak RSS MB: " + ", ".join(f"{n} {min(rss_mb(f'{n}.{r}') for r in R):.0f}" for n in ["vigil-small", "vigil-hd", "py-opencv", "py-jpeg"]) + f", vigil-long {rss_long:.0f}")
print("CPU s (user+sys, whole process incl. loading; less disturbed by other load than wall time): "
      + ", ".join(f"{n} {min(cpu_s(f'{n}.{r}') for r in R):.1f}" for n in names[:4] + names[5:]))
print("start-up s per repeat (best of each): " + "; ".join(
    f"{c} " + ", ".join(f"{json.loads(text(f'startup-{c}.{r}'))['best_s']:.3f}" for r in R) for c in ["help", "models-list"]))


def per_repeat(name):
    return ", ".join(f"{profile(f'{name}.{r}')['snippets_per_s'] / nets[r - 1][I3D_BATCH1]['items_per_s']:.0%}" for r in R)


print(f"goal 1 within each repeat (analyze / backbone alone of the same repeat): 320x240 {per_repeat('vigil-small')}; 1280x720 {per_repeat('vigil-hd')}")
print(f"network waiting on the queue: 320x240 {min(profile(f'vigil-small.{r}')['network_waits'] for r in R):.2f} s, 1280x720 {min(profile(f'vigil-hd.{r}')['network_waits'] for r in R):.2f} s")
