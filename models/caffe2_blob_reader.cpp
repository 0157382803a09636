#include "models/caffe2_blob_reader.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "models/detail/one_line.h"
#include "models/pickle_reader.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>
#include <unordered_set>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "NumPy's '<' data is copied as it is");

namespace vigil::models {
namespace {

constexpr size_t kMaxDims = 64;

struct NumPyType {
    const char* code; // dtype.str without its byte-order character
    torch::ScalarType dtype;
};

// NumPy's unsigned types wider than a byte have no LibTorch 1.13 counterpart.
constexpr std::array<NumPyType, 9> kNumPyTypes { { { "f2", torch::kHalf }, { "f4", torch::kFloat },
    { "f8", torch::kDouble }, { "i1", torch::kChar }, { "i2", torch::kShort },
    { "i4", torch::kInt }, { "i8", torch::kLong }, { "u1", torch::kByte },
    { "b1", torch::kBool } } };

const std::string* bytesOf(const PickleValue& value)
{
    const auto* bytes = std::get_if<std::shared_ptr<const PickleBytes>>(&value.value);
    return bytes == nullptr ? nullptr : &(*bytes)->data;
}

// Python 2's str pickles as bytes and its unicode as str, and Caffe2 files mix both: blob names
// come from str(), while names built with unicode_literals ("..._momentum", "lr") are unicode.
const std::string* textOf(const PickleValue& value)
{
    return value.string() != nullptr ? value.string() : bytesOf(value);
}

// The call recorded for `qualifiedName`, with its argument tuple and `itemCount` - 1 BUILD
// states; nullptr for any other value.
const PickleContainer* callTo(
    const PickleValue& value, const std::string& qualifiedName, size_t itemCount)
{
    const auto* call = value.container(PickleContainerKind::Call);
    return call == nullptr || call->callable.qualifiedName() != qualifiedName
            || call->items.size() != itemCount
        ? nullptr
        : call;
}

const std::vector<PickleValue>& argumentsOf(const PickleContainer& call)
{
    return call.items.at(0).tuple()->items; // REDUCE accepts only argument tuples
}

// A name from the file as error messages quote it: a hostile name may be megabytes long.
std::string quoted(const std::string& name)
{
    return "'" + (name.size() <= 80 ? name : name.substr(0, 80) + "...") + "'";
}

// A FIFO or a device would block open() or never end, and a folder is no missing file:
// RegularFile refuses each in its own words.
std::string readFile(const std::string& path)
{
    try {
        return files::RegularFile(path).readAll();
    } catch (const IoError& error) {
        throw ModelError(error.what());
    }
}

// Turns one blob's pickled value into a tensor, checking everything the pickle claims.
class BlobDecoder {
public:
    BlobDecoder(const std::string& path, const std::string& name)
        : path_(path)
        , name_(name)
    {
    }

    torch::Tensor decode(const PickleValue& value) const
    {
        if (const auto* integer = value.integer())
            return torch::full({}, *integer, torch::kLong);
        if (const auto* real = std::get_if<double>(&value.value))
            return torch::full({}, *real, torch::kDouble);
        if (const auto* array = callTo(value, "numpy.core.multiarray._reconstruct", 2))
            return decodeArray(*array);
        if (const auto* scalar = callTo(value, "numpy.core.multiarray.scalar", 1)) {
            const auto& arguments = argumentsOf(*scalar);
            if (arguments.size() != 2)
                fail("is a malformed NumPy scalar");
            return fromBytes({}, dtypeOf(arguments[0]), arguments[1], /*isFortran=*/false);
        }
        fail("is a " + value.kindName() + ", not a NumPy array");
    }

private:
    [[noreturn]] void fail(const std::string& why) const
    {
        throw ModelError(path_ + ": blob " + quoted(name_) + " " + why);
    }

    // ndarray.__reduce__ gives _reconstruct(ndarray, (0,), 'b') with the BUILD state
    // (version 1, shape, dtype, is_fortran, raw bytes).
    torch::Tensor decodeArray(const PickleContainer& call) const
    {
        const auto& arguments = argumentsOf(call);
        if (arguments.size() != 3 || arguments[0].global() == nullptr
            || arguments[0].global()->qualifiedName() != "numpy.ndarray")
            fail("is not a plain numpy.ndarray");
        const auto* state = call.items[1].tuple();
        if (state == nullptr || state->items.size() != 5 || state->items[0].integer() == nullptr
            || *state->items[0].integer() != 1)
            fail("has an unsupported NumPy array state");
        const auto& fortran = state->items[3].value;
        const auto* isFortran = std::get_if<bool>(&fortran);
        const auto* fortranInt = std::get_if<int64_t>(&fortran);
        if (isFortran == nullptr
            && (fortranInt == nullptr || (*fortranInt != 0 && *fortranInt != 1)))
            fail("has a malformed Fortran-order flag");
        return fromBytes(shapeOf(state->items[1]), dtypeOf(state->items[2]), state->items[4],
            isFortran != nullptr ? *isFortran : *fortranInt == 1);
    }

