#include "core/batch/batch_inputs.h"

#include "core/common/error.h"
#include "core/common/text.h"
#include "core/files/output_names.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <system_error>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;

bool isVigilOutput(const std::string& name)
{
    return endsWith(name, ".vigil.json") || endsWith(name, ".scores.csv")
        || name.find(".tmp-") != std::string::npos; // files::writeFileAtomically's temporaries
}

bool isSummaryName(const std::string& name)
{
    return name == "summary.csv" || (name.rfind("summary-", 0) == 0 && endsWith(name, ".csv"));
}

// The absolute, normalised form, for comparing folders that may be spelled differently.
fs::path normalised(const std::string& path)
{
    std::error_code error;
    fs::path result = fs::weakly_canonical(fs::absolute(path), error);
    return error ? fs::absolute(path).lexically_normal() : result;
}

// The inputs' output names, by files::outputNames within each folder (file names there are
// unique, so no two results collide).
void assignOutputBases(std::vector<BatchInput>& inputs, const std::string& outputDir)
{
    std::map<std::string, std::vector<size_t>> byFolder;
    for (size_t i = 0; i < inputs.size(); ++i)
        byFolder[fs::path(inputs[i].relativePath).parent_path().generic_string()].push_back(i);
    for (const auto& [folder, members] : byFolder) {
        std::vector<std::string> paths;
        for (const size_t i : members)
            paths.push_back(inputs[i].relativePath);
        const files::OutputNames names = files::outputNames(paths);
        for (size_t k = 0; k < members.size(); ++k)
            inputs[members[k]].outputBase
                = (fs::path(outputDir) / folder / names.names[k]).string();
    }
}

// Why a file that is not a regular one cannot be analysed; empty for a regular file.
std::string notRegularProblem(const fs::directory_entry& entry)
{
    std::error_code error;
    if (entry.is_regular_file(error))
        return {};
    if (entry.is_symlink(error) && !fs::exists(entry.path(), error))
        return "a symbolic link to a missing file ("
            + fs::read_symlink(entry.path(), error).string() + ")";
    return "not a regular file (a FIFO, device or socket is not read)";
}

// Why a subfolder of a recursive batch cannot be listed; empty when it can (or is no folder).
// recursive_directory_iterator would skip it without a word.
std::string unlistableProblem(const fs::directory_entry& entry)
{
    std::error_code error;
    if (!entry.is_directory(error) || entry.is_symlink(error))
        return {};
    const fs::directory_iterator listing(entry.path(), error);
    return error ? "cannot list this folder: " + error.message() : std::string();
}

} // namespace

std::vector<BatchInput> findBatchInputs(
    const std::string& inputDir, const std::string& outputDir, FolderDepth depth)
{
    std::error_code error;
    if (!fs::is_directory(inputDir, error))
        throw IoError(inputDir + ": not a folder");
    fs::path base(inputDir);
    if (!base.has_filename() && base.has_parent_path())
        base = base.parent_path(); // "videos/" -> "videos", so relative paths come out clean
    const fs::path root = normalised(inputDir);
    const fs::path output = normalised(outputDir);
    std::vector<BatchInput> inputs;
    auto consider = [&](const fs::directory_entry& entry) {
        const std::string name = entry.path().filename().string();
        std::error_code ignored;
        if (name.empty() || name[0] == '.' || entry.is_directory(ignored) || isVigilOutput(name))
            return;
        if (isSummaryName(name) && normalised(entry.path().parent_path().string()) == output)
            return;
        const fs::path relative = entry.path().lexically_relative(base);
        inputs.push_back(
            { entry.path().string(), relative.generic_string(), {}, notRegularProblem(entry) });
    };
    // Folders to leave out: hidden ones, and the output folder (it holds our own results).
    auto isExcludedFolder = [&](const fs::directory_entry& entry) {
        const std::string name = entry.path().filename().string();
        std::error_code ignored;
        return entry.is_directory(ignored) && !entry.is_symlink(ignored)
            && (name[0] == '.' || (output != root && normalised(entry.path().string()) == output));
    };
    if (depth == FolderDepth::TopOnly) {
        for (fs::directory_iterator it(base, error), end; !error && it != end; it.increment(error))
            consider(*it);
    } else {
        fs::recursive_directory_iterator it(base, error);
        for (const fs::recursive_directory_iterator end; !error && it != end; it.increment(error)) {
            if (isExcludedFolder(*it)) {
                it.disable_recursion_pending();
            } else if (std::string problem = unlistableProblem(*it); !problem.empty()) {
                it.disable_recursion_pending();
                const fs::path relative = it->path().lexically_relative(base);
                inputs.push_back({ it->path().string(), relative.generic_string(), {},
                    std::move(problem), true });
            } else {
                consider(*it);
            }
        }
    }
    if (error)
        throw IoError(inputDir + ": cannot list: " + error.message());
    std::sort(inputs.begin(), inputs.end(),
        [](const BatchInput& a, const BatchInput& b) { return a.relativePath < b.relativePath; });
    assignOutputBases(inputs, outputDir);
    return inputs;
}

std::vector<BatchInput> selectShard(std::vector<BatchInput> inputs, const Shard& shard)
{
    inputs.erase(
        std::remove_if(inputs.begin(), inputs.end(),
            [&](const BatchInput& input) { return !isInShard(input.relativePath, shard); }),
        inputs.end());
    return inputs;
}

bool hasVideoExtension(const std::string& path)
{
    static const char* const kExtensions[] = { ".3g2", ".3gp", ".asf", ".avi", ".dv", ".flv",
        ".h264", ".h265", ".hevc", ".m2ts", ".m2v", ".m4v", ".mkv", ".mov", ".mp4", ".mpeg", ".mpg",
        ".mts", ".mxf", ".ogv", ".ts", ".vob", ".webm", ".wmv", ".y4m" };
    std::string extension = fs::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return std::find(std::begin(kExtensions), std::end(kExtensions), extension)
        != std::end(kExtensions);
}

} // namespace vigil::batch
