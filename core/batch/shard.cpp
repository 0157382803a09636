#include "core/batch/shard.h"

#include <charconv>

namespace vigil::batch {
namespace {

std::optional<int> parsePositive(std::string_view text)
{
    int value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || value < 1)
        return std::nullopt;
    return value;
}

} // namespace

std::string Shard::label() const
{
    return std::to_string(index) + "-of-" + std::to_string(count);
}

std::optional<Shard> parseShard(std::string_view text)
{
    const size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        return std::nullopt;
    const std::optional<int> index = parsePositive(text.substr(0, slash));
    const std::optional<int> count = parsePositive(text.substr(slash + 1));
    if (!index || !count || *index > *count)
        return std::nullopt;
    return Shard { *index, *count };
}

uint64_t stableHash(std::string_view text)
{
    uint64_t hash = 14695981039346656037ull;
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

bool isInShard(std::string_view relativePath, const Shard& shard)
{
    return stableHash(relativePath) % static_cast<uint64_t>(shard.count)
        == static_cast<uint64_t>(shard.index - 1);
}

} // namespace vigil::batch
