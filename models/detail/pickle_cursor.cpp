#include "models/detail/pickle_cursor.h"

#include <cstring>

namespace vigil::models::detail {

std::string_view PickleCursor::readBytes(uint64_t count)
{
    if (count > bytes_.size() - position_)
        fail("truncated: " + std::to_string(count) + " bytes needed, "
            + std::to_string(bytes_.size() - position_) + " left");
    const auto result = bytes_.substr(position_, static_cast<size_t>(count));
    position_ += static_cast<size_t>(count);
    return result;
}

uint64_t PickleCursor::readUnsigned(size_t byteCount)
{
    const auto raw = readBytes(byteCount);
    uint64_t value = 0;
    for (size_t i = byteCount; i-- > 0;)
        value = (value << 8) | static_cast<uint8_t>(raw[i]);
    return value;
}

int64_t PickleCursor::readSigned(uint64_t byteCount)
{
    if (byteCount > 8)
        fail("integer of " + std::to_string(byteCount) + " bytes is too large");
    auto value = readUnsigned(static_cast<size_t>(byteCount));
    const auto bits = static_cast<unsigned>(byteCount) * 8;
    if (bits > 0 && bits < 64 && (value >> (bits - 1)) != 0)
        value |= ~uint64_t { 0 } << bits;
    return static_cast<int64_t>(value);
}

double PickleCursor::readBigEndianDouble()
{
    uint64_t bits = 0;
    for (const char byte : readBytes(8))
        bits = (bits << 8) | static_cast<uint8_t>(byte);
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

std::string PickleCursor::readLine(size_t maxLength)
{
    const auto rest = bytes_.substr(position_, maxLength + 1);
    const auto end = rest.find('\n');
    if (end == std::string_view::npos)
        fail("GLOBAL name is unterminated or too long");
    position_ += end + 1;
    return std::string(rest.substr(0, end));
}

} // namespace vigil::models::detail
