// vigil, the command on PATH: executes the front, ../libexec/vigil/vigil-front from its own
// folder, with SIGINT and SIGTERM blocked. The front (app/front.cpp) answers --help and
// `models list` itself and executes the program proper, vigil-program, for every other command.
// Both are dynamically linked; the program links LibTorch, Qt and FFmpeg, about 360 shared
// libraries that the dynamic loader relocates for some 80 ms before any code of the program can
// run (LD_DEBUG=statistics: ~2e8 cycles, 162,000 symbol relocations), and a signal then would
// end it with 143 instead of the documented 130. This executable is static, so no loader runs
// before it, and a blocked signal stays pending across both execve until the program's handler
// (app/main.cpp) or the front's takes it. What is left is the kernel's own execve of this file.

#include "app/exec_beside.h"

#include <csignal>

namespace {

void blockInterrupts(int, char**, char**)
{
    sigset_t interrupts;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    sigprocmask(SIG_BLOCK, &interrupts, nullptr);
}

// .preinit_array: the first code of the process after the C library's own set-up.
__attribute__((section(".preinit_array"), used)) void (*const kBlockInterrupts)(int, char**, char**)
    = blockInterrupts;

} // namespace

int main(int, char** argv)
{
    return vigil::app::execBeside(argv, "/../libexec/vigil/vigil-front");
}
