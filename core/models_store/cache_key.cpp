#include "core/models_store/cache_key.h"

#include "core/common/ignored_files.h"
#include "core/files/sha256.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;

std::string keyPath()
{
    // The XDG spec says to ignore a relative XDG_CONFIG_HOME.
    const char* config = std::getenv("XDG_CONFIG_HOME");
    if (config != nullptr && config[0] == '/')
        return std::string(config) + "/vigil/checksum-cache.key";
    const char* home = std::getenv("HOME");
    return std::string(home != nullptr && home[0] == '/' ? home : "/tmp")
        + "/.config/vigil/checksum-cache.key";
}

bool isHexKey(const std::string& text)
{
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

// Only a key file of ours that nobody else can read or write is a secret; `problem` says why
// another is not.
std::optional<std::string> readKey(const std::string& path, std::string& problem)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        problem = std::string("cannot open: ") + std::strerror(errno);
        return std::nullopt;
    }
    struct stat info { };
    std::string text(64, '\0');
    const bool isStated = ::fstat(fd, &info) == 0;
    if (!isStated || !S_ISREG(info.st_mode))
        problem = "not a regular file";
    else if (info.st_uid != ::getuid() || (info.st_mode & 077) != 0)
        problem = "not private to this user (another owner, or a mode other than 0600)";
    else if (::read(fd, text.data(), text.size()) != 64 || !isHexKey(text))
        problem = "not a key of Vigil's (64 hex digits)";
    ::close(fd);
    return problem.empty() ? std::optional<std::string>(text) : std::nullopt;
}

std::optional<std::string> makeKey(const std::string& path)
{
    std::array<unsigned char, 32> random {};
    const int source = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    const bool isRandom = source >= 0
        && ::read(source, random.data(), random.size()) == static_cast<ssize_t>(random.size());
    if (source >= 0)
        ::close(source);
    if (!isRandom)
        return std::nullopt;
    // A hash of the random bytes is as secret as they are, and already lowercase hex.
    const std::string key = files::sha256Hex(random.data(), random.size());
    std::error_code error;
    fs::create_directories(fs::path(path).parent_path(), error);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    std::string problem;
    if (fd < 0)
        return readKey(path, problem); // another Vigil made it first
    const bool isWritten = ::write(fd, key.data(), key.size()) == 64;
    ::close(fd);
    return isWritten ? std::optional<std::string>(key) : std::nullopt;
}

std::string bytesOfHex(const std::string& hex)
{
    std::string bytes;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return bytes;
}

} // namespace

std::optional<std::string> checksumCacheKey()
{
    const std::string path = keyPath();
    std::error_code error;
    if (!fs::exists(fs::symlink_status(path, error)))
        return makeKey(path);
    std::string problem;
    if (std::optional<std::string> key = readKey(path, problem))
        return key;
    // There, but not a private key of ours: never replaced, and no checksum is cached.
    reportIgnoredFile(path, problem);
    return std::nullopt;
}

std::string hmacSha256Hex(const std::string& key, const std::string& message)
{
    constexpr size_t kBlock = 64;
    std::string block
        = key.size() > kBlock ? bytesOfHex(files::sha256Hex(key.data(), key.size())) : key;
    block.resize(kBlock, '\0');
    std::string inner(kBlock, '\0');
    std::string outer(kBlock, '\0');
    for (size_t i = 0; i < kBlock; ++i) {
        inner[i] = static_cast<char>(block[i] ^ 0x36);
        outer[i] = static_cast<char>(block[i] ^ 0x5c);
    }
    inner += message;
    outer += bytesOfHex(files::sha256Hex(inner.data(), inner.size()));
    return files::sha256Hex(outer.data(), outer.size());
}

} // namespace vigil::models_store
