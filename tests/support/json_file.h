#pragma once
// A JSON file Vigil wrote (results, sidecars, reports), parsed; throws nlohmann's parse_error
// for a missing or malformed file, which fails the test that reads it.

#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace vigil::test {

inline nlohmann::json readJson(const std::string& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

} // namespace vigil::test
