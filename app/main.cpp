// vigil: the command-line entry point. Wires the signal handler to the run's cancellation.

#include "app/cli.h"

#include <csignal>

namespace {

vigil::CancellationToken* gCancel = nullptr;

extern "C" void requestCancel(int signalNumber)
{
    if (gCancel != nullptr)
        gCancel->cancel();  // a lock-free atomic store: safe in a signal handler
    std::signal(signalNumber, SIG_DFL);  // a second Ctrl+C ends the process at once
}

} // namespace

int main(int argc, char** argv)
{
    static_assert(std::atomic<bool>::is_always_lock_free);
    vigil::CancellationToken cancel;
    gCancel = &cancel;
    std::signal(SIGINT, requestCancel);
    std::signal(SIGTERM, requestCancel);
    return vigil::app::runCommandLine(argc, argv, cancel);
}
