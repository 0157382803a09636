#include "core/common/temporary_file.h"

#include <cctype>
#include <fcntl.h>
#include <random>
#include <unistd.h>

namespace vigil {

std::string temporaryHostTag()
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    std::string tag;
    for (const char* c = name; *c != '\0'; ++c)
        tag += std::isalnum(static_cast<unsigned char>(*c)) || *c == '.' ? *c : '_';
    return tag.empty() ? "host" : tag;
}

std::string temporaryPathFor(const std::string& path)
{
    std::random_device seed;
    return path + kTemporaryTag + temporaryHostTag() + "-" + std::to_string(::getpid()) + "-"
        + std::to_string(seed() % 1000000);
}

void flushToDisk(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace vigil
