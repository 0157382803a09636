#pragma once
// The float32 peak of this CPU, measured with its own kernel rather than a BLAS: every thread
// runs independent chains of fused multiply-adds in the widest vector ISA the CPU has (AVX-512,
// else AVX2 with FMA), enough chains to cover the FMA latency on every FMA port. What the
// backbones reach is stated as a share of this (issue 23: "a true peak"); torch::mm on
// Debian's OpenBLAS reaches well under it.

#include <string>

namespace vigil::bench {

struct FmaPeak {
    double gflops = 0.0; // all threads together; 0 when the CPU has neither ISA
    int threads = 0;
    std::string isa; // "avx512f", "avx2+fma" or "none"
};

// Best of a few runs of about 0.2 s each, on `threads` threads started together.
FmaPeak measureFmaPeak(int threads);

} // namespace vigil::bench
