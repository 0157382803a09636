#include "core/eval/feature_list.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <system_error>

namespace vigil::eval {

namespace fs = std::filesystem;

std::vector<std::string> readFeatureList(const std::string& listPath)
{
    // A FIFO or a device would block open() or never end; RegularFile refuses them.
    std::istringstream in(files::RegularFile(listPath).readAll());
    const fs::path folder = fs::path(listPath).parent_path();
    std::vector<std::string> files;
    std::string line;
    for (int64_t number = 1; std::getline(in, line); ++number) {
        line.erase(line.find_last_not_of(" \t\r") + 1);
        line.erase(0, line.find_first_not_of(" \t"));
        if (line.empty() || line[0] == '#')
            continue;
        // A NUL would cut the name (and every message naming it) short: a binary file given as
        // the list is said to be one, in one line.
        if (std::any_of(line.begin(), line.end(),
                [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\t'; }))
            throw IoError(listPath + ": line " + std::to_string(number)
                + " holds a NUL or control byte: not a list of feature files, one per line");
        const fs::path path(line);
        files.push_back(path.is_absolute() ? path.string() : (folder / path).string());
    }
    if (files.empty())
        throw IoError(listPath + ": the list names no feature files");
    return files;
}

std::vector<std::string> featureFilesIn(const std::string& folder)
{
    std::error_code error;
    fs::directory_iterator entries(folder, error);
    if (error)
        throw IoError(folder + ": cannot list the folder: " + error.message());
    std::vector<std::string> files;
    for (const fs::directory_entry& entry : entries) {
        if (entry.is_regular_file() && entry.path().extension() == ".npy")
            files.push_back(entry.path().string());
    }
    if (files.empty())
        throw IoError(folder + ": no .npy feature files in the folder");
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace vigil::eval
