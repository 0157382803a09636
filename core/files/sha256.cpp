#include "core/files/sha256.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

namespace vigil::files {
namespace {

constexpr std::array<uint32_t, 64> kRoundConstants = { 0x428a2f98, 0x71374491, 0xb5c0fbcf,
    0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
    0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6,
    0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70,
    0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c,
    0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814,
    0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2 };

uint32_t rotateRight(uint32_t value, int bits)
{
    return (value >> bits) | (value << (32 - bits));
}

// Incremental hasher: feed bytes in any chunking, then finish once.
class Sha256 {
public:
    void update(const uint8_t* data, size_t size)
    {
        totalBytes_ += size;
        while (size > 0) {
            const size_t take = std::min(size, block_.size() - blockFill_);
            std::memcpy(block_.data() + blockFill_, data, take);
            blockFill_ += take;
            data += take;
            size -= take;
            if (blockFill_ == block_.size()) {
                compress();
                blockFill_ = 0;
            }
        }
    }

    std::string finishHex()
    {
        const uint64_t bitLength = totalBytes_ * 8;
        const uint8_t one = 0x80;
        update(&one, 1);
        const uint8_t zero = 0;
        while (blockFill_ != 56)
            update(&zero, 1);
        for (int shift = 56; shift >= 0; shift -= 8) {
            const auto byte = static_cast<uint8_t>(bitLength >> shift);
            update(&byte, 1);
        }
        static const char* kHex = "0123456789abcdef";
        std::string hex;
        for (uint32_t word : state_)
            for (int shift = 28; shift >= 0; shift -= 4)
                hex += kHex[(word >> shift) & 0xf];
        return hex;
    }

private:
    void compress()
    {
        std::array<uint32_t, 64> w {};
        for (size_t i = 0; i < 16; ++i)
            w[i] = (uint32_t(block_[4 * i]) << 24) | (uint32_t(block_[4 * i + 1]) << 16)
                | (uint32_t(block_[4 * i + 2]) << 8) | uint32_t(block_[4 * i + 3]);
        for (size_t i = 16; i < 64; ++i) {
            const uint32_t s0
                = rotateRight(w[i - 15], 7) ^ rotateRight(w[i - 15], 18) ^ (w[i - 15] >> 3);
            const uint32_t s1
                = rotateRight(w[i - 2], 17) ^ rotateRight(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        auto [a, b, c, d, e, f, g, h] = state_;
        for (size_t i = 0; i < 64; ++i) {
            const uint32_t s1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25);
            const uint32_t choice = (e & f) ^ (~e & g);
            const uint32_t t1 = h + s1 + choice + kRoundConstants[i] + w[i];
            const uint32_t s0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22);
            const uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
            const uint32_t t2 = s0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        const std::array<uint32_t, 8> add = { a, b, c, d, e, f, g, h };
        for (size_t i = 0; i < 8; ++i)
            state_[i] += add[i];
    }

    std::array<uint32_t, 8> state_ = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f,
        0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    std::array<uint8_t, 64> block_ {};
    size_t blockFill_ = 0;
    uint64_t totalBytes_ = 0;
};

} // namespace

std::string sha256Hex(const void* data, size_t size)
{
    Sha256 hasher;
    hasher.update(static_cast<const uint8_t*>(data), size);
    return hasher.finishHex();
}

std::string sha256OfFile(const std::string& path)
{
    const RegularFile file(path); // a FIFO or /dev/zero would block or never end
    Sha256 hasher;
    std::vector<char> buffer(1 << 20);
    for (uint64_t offset = 0; offset < file.sizeBytes();) {
        const uint64_t count = std::min<uint64_t>(buffer.size(), file.sizeBytes() - offset);
        file.readAt(offset, buffer.data(), count);
        hasher.update(reinterpret_cast<const uint8_t*>(buffer.data()), static_cast<size_t>(count));
        offset += count;
    }
    return hasher.finishHex();
}

} // namespace vigil::files
