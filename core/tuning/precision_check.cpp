#include "core/tuning/precision_check.h"

namespace vigil::tuning {

std::string precisionProblem(Precision precision, const CpuInfo& cpu, ComputeDevice device)
{
    if (precision == Precision::Fp32)
        return {};
    if (device != ComputeDevice::Cpu)
        return "bf16 runs on the CPU only (its kernels are oneDNN's)";
    if (cpu.bf16Flags.empty())
        return "this CPU (" + cpu.model
            + ") has no native bfloat16 instructions (no avx512_bf16 or amx_bf16 in "
              "/proc/cpuinfo), and emulated bf16 runs slower than fp32";
    return {};
}

std::string precisionOptionError(
    Precision precision, const std::string& problem, ComputeDevice device)
{
    std::string error
        = "--precision " + toString(precision) + ": " + problem + "; use --precision fp32";
    if (device != ComputeDevice::Cpu)
        error += " with --device " + toString(device);
    return error;
}

} // namespace vigil::tuning
