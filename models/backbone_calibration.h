#pragma once
// The measuring half of the backbone calibration (the choosing half is core/tuning): times real
// forward passes of demo-weight networks in each candidate layout, and float32 GEMM through
// LibTorch (the BLAS and thread pool the networks use) for the machine's peak. Torch-free
// header, so app/ and bench/ can call it. Call from one thread. Only a search that may choose
// the thread count (start-up, models::setUpThreads) changes the global thread count while it
// measures, and restores it; a loader's never does (core/engine/engine.h).

#include "core/common/settings.h"
#include "core/tuning/calibration.h"

#include <string>

namespace vigil::models {

// The setup a CPU backbone of `kind` runs with at the current thread count (threadCount()):
// I3D from the calibration (cached, else measured for a few seconds, see core/tuning), with the
// environment's overrides; ResNet-50 the defaults (blocked, the whole batch per pass).
// With ThreadSearch::Fixed (every loader) the thread count is not a candidate: the search keeps
// threadCount() and never changes it, so an engine loading while another runs leaves it alone.
// Precision::Bf16 measures the bf16 network under a key of its own, so bf16 is measured only
// when a run asks for it, and a float32 run never pays for it.
enum class ThreadSearch { Fixed, Searched };
tuning::ResolvedSetup calibratedSetup(BackboneKind kind, ThreadSearch threads = ThreadSearch::Fixed,
    Precision precision = Precision::Fp32);

// The key the calibration of `kind` in `precision` is cached under on this machine.
tuning::MachineKey machineKey(BackboneKind kind, Precision precision = Precision::Fp32);
std::string libtorchVersion(); // e.g. "1.13.0"

// Best-of-`repeats` GFLOP/s of an n x n float32 matrix product (2n^3 FLOPs) on threadCount()
// threads, after one warm-up product.
double measureGemmGflops(int64_t n, int repeats);

} // namespace vigil::models
