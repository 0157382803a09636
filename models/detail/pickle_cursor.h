#pragma once
// Reads the operands of one pickle, with every length checked against the bytes left, and
// names the offset of the opcode being read in its errors. Private to models/pickle_reader.

#include "core/common/error.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace vigil::models::detail {

class PickleCursor {
public:
    PickleCursor(std::string_view bytes, const std::string& sourceName, size_t start)
        : bytes_(bytes)
        , sourceName_(sourceName)
        , position_(start < bytes.size() ? start : bytes.size())
    {
    }

    size_t position() const { return position_; }
    bool atEnd() const { return position_ >= bytes_.size(); }

    // The next opcode; errors from here on name its offset.
    uint8_t nextOpcode()
    {
        opcodeOffset_ = position_;
        return static_cast<uint8_t>(bytes_[position_++]);
    }
    // Errors after the last opcode name the end of the input.
    void markEnd() { opcodeOffset_ = position_; }

    [[noreturn]] void fail(const std::string& message) const
    {
        throw ModelError(sourceName_ + " offset " + std::to_string(opcodeOffset_) + ": " + message);
    }

    std::string_view readBytes(uint64_t count);
    uint64_t readUnsigned(size_t byteCount); // little-endian
    int64_t readSigned(uint64_t byteCount); // two's complement, little-endian
    double readBigEndianDouble();
    // A GLOBAL's newline-terminated module or name, at most maxLength bytes.
    std::string readLine(size_t maxLength);

private:
    std::string_view bytes_;
    const std::string& sourceName_;
    size_t position_ = 0;
    size_t opcodeOffset_ = 0;
};

} // namespace vigil::models::detail
