#include "core/io/npy_file.h"

#include "core/common/error.h"
#include "core/io/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

namespace vigil::io {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

std::string headerFor(const FloatArray& array)
{
    std::string shape = "(";
    for (int64_t extent : array.shape)
        shape += std::to_string(extent) + ", ";
    if (array.shape.size() > 1)
        shape.erase(shape.size() - 2);  // numpy writes "(3, 4)" but "(3,)"
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

std::vector<int64_t> parseShape(const std::string& path, const std::string& header)
{
    std::smatch match;
    if (!std::regex_search(header, match, std::regex(R"('shape'\s*:\s*\(([^)]*)\))")))
        fail(path, "header has no shape");
    std::vector<int64_t> shape;
    std::stringstream items(match[1].str());
    std::string item;
    while (std::getline(items, item, ',')) {
        if (item.find_first_not_of(" \t") == std::string::npos)
            continue;
        try {
            size_t used = 0;
            const long long extent = std::stoll(item, &used);
            if (extent < 0)
                fail(path, "negative extent");
            shape.push_back(extent);
        } catch (const std::logic_error&) {
            fail(path, "bad shape '" + match[1].str() + "'");
        }
    }
    return shape;
}

// The element types readNpy converts to float32: float64 features, and the integer or boolean
// label arrays that ground-truth files (RTFM's gt-*.npy) are saved as.
struct Dtype {
    std::string descr;
    uint64_t itemSize = 4;
    float (*toFloat)(const char*) = nullptr;
};

template <typename T>
float convert(const char* bytes)
{
    T value;
    std::memcpy(&value, bytes, sizeof value);
    return static_cast<float>(value);
}

Dtype dtypeOf(const std::string& path, const std::string& header)
{
    static const Dtype kKnown[] = {
        {"<f4", 4, convert<float>}, {"<f8", 8, convert<double>}, {"<i8", 8, convert<int64_t>},
        {"<i4", 4, convert<int32_t>}, {"|i1", 1, convert<int8_t>}, {"|u1", 1, convert<uint8_t>},
        {"|b1", 1, convert<uint8_t>}};
    for (const Dtype& dtype : kKnown) {
        if (header.find("'descr': '" + dtype.descr + "'") != std::string::npos)
            return dtype;
    }
    fail(path, "only little-endian float32/float64, int8/32/64, uint8 or bool arrays are supported");
}

} // namespace

void writeNpy(const std::string& path, const FloatArray& array)
{
    if (FloatArray::countOf(array.shape) != array.size())
        throw IoError(path + ": array values do not match shape " + array.shapeText());
    const std::string header = headerFor(array);
    writeFileAtomically(path, [&](std::ostream& out) {
        out.write(kMagic, kMagicSize);
        const char version[2] = {1, 0};
        out.write(version, 2);
        const auto length = static_cast<uint16_t>(header.size());
        const char lengthBytes[2] = {static_cast<char>(length & 0xff), static_cast<char>(length >> 8)};
        out.write(lengthBytes, 2);
        out.write(header.data(), static_cast<std::streamsize>(header.size()));
        out.write(reinterpret_cast<const char*>(array.data()),
            static_cast<std::streamsize>(array.values.size() * sizeof(float)));
    });
}

FloatArray readNpy(const std::string& path)
{
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        throw IoError(path + ": cannot read: " + std::strerror(errno));
    const auto fileSize = static_cast<uint64_t>(in.tellg());
    in.seekg(0);
    char prefix[10] = {};
    if (fileSize < sizeof prefix || !in.read(prefix, sizeof prefix)
        || std::memcmp(prefix, kMagic, kMagicSize) != 0)
        fail(path, "missing NumPy magic");
    const int major = static_cast<unsigned char>(prefix[6]);
    uint64_t headerLength = static_cast<unsigned char>(prefix[8]) | (static_cast<unsigned char>(prefix[9]) << 8);
    uint64_t offset = 10;
    if (major >= 2) {
        char extra[2] = {};
        if (!in.read(extra, 2))
            fail(path, "truncated header");
        headerLength |= (uint64_t(static_cast<unsigned char>(extra[0])) << 16)
            | (uint64_t(static_cast<unsigned char>(extra[1])) << 24);
        offset = 12;
    } else if (major != 1) {
        fail(path, "unknown format version " + std::to_string(major));
    }
    if (headerLength > fileSize - offset || headerLength > 1 << 20)
        fail(path, "header longer than the file");
    std::string header(headerLength, '\0');
    in.read(header.data(), static_cast<std::streamsize>(headerLength));
    if (header.find("'fortran_order': False") == std::string::npos)
        fail(path, "only C-ordered arrays are supported");
    const Dtype dtype = dtypeOf(path, header);

    FloatArray array;
    array.shape = parseShape(path, header);
    uint64_t count = 0;
    try {
        count = static_cast<uint64_t>(FloatArray::countOf(array.shape));
    } catch (const std::invalid_argument&) {
        fail(path, "shape " + array.shapeText() + " is too large");
    }
    const uint64_t itemSize = dtype.itemSize;
    const uint64_t available = fileSize - offset - headerLength;
    if (count > available / itemSize || count * itemSize != available)
        fail(path, "shape " + array.shapeText() + " does not match the " + std::to_string(available)
            + " data bytes");
    array.values.resize(count);
    if (dtype.descr == "<f4") {
        in.read(reinterpret_cast<char*>(array.values.data()), static_cast<std::streamsize>(available));
    } else {
        std::vector<char> buffer(available);
        in.read(buffer.data(), static_cast<std::streamsize>(available));
        for (uint64_t i = 0; i < count; ++i)
            array.values[i] = dtype.toFloat(buffer.data() + i * itemSize);
    }
    if (!in)
        fail(path, "truncated data");
    return array;
}

} // namespace vigil::io