    std::vector<int64_t> shapeOf(const PickleValue& value) const
    {
        const auto* tuple = value.tuple();
        if (tuple == nullptr || tuple->items.size() > kMaxDims)
            fail("has a malformed shape");
        std::vector<int64_t> shape;
        for (const auto& item : tuple->items) {
            if (item.integer() == nullptr || *item.integer() < 0)
                fail("has a malformed shape");
            shape.push_back(*item.integer());
        }
        return shape;
    }

    // dtype.__reduce__ gives dtype('f4', 0, 1) with the BUILD state (version, byte order,
    // subarray, names, fields, ...); the last three are None for a plain numeric type.
    torch::ScalarType dtypeOf(const PickleValue& value) const
    {
        const auto* call = callTo(value, "numpy.dtype", 2);
        const auto* state = call == nullptr ? nullptr : call->items[1].tuple();
        if (state == nullptr || argumentsOf(*call).empty()
            || textOf(argumentsOf(*call)[0]) == nullptr || state->items.size() < 5
            || textOf(state->items[1]) == nullptr)
            fail("has a malformed dtype");
        const auto& code = *textOf(argumentsOf(*call)[0]);
        const auto& byteOrder = *textOf(state->items[1]);
        const auto isNone = [](const PickleValue& item) {
            return std::holds_alternative<PickleNone>(item.value);
        };
        if (!std::all_of(state->items.begin() + 2, state->items.begin() + 5, isNone))
            fail("has a structured or subarray dtype, which is unsupported");
        if (byteOrder != "<" && byteOrder != "|")
            fail("has the byte order '" + byteOrder.substr(0, 8)
                + "'; only little-endian is supported");
        const auto type = std::find_if(kNumPyTypes.begin(), kNumPyTypes.end(),
            [&](const NumPyType& candidate) { return code == candidate.code; });
        if (type == kNumPyTypes.end())
            fail("has the unsupported dtype '" + code.substr(0, 16) + "'");
        return type->dtype;
    }

    torch::Tensor fromBytes(std::vector<int64_t> shape, torch::ScalarType dtype,
        const PickleValue& rawValue, bool isFortran) const
    {
        const auto* raw = bytesOf(rawValue);
        if (raw == nullptr)
            fail("holds a " + rawValue.kindName() + " instead of raw bytes");
        int64_t byteCount = static_cast<int64_t>(c10::elementSize(dtype));
        for (const auto size : shape) {
            if (__builtin_mul_overflow(byteCount, size, &byteCount))
                fail("has an impossible shape");
        }
        if (static_cast<uint64_t>(byteCount) != raw->size())
            fail("holds " + std::to_string(raw->size()) + " bytes; its shape and dtype need "
                + std::to_string(byteCount));
        if (dtype == torch::kBool && std::any_of(raw->begin(), raw->end(), [](char byte) {
                return byte != 0 && byte != 1;
            }))
            fail("holds booleans other than 0 and 1");
        // A Fortran-ordered array's bytes are the C-ordered bytes of its transpose.
        if (isFortran)
            std::reverse(shape.begin(), shape.end());
        auto tensor = torch::empty(shape, torch::dtype(dtype));
        if (!raw->empty()) // an empty tensor's data_ptr() is null, which memcpy must not get
            std::memcpy(tensor.data_ptr(), raw->data(), raw->size());
        if (!isFortran || shape.size() < 2)
            return tensor;
        std::vector<int64_t> reversed(shape.size());
        std::iota(reversed.rbegin(), reversed.rend(), 0);
        return tensor.permute(reversed).contiguous();
    }

    const std::string& path_;
    const std::string& name_;
};

// The blob dictionary: the "blobs" entry when there is one, else the top level itself, as
// video-nonlocal-net's own loader does.
const PickleContainer& blobDictionary(const PickleValue& root, const std::string& path)
{
    const auto* dict = root.dict();
    if (dict == nullptr)
        throw ModelError(path + ": the pickle holds a " + root.kindName()
            + ", expected a dictionary of Caffe2 blobs");
    for (const auto& [key, value] : dict->entries) {
        const auto* name = textOf(key);
        if (name != nullptr && *name == "blobs") {
            if (value.dict() == nullptr)
                throw ModelError(
                    path + ": 'blobs' is a " + value.kindName() + ", not a dictionary");
            return *value.dict();
        }
    }
    return *dict;
}

std::vector<std::pair<std::string, torch::Tensor>> readBlobs(const std::string& path)
{
    const auto bytes = readFile(path);
    const auto root = readPickle(bytes, path + ": pickle", PickleGlobals::NumPyArrays);
    std::vector<std::pair<std::string, torch::Tensor>> blobs;
    std::unordered_set<std::string> names;
    for (const auto& [key, value] : blobDictionary(root, path).entries) {
        const auto* name = textOf(key);
        if (name == nullptr)
            throw ModelError(path + ": a blob name is a " + key.kindName() + ", not a string");
        if (!names.insert(*name).second)
            throw ModelError(path + ": blob " + quoted(*name) + " appears twice");
        blobs.emplace_back(*name, BlobDecoder(path, *name).decode(value));
    }
    return blobs;
}

} // namespace

std::vector<std::pair<std::string, torch::Tensor>> readCaffe2Blobs(const std::string& path)
{
    try {
        return readBlobs(path);
    } catch (const ModelError& error) {
        throw ModelError(detail::oneLine(error.what()));
    }
}

} // namespace vigil::models
