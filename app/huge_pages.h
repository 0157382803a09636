#pragma once
// The program's large allocations on transparent huge pages. glibc's malloc asks the kernel for
// them (madvise MADV_HUGEPAGE) when GLIBC_TUNABLES holds glibc.malloc.hugetlb=1; the C library
// reads that variable once, as a process starts, so the front sets it just before it executes the
// program. Loading the backbone allocates and fills ~110 MB several times (read, folded,
// reordered), and on 4 KiB pages a virtual machine pays a page fault for each of them; the
// convolutions then miss the TLB less too. On the 2-core EPYC of docs/measurements (THP
// "madvise"): the first snippet reached the network 1.9 s after start instead of 2.8 s, and I3D
// ran at 294 GFLOP/s instead of 264, with a lower peak RSS. A value the user set for the tunable
// is kept, so GLIBC_TUNABLES=glibc.malloc.hugetlb=0 turns it off.

#include <string>
#include <string_view>

namespace vigil::app {

// GLIBC_TUNABLES with glibc.malloc.hugetlb=1 added, unless `current` sets that tunable already.
std::string tunablesWithHugePages(std::string_view current);

// Sets GLIBC_TUNABLES in this process's environment for the program it executes next.
void askForHugePages();

} // namespace vigil::app
