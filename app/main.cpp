// vigil-program: the command-line entry point for every command that runs networks or opens a
// window, executed by app/front.cpp (itself started by app/launcher.cpp, the `vigil` on PATH)
// with SIGINT and SIGTERM blocked. Wires the signal handler to the run's cancellation.

#include "app/cli.h"
#include "app/exit_codes.h"

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
// instead of the documented 130. Then the signals the launcher blocked are let in: one that came
// while the dynamic loader ran is taken now.
void installSignalHandlers(int, char**, char**)
{
    std::signal(SIGINT, requestCancel);
    std::signal(SIGTERM, requestCancel);
    sigset_t interrupts;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &interrupts, nullptr);
}

__attribute__((section(".preinit_array"), used)) void (*const kInstallSignalHandlers)(
    int, char**, char**)
    = installSignalHandlers;

} // namespace

int main(int argc, char** argv)
{
    static_assert(std::atomic<bool>::is_always_lock_free);
    static_assert(std::atomic<vigil::CancellationToken*>::is_always_lock_free);
    if (gIsCancelledEarly.load())
        return vigil::app::kExitCancelled; // interrupted before anything started: nothing to finish
                                           // or clean up
    vigil::CancellationToken cancel;
    gCancel.store(&cancel);
    if (gIsCancelledEarly.load())
        cancel.cancel(); // between the check above and the store
    return vigil::app::runCommandLine(argc, argv, cancel);
}
