#include "bench/fma_peak.h"

#include <immintrin.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace vigil::bench {
namespace {

template <size_t N> float sumOf(const float (&lanes)[N])
{
    float total = 0.0f;
    for (const float lane : lanes)
        total += lane;
    return total;
}

// One kernel per ISA, alike but for the register type: each needs its own target attribute, so
// that the rest of the program stays buildable and runnable on CPUs without it.
// 16 chains of 16 floats: 32 zmm registers hold them and the two operands, and 16 chains cover
// a 4-cycle FMA latency on two ports twice over. Returns a sum so nothing is optimised away.
__attribute__((target("avx512f"))) float chainsAvx512(int64_t iterations)
{
    constexpr int kChains = 16;
    __m512 acc[kChains];
    for (int k = 0; k < kChains; ++k)
        acc[k] = _mm512_set1_ps(1.0f + 0.001f * static_cast<float>(k));
    const __m512 a = _mm512_set1_ps(0.999999f);
    const __m512 b = _mm512_set1_ps(1e-7f);
    for (int64_t i = 0; i < iterations; ++i)
        for (int k = 0; k < kChains; ++k)
            acc[k] = _mm512_fmadd_ps(acc[k], a, b);
    __m512 sum = acc[0];
    for (int k = 1; k < kChains; ++k)
        sum = _mm512_add_ps(sum, acc[k]);
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, sum);
    return sumOf(lanes);
}

// 12 chains of 8 floats: 16 ymm registers hold them and the two operands.
__attribute__((target("avx2,fma"))) float chainsAvx2(int64_t iterations)
{
    constexpr int kChains = 12;
    __m256 acc[kChains];
    for (int k = 0; k < kChains; ++k)
        acc[k] = _mm256_set1_ps(1.0f + 0.001f * static_cast<float>(k));
    const __m256 a = _mm256_set1_ps(0.999999f);
    const __m256 b = _mm256_set1_ps(1e-7f);
    for (int64_t i = 0; i < iterations; ++i)
        for (int k = 0; k < kChains; ++k)
            acc[k] = _mm256_fmadd_ps(acc[k], a, b);
    __m256 sum = acc[0];
    for (int k = 1; k < kChains; ++k)
        sum = _mm256_add_ps(sum, acc[k]);
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, sum);
    return sumOf(lanes);
}

struct Kernel {
    float (*run)(int64_t);
    double flopsPerIteration; // chains x lanes x 2
    const char* isa;
};

Kernel kernelOfThisCpu()
{
    if (__builtin_cpu_supports("avx512f"))
        return { chainsAvx512, 16.0 * 16.0 * 2.0, "avx512f" };
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return { chainsAvx2, 12.0 * 8.0 * 2.0, "avx2+fma" };
    return { nullptr, 0.0, "none" };
}

// Seconds for `threads` threads to each run `iterations`, from a common start.
double timeTogether(const Kernel& kernel, int threads, int64_t iterations)
{
    std::atomic<int> ready { 0 };
    std::atomic<bool> go { false };
    std::vector<float> sinks(static_cast<size_t>(threads));
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            ready.fetch_add(1);
            while (!go.load(std::memory_order_acquire))
                std::this_thread::yield();
            sinks[static_cast<size_t>(t)] = kernel.run(iterations);
        });
    while (ready.load() < threads)
        std::this_thread::yield();
    const auto start = std::chrono::steady_clock::now();
    go.store(true, std::memory_order_release);
    for (std::thread& worker : workers)
        worker.join();
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    volatile float keep = sinks.front(); // the chains' results are used
    (void)keep;
    return elapsed.count();
}

} // namespace

FmaPeak measureFmaPeak(int threads)
{
    const Kernel kernel = kernelOfThisCpu();
    threads = std::max(threads, 1);
    if (!kernel.run)
        return { 0.0, threads, kernel.isa };
    // Size the runs to ~0.2 s from a short one, so slow and fast CPUs measure alike.
    constexpr int64_t kProbe = 2'000'000;
    const double probeS = std::max(timeTogether(kernel, threads, kProbe), 1e-4);
    const auto iterations = std::max<int64_t>(kProbe, static_cast<int64_t>(kProbe * 0.2 / probeS));
    double bestS = 1e30;
    for (int run = 0; run < 3; ++run)
        bestS = std::min(bestS, timeTogether(kernel, threads, iterations));
    const double flops = kernel.flopsPerIteration * static_cast<double>(iterations) * threads;
    return { flops / bestS / 1e9, threads, kernel.isa };
}

} // namespace vigil::bench
