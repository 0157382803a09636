#pragma once
// nlohmann::json's exceptions in words for a user: "[json.exception.out_of_range.403] key
// 'features' not found" becomes "has no \"features\" field". Every reader of a JSON file Vigil
// wrote (results, sidecars) puts its own "<file>: " before this. Pure; any thread.

#include <exception>
#include <string>

namespace vigil::formats {

// The problem a JSON exception stands for; a non-JSON exception's own text, unchanged.
std::string jsonProblem(const std::exception& error);

} // namespace vigil::formats
