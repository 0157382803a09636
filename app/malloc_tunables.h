#pragma once
// How glibc's malloc serves the program, set by the front just before it executes the program:
// GLIBC_TUNABLES is read once, as a process starts. Loading the backbone allocates and fills
// ~110 MB several times over (read, checked, folded, reordered), and by default each of those
// large blocks is a fresh mmap whose pages the kernel zeroes and faults in one 4 KiB page at a
// time, which a virtual machine pays dearly for; every forward pass then does the same with its
// activations. So the program asks for
//   glibc.malloc.hugetlb=1              transparent huge pages for malloc's memory (madvise),
//   glibc.malloc.mmap_threshold=32 MiB  blocks below it come from the heap, and are reused,
//   glibc.malloc.trim_threshold=256 MiB up to this much freed memory stays for the next block.
// On the 2-core EPYC of docs/measurements (THP "madvise"), the I3D engine loaded from a file in
// 0.14 s after main() with the three, 0.7 s with huge pages alone and 1.2 s with none; the peak
// RSS of an analysis stayed within 5 %.
// A tunable the user set is kept, e.g. GLIBC_TUNABLES=glibc.malloc.hugetlb=0.

#include <string>
#include <string_view>

namespace vigil::app {

// `current` (GLIBC_TUNABLES, "name=value:name=value") with each of the tunables above added
// unless it sets that tunable already, or `current` alone when the whole would be longer than
// Linux lets one environment string be (128 KiB).
std::string withMallocTunables(std::string_view current);

// Sets GLIBC_TUNABLES in this process's environment for the program it executes next.
void setMallocTunables();

} // namespace vigil::app
