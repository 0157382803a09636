#include "core/files/output_names.h"

#include <filesystem>
#include <map>

namespace vigil::files {
namespace {

namespace fs = std::filesystem;

std::map<std::string, size_t> countsOf(const std::vector<std::string>& names)
{
    std::map<std::string, size_t> counts;
    for (const std::string& name : names)
        ++counts[name];
    return counts;
}

} // namespace

OutputNames outputNames(const std::vector<std::string>& inputPaths)
{
    std::vector<std::string> fileNames;
    OutputNames result;
    for (const std::string& path : inputPaths) {
        const fs::path file = fs::path(path).filename();
        fileNames.push_back(file.string());
        result.names.push_back(file.stem().empty() ? file.string() : file.stem().string());
    }
    // Each name can only lengthen once, from stem to file name, so this ends.
    for (bool isChanged = true; isChanged;) {
        isChanged = false;
        const std::map<std::string, size_t> counts = countsOf(result.names);
        for (size_t i = 0; i < result.names.size(); ++i) {
            if (counts.at(result.names[i]) > 1 && result.names[i] != fileNames[i]) {
                result.names[i] = fileNames[i];
                isChanged = true;
            }
        }
    }
    std::map<std::string, size_t> firstWith;
    for (size_t i = 0; i < result.names.size() && result.collision.empty(); ++i) {
        const auto [it, isNew] = firstWith.emplace(result.names[i], i);
        if (!isNew)
            result.collision = inputPaths[it->second] + " and " + inputPaths[i]
                + " would both write results named " + result.names[i];
    }
    return result;
}

} // namespace vigil::files
