#include "core/formats/json_problem.h"

#include <nlohmann/json.hpp>

#include <regex>

namespace vigil::formats {
namespace {

// The part of nlohmann's text after "[json.exception.<kind>.<id>] ".
std::string detailOf(const nlohmann::json::exception& error)
{
    const std::string text = error.what();
    const size_t end = text.find("] ");
    return end == std::string::npos ? text : text.substr(end + 2);
}

std::string matched(const std::string& text, const std::regex& pattern, size_t group = 1)
{
    std::smatch match;
    return std::regex_search(text, match, pattern) ? match[group].str() : std::string();
}

} // namespace

std::string jsonProblem(const std::exception& error)
{
    const auto* failure = dynamic_cast<const nlohmann::json::exception*>(&error);
    if (failure == nullptr)
        return error.what();
    const std::string detail = detailOf(*failure);
    if (dynamic_cast<const nlohmann::json::parse_error*>(failure) != nullptr) {
        const std::string where = matched(detail, std::regex("at (line [0-9]+, column [0-9]+)"));
        if (detail.find("unexpected end of input") != std::string::npos)
            return "not valid JSON (it ends too early" + (where.empty() ? "" : ", " + where) + ")";
        return "not valid JSON" + (where.empty() ? std::string() : " (" + where + ")");
    }
    if (failure->id == 403) // out_of_range: key 'x' not found
        if (const std::string key = matched(detail, std::regex("key '(.*)' not found"));
            !key.empty())
            return "has no \"" + key + "\" field";
    if (failure->id == 302) // type_error: type must be number, but is string
        if (const std::string types = matched(detail, std::regex("must be (.*), but is (.*)"), 0);
            !types.empty())
            return "a field has the wrong type (it " + types + ")";
    if (failure->id == 316)
        return "holds text that is not UTF-8";
    return "is not in the expected form (" + detail + ")";
}

} // namespace vigil::formats
