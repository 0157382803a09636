#include "core/files/npy_file.h"

#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_header.h"
#include "core/files/regular_file.h"

#include <cstring>

namespace vigil::files {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

std::string headerFor(const FloatArray& array)
{
    std::string shape = "(";
    for (int64_t extent : array.shape)
        shape += std::to_string(extent) + ", ";
    if (array.shape.size() > 1)
        shape.erase(shape.size() - 2); // numpy writes "(3, 4)" but "(3,)"
    else if (array.shape.size() == 1)
        shape.erase(shape.size() - 1);
    shape += ")";
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
    // numpy pads with spaces so the data starts on a 64-byte boundary, then ends with '\n'.
    const size_t unpadded = kMagicSize + 2 + 2 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    return header + "\n";
}

[[noreturn]] void fail(const std::string& path, const std::string& what)
{
    throw IoError(path + ": not a readable .npy float array: " + what);
}

// The element types readNpy converts to float32: float64 features, and the integer or boolean
// label arrays that ground-truth files (RTFM's gt-*.npy) are saved as.
struct Dtype {
    std::string descr;
    uint64_t itemSize = 4;
    float (*toFloat)(const char*) = nullptr;
};

template <typename T> float convert(const char* bytes)
{
    T value;
    std::memcpy(&value, bytes, sizeof value);
    return static_cast<float>(value);
}

Dtype dtypeOf(const std::string& path, const std::string& descr)
{
    static const Dtype kKnown[] = { { "<f4", 4, convert<float> }, { "<f8", 8, convert<double> },
        { "<i8", 8, convert<int64_t> }, { "<i4", 4, convert<int32_t> },
        { "|i1", 1, convert<int8_t> }, { "|u1", 1, convert<uint8_t> },
        { "|b1", 1, convert<uint8_t> } };
    for (const Dtype& dtype : kKnown) {
        if (descr == dtype.descr)
            return dtype;
    }
    // An object array holds pickled Python objects; its bytes are no numbers at all.
    if (descr.size() == 2 && descr[1] == 'O')
        fail(path, "an object array ('" + descr + "') holds Python objects, not numbers");
    fail(path,
        "dtype '" + descr
            + "' is unsupported; only little-endian float32/float64, "
              "int8/32/64, uint8 or bool arrays are");
}

// Reads the magic, the version and the header length; returns the header's text, leaving
// `offset` at the first data byte.
std::string readHeader(const RegularFile& file, uint64_t& offset)
{
    const std::string& path = file.path();
    const uint64_t fileSize = file.sizeBytes();
    unsigned char prefix[12] = {};
    if (fileSize < 10)
        fail(path, "missing NumPy magic");
    file.readAt(0, prefix, 10);
    if (std::memcmp(prefix, kMagic, kMagicSize) != 0)
        fail(path, "missing NumPy magic");
    const int major = prefix[6];
    uint64_t headerLength = prefix[8] | (prefix[9] << 8);
    offset = 10;
    if (major == 2 || major == 3) {
        if (fileSize < 12)
            fail(path, "truncated header");
        file.readAt(10, prefix + 10, 2);
        headerLength |= (uint64_t(prefix[10]) << 16) | (uint64_t(prefix[11]) << 24);
        offset = 12;
    } else if (major != 1) {
        fail(path, "unknown format version " + std::to_string(major));
    }
    if (headerLength > fileSize - offset || headerLength > 1 << 20)
        fail(path, "header longer than the file");
    std::string header(headerLength, '\0');
    file.readAt(offset, header.data(), headerLength);
    offset += headerLength;
    return header;
}

} // namespace

void writeNpy(const std::string& path, const FloatArray& array)
{
    if (FloatArray::countOf(array.shape) != array.size())
        throw IoError(path + ": array values do not match shape " + array.shapeText());
    const std::string header = headerFor(array);
    writeFileAtomically(path, [&](std::ostream& out) {
        out.write(kMagic, kMagicSize);
        const char version[2] = { 1, 0 };
        out.write(version, 2);
        const auto length = static_cast<uint16_t>(header.size());
        const char lengthBytes[2]
            = { static_cast<char>(length & 0xff), static_cast<char>(length >> 8) };
        out.write(lengthBytes, 2);
        out.write(header.data(), static_cast<std::streamsize>(header.size()));
        out.write(reinterpret_cast<const char*>(array.data()),
            static_cast<std::streamsize>(array.values.size() * sizeof(float)));
    });
}

FloatArray readNpy(const std::string& path)
{
    const RegularFile file(path); // a FIFO or device would block or never end
    uint64_t offset = 0;
    const NpyHeader header = parseNpyHeader(readHeader(file, offset), path);
    if (header.isFortranOrder)
        fail(path, "only C-ordered arrays are supported");
    const Dtype dtype = dtypeOf(path, header.descr);

    FloatArray array;
    array.shape = header.shape;
    uint64_t count = 0;
    try {
        count = static_cast<uint64_t>(FloatArray::countOf(array.shape));
    } catch (const std::invalid_argument&) {
        fail(path, "shape " + array.shapeText() + " is too large");
    }
    const uint64_t itemSize = dtype.itemSize;
    const uint64_t available = file.sizeBytes() - offset;
    if (count > available / itemSize || count * itemSize != available)
        fail(path,
            "shape " + array.shapeText() + " does not match the " + std::to_string(available)
                + " data bytes");
    array.values.resize(count);
    if (dtype.descr == "<f4") {
        file.readAt(offset, array.values.data(), available);
    } else {
        std::vector<char> buffer(available);
        file.readAt(offset, buffer.data(), available);
        for (uint64_t i = 0; i < count; ++i)
            array.values[i] = dtype.toFloat(buffer.data() + i * itemSize);
    }
    return array;
}

} // namespace vigil::files
