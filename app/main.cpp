// vigil: the command-line entry point. Wires the signal handler to the run's cancellation.

#include "app/cli.h"

#include <atomic>
#include <csignal>

namespace {

std::atomic<vigil::CancellationToken*> gCancel { nullptr };
std::atomic<bool> gIsCancelledEarly { false };

extern "C" void requestCancel(int signalNumber)
{
    // Lock-free atomics only: safe in a signal handler.
    if (vigil::CancellationToken* cancel = gCancel.load())
        cancel->cancel();
    else
        gIsCancelledEarly.store(true); // before main(): main() passes it on
    std::signal(signalNumber, SIG_DFL); // a second Ctrl+C ends the process at once
}

// Installed from .preinit_array, which runs before the constructors of the shared libraries:
// LibTorch's and Qt's take about 0.3 s, and a SIGTERM then would otherwise end vigil with 143
// instead of the documented 130.
void installSignalHandlers(int, char**, char**)
{
    std::signal(SIGINT, requestCancel);
    std::signal(SIGTERM, requestCancel);
}

__attribute__((section(".preinit_array"), used)) void (*const kInstallSignalHandlers)(
    int, char**, char**)
    = installSignalHandlers;

} // namespace

int main(int argc, char** argv)
{
    static_assert(std::atomic<bool>::is_always_lock_free);
    static_assert(std::atomic<vigil::CancellationToken*>::is_always_lock_free);
    vigil::CancellationToken cancel;
    gCancel.store(&cancel);
    if (gIsCancelledEarly.load())
        cancel.cancel();
    return vigil::app::runCommandLine(argc, argv, cancel);
}
