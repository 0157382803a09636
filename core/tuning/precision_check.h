#pragma once
// Whether the backbone may run in the precision asked for on this CPU. bfloat16 is worth it only
// with native instructions (AVX-512 BF16 or AMX): oneDNN then runs its bf16 kernels
// (jit_bf16:avx512_core_bf16), 2-3x float32 on a 3x3x3 Conv3d here; without them it emulates
// bf16 and runs slower than float32, so it is refused instead. Pure; any thread.

#include "core/common/settings.h"
#include "core/tuning/machine_key.h"

#include <string>

namespace vigil::tuning {

// Empty when `precision` can run on `cpu`; else one sentence saying why not, in no front end's
// words (the Settings dialog shows it beside its own choices).
std::string precisionProblem(Precision precision, const CpuInfo& cpu, ComputeDevice device);

// The command line's error for such a problem: the option, the reason, and what to type instead.
std::string precisionOptionError(
    Precision precision, const std::string& problem, ComputeDevice device);

} // namespace vigil::tuning
