#pragma once
// The lines of a text file, for tests that check what Vigil appended (events.jsonl,
// scores.csv; a missing file has no lines), and of a command's output.

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace vigil::test {

inline std::vector<std::string> linesOf(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The lines of a command's output.
inline std::vector<std::string> linesOfText(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// events.jsonl's alert lines, without the clip lines that follow them.
inline std::vector<std::string> alertLinesOf(const std::string& path)
{
    std::vector<std::string> alerts;
    for (std::string& line : linesOf(path))
        if (line.find("\"type\":\"alert\"") != std::string::npos)
            alerts.push_back(std::move(line));
    return alerts;
}

} // namespace vigil::test
