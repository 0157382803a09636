#include "models/model_factory.h"

#include <ATen/Parallel.h>
#include <omp.h>
#include <torch/torch.h>

#include <algorithm>
#include <thread>

namespace vigil::models {
namespace {

int coresOr(int threads)
{
    return threads > 0 ? threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

} // namespace

void setThreadCount(int threads)
{
    torch::set_num_threads(coresOr(threads));
}

int threadCount()
{
    return torch::get_num_threads();
}

void useThreadsOnThisThread(int threads)
{
    // at::set_num_threads would also change the count that threads yet to run a network start
    // with (the desktop app's next analysis). LibTorch's OpenMP regions read the calling
    // thread's own count, which a thread takes from that shared value at its first parallel
    // call: get_num_threads makes that first call happen now, so it cannot overwrite ours later.
    (void)at::get_num_threads();
    omp_set_num_threads(coresOr(threads));
}

} // namespace vigil::models
