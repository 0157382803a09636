#include "core/tuning/precision_check.h"

namespace vigil::tuning {

std::string precisionProblem(Precision precision, const CpuInfo& cpu, ComputeDevice device)
{
    if (precision == Precision::Fp32)
        return {};
    if (device != ComputeDevice::Cpu)
        return "bf16 runs on the CPU only (its kernels are oneDNN's); use --precision fp32 with "
               "--device "
            + toString(device);
    if (cpu.bf16Flags.empty())
        return "this CPU (" + cpu.model
            + ") has no native bfloat16 instructions (no avx512_bf16 or amx_bf16 in "
              "/proc/cpuinfo), and emulated bf16 runs slower than fp32; use --precision fp32";
    return {};
}

} // namespace vigil::tuning
