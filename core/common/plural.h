#pragma once
// A count with its noun, singular for one: "1 window", "2 windows", "0 steps". Every message
// that counts goes through it, so none says "1 windows" or hedges with "crop(s)". English
// nouns that take an "s" only. Pure; any thread.

#include <cstdint>
#include <string>
#include <string_view>

namespace vigil {

inline std::string counted(int64_t count, std::string_view noun)
{
    return std::to_string(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

} // namespace vigil
