// The GUI thread keeps turning while networks load or the CPU is measured (the first analysis
// froze the window for a minute): the job runs on another thread, the event loop goes on, and
// what the job throws comes back to the caller.

#include "ui/tasks/busy_work.h"

#include <QTimer>
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>

namespace {

using namespace vigil::ui;

TEST(BusyWork, TheEventLoopTurnsWhileTheJobRuns)
{
    // The job can end only after the GUI thread's timer has fired three times: on a blocked
    // GUI thread it would wait out its 20 s and fail.
    std::promise<void> ticked;
    std::future<void> ticks = ticked.get_future();
    int count = 0;
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, [&] {
        if (++count == 3)
            ticked.set_value();
    });
    timer.start(10);
    std::thread::id jobThread;
    bool hasSeenTicks = false;
    runBusy(nullptr, QStringLiteral("test"), QStringLiteral("waiting for ticks"), [&] {
        jobThread = std::this_thread::get_id();
        hasSeenTicks = ticks.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
    });
    EXPECT_TRUE(hasSeenTicks) << "the GUI thread's timers fired while the job ran";
    EXPECT_NE(jobThread, std::this_thread::get_id()) << "the job ran on another thread";
    EXPECT_GE(count, 3);
}

TEST(BusyWork, WhatTheJobThrowsReachesTheCaller)
{
    EXPECT_THROW(runBusy(nullptr, QStringLiteral("test"), QStringLiteral("failing"),
                     [] { throw std::runtime_error("no such weights"); }),
        std::runtime_error);
}

TEST(BusyWork, AJobThatEndsAtOnceReturnsAtOnce)
{
    int runs = 0;
    runBusy(nullptr, QStringLiteral("test"), QStringLiteral("quick"), [&] { ++runs; });
    EXPECT_EQ(runs, 1);
}

} // namespace
