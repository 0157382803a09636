#include "core/files/output_guard.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"

#include <filesystem>

namespace vigil::files {
namespace {

namespace fs = std::filesystem;

bool isSameFile(const std::string& a, const std::string& b)
{
    std::error_code error;
    return fs::equivalent(a, b, error) && !error;
}

// Whether the file at `path` begins with `prefix`; a file that cannot be read does not.
bool beginsWith(const std::string& path, std::string_view prefix)
{
    try {
        const RegularFile file(path);
        return file.readPrefix(prefix.size()) == prefix;
    } catch (const IoError&) {
        return false;
    }
}

} // namespace

void refuseOutputsOverInputs(
    const std::vector<PlannedOutput>& outputs, const std::vector<std::string>& inputs)
{
    for (const PlannedOutput& output : outputs) {
        std::error_code error;
        if (!fs::exists(output.path, error))
            continue;
        for (const std::string& input : inputs)
            if (isSameFile(output.path, input))
                throw IoError(output.path + ": is also an input (" + input
                    + "); choose another output name or folder");
        // A FIFO or device is refused when it is written; reading it here could block.
        if (!output.startsWith.empty() && regularFileProblem(output.path).empty()
            && !beginsWith(output.path, output.startsWith))
            throw IoError(output.path + ": exists and is not a " + std::string(output.kind)
                + " Vigil wrote; move it or choose another output folder");
    }
}

} // namespace vigil::files
