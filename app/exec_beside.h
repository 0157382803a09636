#pragma once
// Executes another of vigil's executables, found from this one's real place (symbolic links
// resolved), so that a build tree (build/app/vigil, build/libexec/vigil/) and an install (bin/,
// libexec/vigil/) agree. C library calls only: app/launcher.cpp is linked statically.

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>

#include <string.h> // memrchr
#include <unistd.h>

namespace vigil::app {

// `relative` starts with '/' and names the file from this executable's folder. Returns only
// when the exec failed, with 127 (what a shell says for a command it cannot execute), after
// one line on stderr.
template <size_t Size> int execBeside(char** argv, const char (&relative)[Size])
{
    char path[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - Size);
    char* slash = length > 0 ? static_cast<char*>(::memrchr(path, '/', length)) : nullptr;
    if (slash == nullptr) {
        std::fprintf(stderr, "vigil: cannot find where vigil is installed (/proc/self/exe)\n");
        return 127;
    }
    std::memcpy(slash, relative, Size);
    ::execv(path, argv);
    if (errno == E2BIG) // the program is there; what it was given is not
        std::fprintf(stderr,
            "vigil: the arguments and environment are larger than Linux lets a program start with "
            "(%s); shorten the longest (a variable of over 128 KiB?)\n",
            std::strerror(errno));
    else
        std::fprintf(stderr, "vigil: %s: %s (vigil is not installed completely)\n", path,
            std::strerror(errno));
    return 127;
}

} // namespace vigil::app
