// How many videos a batch analyses at once (core/batch/batch_job.h): the cores shared out, and
// --jobs 0's automatic choice.

#include "core/batch/batch_job.h"

#include <gtest/gtest.h>

#include <thread>

namespace vigil::batch {
namespace {

TEST(BatchJobs, ShareTheCoresOut)
{
    EXPECT_EQ(threadsPerJob(2, 1), 2);
    EXPECT_EQ(threadsPerJob(2, 2), 1);
    EXPECT_EQ(threadsPerJob(4, 3), 1);
    EXPECT_EQ(threadsPerJob(1, 2), 1); // never none
    EXPECT_EQ(
        threadsPerJob(0, 1), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(BatchJobs, AutomaticallyOnePerCoreOnlyWithTwoFilesPerCore)
{
    EXPECT_EQ(automaticJobs(100, 2), 2u);
    EXPECT_EQ(automaticJobs(4, 2), 2u);
    EXPECT_EQ(automaticJobs(3, 2), 1u); // the third would run alone on one core
    EXPECT_EQ(automaticJobs(1, 2), 1u);
    EXPECT_EQ(automaticJobs(0, 2), 1u);
    EXPECT_EQ(automaticJobs(8, 4), 4u);
    EXPECT_EQ(automaticJobs(7, 4), 1u);
    EXPECT_EQ(automaticJobs(100, 1), 1u);
}

} // namespace
} // namespace vigil::batch
