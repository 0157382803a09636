// LibTorch's intra-op thread count per thread (models/thread_count.cpp): a batch job's thread
// takes its share of the cores without changing what the desktop app's other runs, or the
// threads they start later, run on.

#include "core/common/float_array.h"
#include "models/model_factory.h"

#include <gtest/gtest.h>

#include <thread>

namespace {

using namespace vigil;

TEST(ThreadCount, AThreadsOwnCountLeavesTheOtherThreadsAndThoseStartedLaterAlone)
{
    models::setThreadCount(2);
    const engine::LoadedClassifier classifier = models::loadClassifier("");
    int beforeNetwork = 0;
    int afterNetwork = 0;
    std::thread job([&] {
        models::useThreadsOnThisThread(1);
        beforeNetwork = models::threadCount();
        // The thread's first parallel region must not reset the count to the shared one.
        (void)classifier.scorer->score(FloatArray::zeros({ 2, 32, 2048 }));
        afterNetwork = models::threadCount();
    });
    job.join();
    int startedLater = 0;
    std::thread later([&] { startedLater = models::threadCount(); });
    later.join();
    EXPECT_EQ(beforeNetwork, 1);
    EXPECT_EQ(afterNetwork, 1);
    EXPECT_EQ(startedLater, 2);
    EXPECT_EQ(models::threadCount(), 2);
}

} // namespace
