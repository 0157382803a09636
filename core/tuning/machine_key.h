#pragma once
// What a calibration is valid for: the CPU (model name and the vector extensions oneDNN picks
// its kernels by), the LibTorch version, the backbone and the thread count the run may use. A
// calibration cached under one key is never used under another, so a new CPU, a LibTorch
// upgrade or a different --threads measures again. Plain values; readCpuInfo() reads /proc.

#include <string>
#include <string_view>

namespace vigil::tuning {

struct CpuInfo {
    std::string model; // /proc/cpuinfo "model name", e.g. "AMD EPYC"; "unknown CPU" if absent
    std::string vectorFlags; // "avx512", "avx2" or "sse" (the best the first CPU lists)
    // The native bfloat16 instructions it lists ("avx512_bf16", "amx_bf16", both), or "".
    std::string bf16Flags;
};

// Parses the text of /proc/cpuinfo (the first processor's entries).
CpuInfo parseCpuInfo(std::string_view procCpuinfo);
// This machine: /proc/cpuinfo, or the file $VIGIL_CPUINFO names (a saved copy of another
// machine's, to see what Vigil decides there; the tests' CPU without bf16). Unreadable: "unknown
// CPU", "sse", no bf16, and the file is reported as ignored (a FIFO, a device or a folder is
// never waited on or read; only the first MiB of a file is read).
CpuInfo readCpuInfo();

struct MachineKey {
    CpuInfo cpu;
    std::string libtorchVersion;
    std::string backbone; // toString(BackboneKind)
    int threads = 1; // the most threads the run may use

    // One line, e.g. "AMD EPYC | avx512 | libtorch 1.13.0 | i3d-r50 | 2 threads".
    std::string text() const;
};

} // namespace vigil::tuning
