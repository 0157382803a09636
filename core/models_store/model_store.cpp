#include "core/models_store/model_store.h"

#include "core/common/error.h"
#include "core/io/sha256.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;

// rename() alone does not order the data before the name on every file system.
void flushToDisk(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

InstallState stateFor(const ModelEntry& entry, const ModelStatus& status)
{
    if (!entry.checksum.canVerify())
        return InstallState::Unverifiable;
    return status.problem.empty() ? InstallState::Verified : InstallState::Mismatch;
}

} // namespace

ModelStore::ModelStore(std::string folder, ModelManifest manifest)
    : folder_(std::move(folder))
    , manifest_(std::move(manifest))
    , cache_(folder_)
{
}

std::string ModelStore::pathOf(const ModelEntry& entry) const { return (fs::path(folder_) / entry.file).string(); }

ModelStatus ModelStore::status(const ModelEntry& entry, HashCheck check)
{
    ModelStatus status;
    status.path = pathOf(entry);
    std::error_code error;
    if (!fs::is_regular_file(status.path, error))
        return status;
    status.sizeBytes = static_cast<int64_t>(fs::file_size(status.path, error));
    if (check != HashCheck::File)
        status.sha256 = cache_.lookup(entry.file).value_or("");
    if (status.sha256.empty() && check == HashCheck::CacheOnly) {
        status.state = entry.checksum.canVerify() ? InstallState::Unchecked : InstallState::Unverifiable;
        return status;
    }
    if (status.sha256.empty()) {
        status.sha256 = io::sha256OfFile(status.path);
        cache_.remember(entry.file, status.sha256);
    }
    if (entry.checksum.canVerify())
        status.problem = entry.checksum.problemWith(status.sizeBytes, status.sha256);
    status.state = stateFor(entry, status);
    return status;
}

std::string ModelStore::import(const std::string& file, const ModelEntry& entry)
{
    if (!fs::is_regular_file(file))
        throw IoError(file + ": not a readable file");
    std::error_code folderError;
    fs::create_directories(folder_, folderError);
    if (folderError)
        throw IoError(folder_ + ": cannot create the models folder: " + folderError.message());
    const std::string target = pathOf(entry);
    const std::string temporary = target + ".import-" + std::to_string(::getpid());
    try {
        // Hash the copy, not the source: what gets renamed into place is what was checked.
        std::error_code error;
        if (!fs::copy_file(file, temporary, fs::copy_options::overwrite_existing, error))
            throw IoError(file + ": cannot copy to " + temporary + ": " + error.message());
        // The copy keeps the source's mode, which may be read-only or private to someone else.
        fs::permissions(temporary,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read, error);
        const std::string sha256 = io::sha256OfFile(temporary);
        const auto sizeBytes = static_cast<int64_t>(fs::file_size(temporary));
        if (entry.checksum.canVerify()) {
            if (const std::string problem = entry.checksum.problemWith(sizeBytes, sha256); !problem.empty())
                throw ModelError(file + ": not " + entry.name + ": " + problem);
        }
        flushToDisk(temporary);
        if (std::rename(temporary.c_str(), target.c_str()) != 0)
            throw IoError(target + ": cannot install: " + std::strerror(errno));
        cache_.remember(entry.file, sha256);
    } catch (...) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw;
    }
    return target;
}

void ModelStore::rememberChecksum(const ModelEntry& entry, const std::string& sha256)
{
    cache_.remember(entry.file, sha256);
}

} // namespace vigil::models_store
