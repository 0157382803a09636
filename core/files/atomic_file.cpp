#include "core/files/atomic_file.h"

#include "core/common/error.h"
#include "core/common/temporary_file.h"
#include "core/files/regular_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <signal.h>
#include <unistd.h>

namespace vigil::files {
namespace {

struct TemporaryName {
    std::string host;
    long pid = 0;
};

// "<target>.tmp-<host>-<pid>-<n>" -> host and pid ("<target>.tmp-<pid>-<n>", as Vigil named them
// before, -> no host); nullopt for any other name.
std::optional<TemporaryName> parseTemporaryName(const std::string& name)
{
    const size_t tag = name.rfind(kTemporaryTag);
    if (tag == std::string::npos)
        return std::nullopt;
    const std::string rest = name.substr(tag + std::strlen(kTemporaryTag));
    const size_t last = rest.rfind('-');
    if (last == std::string::npos || last == 0)
        return std::nullopt;
    const size_t middle = rest.rfind('-', last - 1);
    const size_t pidStart = middle == std::string::npos ? 0 : middle + 1;
    const auto isNumber = [](const std::string& text) {
        return !text.empty() && text.size() < 10
            && std::all_of(
                text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
    };
    const std::string pid = rest.substr(pidStart, last - pidStart);
    if (!isNumber(pid) || !isNumber(rest.substr(last + 1)))
        return std::nullopt;
    return TemporaryName { middle == std::string::npos ? std::string() : rest.substr(0, middle),
        std::stol(pid) };
}

bool isRunning(long pid)
{
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH);
}

} // namespace

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    // rename() would replace a device node (/dev/null as root), a FIFO or an empty folder.
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        throw IoError(
            path + ": " + regularFileProblem(path) + "; Vigil writes only regular files there");
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

void createOutputFolder(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_directory(path, error))
        return;
    // The nearest part of the path that exists and is not a folder is what is in the way.
    for (fs::path part = fs::path(path); !part.empty(); part = part.parent_path()) {
        const fs::file_status status = fs::status(part, error);
        if (fs::exists(status) && !fs::is_directory(status))
            throw IoError(part.string() + ": is a file, not a folder (-o names a folder)");
        if (part == part.parent_path())
            break;
    }
    fs::create_directories(path, error);
    if (error)
        throw IoError(path + ": cannot create the folder: " + std::strerror(error.value()));
}

void writeFileAtomically(const std::string& path, const std::string& contents)
{
    writeFileAtomically(path, [&](std::ostream& out) {
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    });
}

size_t removeStaleTemporaries(const std::string& dir, std::chrono::seconds staleAfter)
{
    namespace fs = std::filesystem;
    const std::string host = temporaryHostTag();
    const auto now = fs::file_time_type::clock::now();
    size_t removed = 0;
    std::error_code walkError;
    fs::recursive_directory_iterator it(
        dir, fs::directory_options::skip_permission_denied, walkError);
    for (; !walkError && it != fs::recursive_directory_iterator(); it.increment(walkError)) {
        std::error_code error;
        if (!it->is_regular_file(error))
            continue;
        const std::optional<TemporaryName> name
            = parseTemporaryName(it->path().filename().string());
        if (!name)
            continue;
        const bool isOrphan = name->host == host && !isRunning(name->pid);
        const auto written = fs::last_write_time(it->path(), error);
        const bool isOld = !error && now - written > staleAfter;
        if ((isOrphan || isOld) && fs::remove(it->path(), error))
            ++removed;
    }
    return removed;
}

} // namespace vigil::files
