// vigil, the command on PATH: executes the program proper, ../libexec/vigil/vigil-program from
// its own folder, with SIGINT and SIGTERM blocked. That program links LibTorch, Qt and FFmpeg,
// about 360 shared libraries that the dynamic loader relocates for some 80 ms before any code of
// the program can run (LD_DEBUG=statistics: ~2e8 cycles, 162,000 symbol relocations); a signal
// then would end it with 143 instead of the documented 130. This executable is static, so no
// loader runs before it, and a blocked signal stays pending across execve until the program's
// handler (app/main.cpp) takes it. What is left is the kernel's own execve of this small file.

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>

#include <string.h> // memrchr
#include <unistd.h>

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

constexpr char kProgram[] = "/../libexec/vigil/vigil-program";

} // namespace

int main(int, char** argv)
{
    // The program's place follows this file's real one (symbolic links resolved), so a build
    // tree (build/app/vigil, build/libexec/vigil/) and an install (bin/, libexec/vigil/) agree.
    char path[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - sizeof kProgram);
    char* slash = length > 0 ? static_cast<char*>(::memrchr(path, '/', length)) : nullptr;
    if (slash == nullptr) {
        std::fprintf(stderr, "vigil: cannot find where vigil is installed (/proc/self/exe)\n");
        return 127;
    }
    std::memcpy(slash, kProgram, sizeof kProgram);
    ::execv(path, argv);
    std::fprintf(
        stderr, "vigil: %s: %s (vigil is not installed completely)\n", path, std::strerror(errno));
    return 127; // as a shell says for a command it cannot execute
}
