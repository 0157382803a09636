#include "core/eval/temporal_annotations.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string_view>

namespace vigil::eval {

std::string videoKey(const std::string& path)
{
    std::string stem = std::filesystem::path(path).stem().string();
    const std::string suffix = "_i3d";
    if (stem.size() > suffix.size()
        && stem.compare(stem.size() - suffix.size(), suffix.size(), suffix) == 0)
        stem.erase(stem.size() - suffix.size());
    return stem;
}

TemporalAnnotations TemporalAnnotations::read(const std::string& path)
{
    // A FIFO or a device would block open() or never end; RegularFile refuses them.
    return parse(files::RegularFile(path).readAll(), path);
}

TemporalAnnotations TemporalAnnotations::parse(const std::string& text, const std::string& source)
{
    TemporalAnnotations annotations;
    // Windows editors save UTF-8 with a byte order mark, which would glue itself to line 1's name.
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    const bool hasMark = text.compare(0, kByteOrderMark.size(), kByteOrderMark) == 0;
    std::istringstream lines(hasMark ? text.substr(kByteOrderMark.size()) : text);
    std::string line;
    for (int lineNumber = 1; std::getline(lines, line); ++lineNumber) {
        std::istringstream fields(line);
        VideoAnnotation annotation;
        if (!(fields >> annotation.videoName))
            continue; // blank line
        const auto fail = [&](const std::string& problem) {
            return IoError(source + " line " + std::to_string(lineNumber) + ": " + problem);
        };
        if (!(fields >> annotation.className))
            throw fail("expected \"name class start1 end1 start2 end2\"");
        int64_t first = 0;
        int64_t last = 0;
        int pairs = 0;
        while (fields >> first) {
            if (!(fields >> last))
                throw fail("a segment start without its end");
            ++pairs;
            if (first == -1 && last == -1)
                continue;
            if (first < 0 || last < first)
                throw fail("bad segment " + std::to_string(first) + " " + std::to_string(last));
            annotation.segments.emplace_back(first, last);
        }
        if (!fields.eof())
            throw fail("a frame number is not an integer");
        if (pairs == 0)
            throw fail("no segments (write -1 -1 for none)");
        const std::string key = videoKey(annotation.videoName);
        if (!annotations.byKey_.emplace(key, std::move(annotation)).second)
            throw fail("video " + key + " is annotated twice");
    }
    return annotations;
}

const VideoAnnotation* TemporalAnnotations::find(const std::string& videoPathOrName) const
{
    const auto found = byKey_.find(videoKey(videoPathOrName));
    return found == byKey_.end() ? nullptr : &found->second;
}

std::vector<uint8_t> frameLabels(const VideoAnnotation& annotation, int64_t frames)
{
    std::vector<uint8_t> labels(static_cast<size_t>(std::max<int64_t>(frames, 0)), 0);
    for (const auto& [first, last] : annotation.segments) {
        for (int64_t frame = first; frame <= std::min(last, frames - 1); ++frame)
            labels[static_cast<size_t>(frame)] = 1;
    }
    return labels;
}

} // namespace vigil::eval
