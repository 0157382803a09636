#include "core/train/labelled_videos.h"

#include "core/common/error.h"
#include "core/eval/feature_list.h"
#include "core/files/regular_file.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace vigil::train {
namespace {

namespace fs = std::filesystem;

std::string trimmed(std::string text)
{
    text.erase(text.find_last_not_of(" \t\r") + 1);
    text.erase(0, text.find_first_not_of(" \t"));
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        text = text.substr(1, text.size() - 2);
    return text;
}

} // namespace

std::vector<LabelledVideo> readLabelsCsv(const std::string& csvPath)
{
    // A FIFO or a folder is refused in one line (files::RegularFile) instead of blocking.
    std::istringstream in(files::RegularFile(csvPath).readAll());
    const fs::path folder = fs::path(csvPath).parent_path();
    std::vector<LabelledVideo> videos;
    std::string line;
    for (int64_t number = 1; std::getline(in, line); ++number) {
        const std::string content = trimmed(line);
        if (content.empty() || content[0] == '#')
            continue;
        const size_t comma = content.rfind(',');
        const std::string path
            = comma == std::string::npos ? "" : trimmed(content.substr(0, comma));
        const std::string label
            = comma == std::string::npos ? "" : trimmed(content.substr(comma + 1));
        if (label != "0" && label != "1") {
            if (number == 1 && videos.empty())
                continue; // a header such as "path,label"
            throw IoError(csvPath + ": line " + std::to_string(number)
                + ": expected \"path,label\" with label 0 (normal) or 1 (anomalous)");
        }
        if (path.empty())
            throw IoError(csvPath + ": line " + std::to_string(number) + ": empty path");
        const fs::path file(path);
        videos.push_back({ file.is_absolute() ? file.string() : (folder / file).string(),
            static_cast<uint8_t>(label == "1" ? 1 : 0) });
    }
    if (videos.empty())
        throw IoError(csvPath + ": the labels file names no feature files");
    return videos;
}

std::vector<LabelledVideo> readAnomalousFirstList(
    const std::string& listPath, int64_t anomalousCount)
{
    const std::vector<std::string> files = eval::readFeatureList(listPath);
    if (anomalousCount < 0 || anomalousCount > static_cast<int64_t>(files.size()))
        throw IoError(listPath + ": --anomalous-first " + std::to_string(anomalousCount)
            + " but the list has " + std::to_string(files.size()) + " files");
    std::vector<LabelledVideo> videos;
    for (size_t i = 0; i < files.size(); ++i)
        videos.push_back(
            { files[i], static_cast<uint8_t>(static_cast<int64_t>(i) < anomalousCount ? 1 : 0) });
    return videos;
}

int64_t countLabel(const std::vector<LabelledVideo>& videos, uint8_t label)
{
    return std::count_if(
        videos.begin(), videos.end(), [&](const LabelledVideo& v) { return v.label == label; });
}

} // namespace vigil::train
