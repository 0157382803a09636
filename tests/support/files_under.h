#pragma once
// What a command left in a folder: every file and folder under it, relative to it (none when the
// folder is missing), so that a check also sees empty folders and temporaries.

#include <filesystem>
#include <set>
#include <string>

namespace vigil::test {

inline std::set<std::string> filesUnder(const std::filesystem::path& dir)
{
    namespace fs = std::filesystem;
    std::set<std::string> files;
    if (!fs::exists(dir))
        return files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        files.insert(fs::relative(entry.path(), dir).string());
    return files;
}

} // namespace vigil::test
