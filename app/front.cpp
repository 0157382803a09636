// vigil-front, executed by app/launcher.cpp with SIGINT and SIGTERM blocked. It parses the
// command line with the one definition of every command (app/command_line.h) and answers
// --help, --version, usage errors, `models list` and `models path` itself; for every other
// command it executes the program proper, vigil-program beside it, with the same arguments and
// the signals still blocked. It links no LibTorch, Qt or FFmpeg: the program's ~360 shared
// libraries and their static constructors (~0.5 s, LibTorch's above all) are paid only by the
// commands that run networks or open a window. The program gets malloc tuned for large blocks
// (app/malloc_tunables.h).

#include "app/command_line.h"
#include "app/exec_beside.h"
#include "app/exit_codes.h"
#include "app/malloc_tunables.h"

#include <csignal>
#include <optional>

#include <unistd.h>

namespace {

extern "C" void endAsCancelled(int)
{
    ::_exit(vigil::app::kExitCancelled); // async-signal-safe; nothing here to finish
}

// An answer printed here has nothing to clean up: a signal ends it with the documented 130,
// also one that came while the signals were blocked.
void letInterruptsEndTheProcess()
{
    std::signal(SIGINT, endAsCancelled);
    std::signal(SIGTERM, endAsCancelled);
    sigset_t interrupts;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &interrupts, nullptr);
}

} // namespace

int main(int argc, char** argv)
{
    {
        vigil::app::CommandLine commandLine;
        const std::optional<int> answered = commandLine.parse(argc, argv);
        const vigil::app::ModelsCommand& models = commandLine.commands.models;
        if (answered) {
            letInterruptsEndTheProcess();
            return *answered;
        }
        if (models.isParsed() && models.isListing()) {
            letInterruptsEndTheProcess();
            vigil::app::reportIgnoredFiles();
            return models.runListing();
        }
    }
    vigil::app::setMallocTunables();
    return vigil::app::execBeside(argv, "/vigil-program");
}
