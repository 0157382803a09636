#include "core/common/ignored_files.h"

#include <mutex>
#include <set>

namespace vigil {
namespace {

struct IgnoredFiles {
    std::mutex mutex;
    IgnoredFileSink sink;
    std::set<std::string> reported;
};

IgnoredFiles& ignoredFiles()
{
    static IgnoredFiles files;
    return files;
}

} // namespace

void setIgnoredFileSink(IgnoredFileSink sink)
{
    IgnoredFiles& files = ignoredFiles();
    const std::lock_guard lock(files.mutex);
    files.sink = std::move(sink);
    files.reported.clear();
}

void reportIgnoredFile(const std::string& file, const std::string& problem)
{
    IgnoredFiles& files = ignoredFiles();
    const std::lock_guard lock(files.mutex); // also keeps two threads' lines whole
    if (!files.sink || !files.reported.insert(file).second)
        return;
    const std::string prefix = file + ": ";
    files.sink(file, problem.rfind(prefix, 0) == 0 ? problem.substr(prefix.size()) : problem);
}

} // namespace vigil
