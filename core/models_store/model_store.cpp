#include "core/models_store/model_store.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/files/sha256.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>
#include <vector>

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
    , cache_(folder_, modelsFolderCacheFile(folder_))
{
}

void ModelStore::requireReadableFolder() const
{
    std::error_code error;
    const fs::file_status status = fs::status(folder_, error);
    if (error && error != std::errc::no_such_file_or_directory)
        throw IoError(folder_ + ": cannot read the models folder: " + error.message());
    if (!fs::exists(status))
        return; // nothing installed yet
    if (!fs::is_directory(status))
        throw IoError(folder_ + ": the models folder is not a folder");
    const fs::directory_iterator listing(folder_, error);
    if (error)
        throw IoError(folder_ + ": cannot read the models folder: " + error.message());
}

std::string ModelStore::importedPrefix(const ModelEntry& entry)
{
    return "imported-" + entry.name + "-";
}

bool ModelStore::isImportOf(const std::string& fileName, const ModelEntry& entry) const
{
    const std::string prefix = importedPrefix(entry);
    if (fileName.rfind(prefix, 0) != 0 || fileName.find(".import-") != std::string::npos)
        return false;
    // "imported-s3r-ucf-" also starts "imported-s3r-ucf-dictionary-": the longer name wins.
    for (const ModelEntry& other : manifest_.entries()) {
        const std::string otherPrefix = importedPrefix(other);
        if (otherPrefix.size() > prefix.size() && fileName.rfind(otherPrefix, 0) == 0)
            return false;
    }
    return true;
}

std::string ModelStore::pathOf(const ModelEntry& entry) const
{
    const fs::path named = fs::path(folder_) / entry.file;
    std::error_code error;
    if (entry.checksum.canVerify() || fs::exists(named, error))
        return named.string();
    std::string imported;
    for (fs::directory_iterator it(folder_, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (isImportOf(name, entry) && it->is_regular_file(error)
            && (imported.empty() || name < imported))
            imported = name;
    }
    return imported.empty() ? named.string() : (fs::path(folder_) / imported).string();
}

// Another file imported for the entry before, which the new one replaces.
void ModelStore::removeOtherImports(const ModelEntry& entry, const std::string& kept) const
{
    std::error_code error;
    std::vector<fs::path> others;
    for (fs::directory_iterator it(folder_, error), end; !error && it != end; it.increment(error))
        if (isImportOf(it->path().filename().string(), entry) && it->path().filename() != kept)
            others.push_back(it->path());
    for (const fs::path& other : others)
        fs::remove(other, error);
}

namespace {

} // namespace

ModelStatus ModelStore::status(const ModelEntry& entry, HashCheck check)
{
    ModelStatus status;
    status.path = pathOf(entry);
    std::error_code error;
    if (!fs::is_regular_file(status.path, error))
        return status;
    status.sizeBytes = static_cast<int64_t>(fs::file_size(status.path, error));
    const std::string fileName = fs::path(status.path).filename().string();
    if (check != HashCheck::File)
        status.sha256 = cache_.lookup(fileName).value_or("");
    if (status.sha256.empty() && check == HashCheck::CacheOnly) {
        status.state
            = entry.checksum.canVerify() ? InstallState::Unchecked : InstallState::Unverifiable;
        return status;
    }
    if (status.sha256.empty()) {
        status.sha256 = files::sha256OfFile(status.path);
        try {
            cache_.remember(fileName, status.sha256);
        } catch (const IoError&) {
            // Only a shortcut: the next command hashes the file again.
        }
    }
    if (entry.checksum.canVerify())
        status.problem = entry.checksum.problemWith(status.sizeBytes, status.sha256);
    status.state = stateFor(entry, status);
    return status;
}

std::string ModelStore::import(const std::string& file, const ModelEntry& entry)
{
    if (const std::string problem = files::regularFileProblem(file); !problem.empty())
        throw IoError(file + ": " + problem);
    std::error_code folderError;
    fs::create_directories(folder_, folderError);
    if (folderError)
        throw IoError(folder_ + ": cannot create the models folder: " + folderError.message());
    const std::string ownName = importedPrefix(entry) + fs::path(file).filename().string();
    const std::string target = entry.checksum.canVerify()
        ? (fs::path(folder_) / entry.file).string()
        : (fs::path(folder_) / ownName).string();
    const std::string temporary = target + ".import-" + std::to_string(::getpid());
    try {
        // Hash the copy, not the source: what gets renamed into place is what was checked.
        files::copyRegularFile(file, temporary); // mode 0644, whatever the source's
        const std::string sha256 = files::sha256OfFile(temporary);
        const auto sizeBytes = static_cast<int64_t>(fs::file_size(temporary));
        if (entry.checksum.canVerify()) {
            if (const std::string problem = entry.checksum.problemWith(sizeBytes, sha256);
                !problem.empty())
                throw ModelError(file + ": not " + entry.name + ": " + problem);
        }
        flushToDisk(temporary);
        if (std::rename(temporary.c_str(), target.c_str()) != 0)
            throw IoError(target + ": cannot install: " + std::strerror(errno));
        const std::string installedName = fs::path(target).filename().string();
        cache_.remember(installedName, sha256);
        if (!entry.checksum.canVerify()) {
            removeOtherImports(entry, installedName);
            std::error_code ignored;
            fs::remove(
                fs::path(folder_) / entry.file, ignored); // the Caffe2 name, if a file had it
        }
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
