#include "core/io/atomic_file.h"

#include "core/common/error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

namespace vigil::io {
namespace {

std::string temporaryPathFor(const std::string& path)
{
    std::random_device seed;
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(seed() % 1000000);
}

// rename() alone does not order the data before the name on every file system.
void flushToDisk(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    const std::string temporary = temporaryPathFor(path);
    try {
        {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            if (!out)
                throw IoError(path + ": cannot write: " + std::strerror(errno));
            write(out);
            out.flush();
            if (!out)
                throw IoError(path + ": write failed: " + std::strerror(errno));
        }
        flushToDisk(temporary);
        if (std::rename(temporary.c_str(), path.c_str()) != 0)
            throw IoError(path + ": cannot replace: " + std::strerror(errno));
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw;
    }
}

void writeFileAtomically(const std::string& path, const std::string& contents)
{
    writeFileAtomically(path, [&](std::ostream& out) { out.write(contents.data(),
        static_cast<std::streamsize>(contents.size())); });
}

} // namespace vigil::io
