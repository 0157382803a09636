#include "models/state_dict_reader.h"

#include "core/common/error.h"
#include "models/pickle_reader.h"

#include <c10/util/Exception.h>
#include <caffe2/serialize/inline_container.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unordered_map>
#include <unordered_set>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "torch.save stores little-endian data");

namespace vigil::models {
namespace {

constexpr uint32_t kEndOfCentralDirectory = 0x06054b50;
constexpr uint32_t kZip64Locator = 0x07064b50;
constexpr uint32_t kZip64EndOfCentralDirectory = 0x06064b50;
constexpr uint32_t kCentralFileHeader = 0x02014b50;
constexpr size_t kEndRecordSize = 22;
constexpr size_t kMaxZipCommentSize = 0xffff;
constexpr size_t kCentralHeaderSize = 46;
constexpr size_t kMaxTensorDims = 64;

// The pickle torch < 1.6 wrote first: PROTO 2, LONG1 of 10 bytes holding its magic number.
constexpr std::string_view kLegacyMagic {
    "\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 14
};

ModelError notStateDict(const std::string& path, const std::string& why)
{
    return ModelError(path + ": not a PyTorch state-dict file (" + why + ")");
}

uint64_t littleEndian(const std::string& bytes, size_t offset, size_t width)
{
    uint64_t value = 0;
    for (size_t i = width; i-- > 0;)
        value = (value << 8) | static_cast<uint8_t>(bytes.at(offset + i));
    return value;
}

std::string readAt(std::ifstream& file, uint64_t offset, uint64_t count)
{
    std::string bytes(count, '\0');
    file.seekg(static_cast<std::streamoff>(offset));
    file.read(bytes.data(), static_cast<std::streamsize>(count));
    if (!file)
        throw IoError("read failed");
    return bytes;
}

struct CentralDirectory {
    uint64_t entries = 0;
    uint64_t size = 0;
    uint64_t offset = 0;
};

// Finds the zip end record, and its zip64 extension where there is one. Returns nullopt when
// the file has no end record at all, i.e. is no zip archive.
std::optional<CentralDirectory> findCentralDirectory(
    const std::string& path, std::ifstream& file, uint64_t fileSize)
{
    const auto tailSize = std::min<uint64_t>(fileSize, kEndRecordSize + kMaxZipCommentSize + 20);
    const auto tail = readAt(file, fileSize - tailSize, tailSize);
    size_t end = tail.size() < kEndRecordSize ? std::string::npos : tail.size() - kEndRecordSize;
    while (end != std::string::npos && littleEndian(tail, end, 4) != kEndOfCentralDirectory)
        end = end == 0 ? std::string::npos : end - 1;
    if (end == std::string::npos)
        return std::nullopt;
    if (end < 20 || littleEndian(tail, end - 20, 4) != kZip64Locator)
        return CentralDirectory { littleEndian(tail, end + 10, 2), littleEndian(tail, end + 12, 4),
            littleEndian(tail, end + 16, 4) };
    const auto zip64EndOffset = littleEndian(tail, end - 20 + 8, 8);
    if (fileSize < 56 || zip64EndOffset > fileSize - 56)
        throw ModelError(path + ": damaged zip archive (zip64 end record)");
    const auto zip64End = readAt(file, zip64EndOffset, 56);
    if (littleEndian(zip64End, 0, 4) != kZip64EndOfCentralDirectory)
        throw ModelError(path + ": damaged zip archive (zip64 end record)");
    return CentralDirectory { littleEndian(zip64End, 32, 8), littleEndian(zip64End, 40, 8),
        littleEndian(zip64End, 48, 8) };
}

// Checks the archive's central directory before PyTorchStreamReader sees it. torch.save stores
// every record uncompressed; rejecting compressed ones keeps PyTorchStreamReader from
// allocating a record's declared, possibly huge, inflated size. TorchScript archives, which
// compress their code, are named as such.
void checkRecords(
    const std::string& path, const std::string& directory, uint64_t entries, uint64_t fileSize)
{
    std::string packedRecord; // the first compressed record
    std::string folder; // PyTorchStreamReader wants every record in one folder
    bool isTorchScript = false, hasVersion = false;
    for (size_t i = 0, position = 0; i < entries; ++i) {
        if (position + kCentralHeaderSize > directory.size()
            || littleEndian(directory, position, 4) != kCentralFileHeader)
            throw ModelError(path + ": damaged zip archive (central directory)");
        const auto method = littleEndian(directory, position + 10, 2);
        auto inflatedSize = littleEndian(directory, position + 24, 4);
        const auto nameEnd
            = position + kCentralHeaderSize + littleEndian(directory, position + 28, 2);
        const auto extraEnd = nameEnd + littleEndian(directory, position + 30, 2);
        const auto next = extraEnd + littleEndian(directory, position + 32, 2);
        if (next > directory.size())
            throw ModelError(path + ": damaged zip archive (central directory)");
        // A zip64 extra field (id 1) carries the real size when the header says 0xffffffff.
        for (size_t field = nameEnd; inflatedSize == 0xffffffff && field + 12 <= extraEnd;
             field += 4 + littleEndian(directory, field + 2, 2)) {
            if (littleEndian(directory, field, 2) == 1)
                inflatedSize = littleEndian(directory, field + 4, 8);
        }
        const auto name = directory.substr(
            position + kCentralHeaderSize, nameEnd - position - kCentralHeaderSize);
        if (i == 0)
            folder = name.substr(0, name.find('/') + 1);
        if (folder.empty() || name.compare(0, folder.size(), folder) != 0)
            throw notStateDict(path, "the archive's records are not in one folder");
        hasVersion = hasVersion || name == folder + "version";
        isTorchScript = isTorchScript || name == folder + "constants.pkl";
        if ((method != 0 || inflatedSize > fileSize) && packedRecord.empty())
            packedRecord = name;
        position = next;
    }
    if (isTorchScript)
        throw notStateDict(
            path, "a TorchScript archive; expected the zip format written by torch.save");
    if (!hasVersion)
        throw notStateDict(path, "the archive has no version record");
    if (!packedRecord.empty())
        throw notStateDict(path,
            "record '" + packedRecord
                + "' is compressed or oversized; torch.save stores records uncompressed");
}

// Opens, sizes and screens the file before PyTorchStreamReader sees it. Returns its size.
uint64_t screenFile(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        throw ModelError(path + ": no such file");
    if (!std::filesystem::is_regular_file(path, error))
        throw ModelError(path + ": not a regular file");
    std::ifstream file(path, std::ios::binary);
    const auto fileSize = std::filesystem::file_size(path, error);
    if (!file || error)
        throw ModelError(path + ": cannot open the file");
    try {
        const auto head = readAt(file, 0, std::min<uint64_t>(fileSize, kLegacyMagic.size()));
        if (head == kLegacyMagic)
            throw ModelError(path
                + ": a PyTorch file in the legacy format of torch < 1.6 "
                  "(unsupported; re-save it with a newer torch.save)");
        const auto directory = findCentralDirectory(path, file, fileSize);
        if (!directory)
            throw notStateDict(path, "expected the zip format written by torch.save");
        if (directory->size > fileSize || directory->offset > fileSize - directory->size)
            throw ModelError(path + ": damaged zip archive (central directory out of bounds)");
        checkRecords(
            path, readAt(file, directory->offset, directory->size), directory->entries, fileSize);
    } catch (const IoError&) {
        throw ModelError(path + ": cannot read the file");
    }
    return fileSize;
}

struct StorageType {
    const char* name;
    torch::ScalarType dtype;
};

constexpr std::array<StorageType, 10> kStorageTypes { { { "FloatStorage", torch::kFloat },
    { "DoubleStorage", torch::kDouble }, { "HalfStorage", torch::kHalf },
    { "BFloat16Storage", torch::kBFloat16 }, { "LongStorage", torch::kLong },
    { "IntStorage", torch::kInt }, { "ShortStorage", torch::kShort },
    { "CharStorage", torch::kChar }, { "ByteStorage", torch::kByte },
    { "BoolStorage", torch::kBool } } };

bool multiplyChecked(int64_t a, int64_t b, int64_t& result)
{
    return !__builtin_mul_overflow(a, b, &result);
}

// The arguments of the _rebuild_tensor_v2(storage, offset, size, stride, ...) call that a
// state-dict entry records, looking through _rebuild_parameter(tensor, requires_grad, ...).
// A recorded call holds one item, its argument tuple.
const std::vector<PickleValue>* tensorArguments(const PickleValue& value)
{
    const auto arguments = [](const PickleContainer* call) {
        const auto* tuple = call == nullptr ? nullptr : call->items.at(0).tuple();
        return tuple == nullptr ? nullptr : &tuple->items;
    };
    const auto* call = value.container(PickleContainerKind::Call);
    if (call != nullptr && call->callable.name.rfind("_rebuild_parameter", 0) == 0) {
        const auto* parameterArguments = arguments(call);
        call = parameterArguments == nullptr || parameterArguments->empty()
            ? nullptr
            : parameterArguments->front().container(PickleContainerKind::Call);
    }
    return call != nullptr && call->callable.name == "_rebuild_tensor_v2" ? arguments(call)
                                                                          : nullptr;
}

// Builds tensors out of the archive's storages. Each storage is read once and shared by the
// tensors that view it; the memory the tensors will take is capped by the file's size.
class TensorBuilder {
public:
    TensorBuilder(
        caffe2::serialize::PyTorchStreamReader& reader, std::string path, uint64_t fileSize)
        : reader_(reader)
        , path_(std::move(path))
        , fileSize_(static_cast<int64_t>(fileSize))
        , budgetBytes_(2 * fileSize_ + (int64_t { 1 } << 20))
    {
    }

    torch::Tensor build(const std::string& name, const std::vector<PickleValue>& args)
    {
        const auto* offset = args.size() >= 4 ? args[1].integer() : nullptr;
        if (offset == nullptr || *offset < 0)
            fail("tensor '" + name + "' has malformed arguments");
        const auto sizes = shape(name, args[2]);
        const auto strides = shape(name, args[3]);
        if (sizes.size() != strides.size())
            fail("tensor '" + name + "' has sizes and strides of different lengths");
        const auto flat = storage(name, args[0]);
        int64_t numel = 1;
        int64_t lastElement = *offset; // the highest element the view reads
        for (size_t dim = 0; dim < sizes.size(); ++dim) {
            int64_t reach = 0;
            if (!multiplyChecked(numel, sizes[dim], numel)
                || !multiplyChecked(std::max<int64_t>(sizes[dim] - 1, 0), strides[dim], reach)
                || __builtin_add_overflow(lastElement, reach, &lastElement))
                fail("tensor '" + name + "' has an impossible shape");
        }
        if (numel > 0 && lastElement >= flat.numel())
            fail("tensor '" + name + "' reaches outside its storage");
        int64_t bytes = 0;
        if (!multiplyChecked(numel, static_cast<int64_t>(flat.element_size()), bytes)
            || (budgetBytes_ -= bytes) < 0)
            fail("tensor '" + name + "' takes more memory than the file can explain");
        return flat.as_strided(sizes, strides, *offset).clone(torch::MemoryFormat::Contiguous);
    }

private:
    [[noreturn]] void fail(const std::string& message) const
    {
        throw ModelError(path_ + ": " + message);
    }

    std::vector<int64_t> shape(const std::string& name, const PickleValue& value) const
    {
        const auto* tuple = value.tuple();
        if (tuple == nullptr || tuple->items.size() > kMaxTensorDims)
            fail("tensor '" + name + "' has a malformed size or stride");
        std::vector<int64_t> result;
        for (const auto& item : tuple->items) {
            if (item.integer() == nullptr || *item.integer() < 0)
                fail("tensor '" + name + "' has a malformed size or stride");
            result.push_back(*item.integer());
        }
        return result;
    }

    // The persistent id torch.save writes: ('storage', storage_type, key, location, numel).
    torch::Tensor storage(const std::string& name, const PickleValue& value)
    {
        const auto* id = value.container(PickleContainerKind::PersistentId);
        const auto* fields = id == nullptr ? nullptr : id->items.at(0).tuple();
        if (fields == nullptr || fields->items.size() != 5 || fields->items[0].string() == nullptr
            || *fields->items[0].string() != "storage" || fields->items[1].global() == nullptr
            || fields->items[2].string() == nullptr || fields->items[2].string()->size() > 64
            || fields->items[4].integer() == nullptr || *fields->items[4].integer() < 0)
            fail("tensor '" + name + "' has a malformed storage id");
        const auto& typeName = fields->items[1].global()->name;
        const auto& key = *fields->items[2].string();
        const auto numel = *fields->items[4].integer();
        const auto type = std::find_if(kStorageTypes.begin(), kStorageTypes.end(),
            [&](const StorageType& candidate) { return typeName == candidate.name; });
        if (type == kStorageTypes.end())
            fail("tensor '" + name + "' has the unsupported storage type '" + typeName + "'");
        const auto found = storages_.find(key);
        if (found != storages_.end()) {
            if (found->second.scalar_type() != type->dtype || found->second.numel() != numel)
                fail("storage '" + key + "' is declared twice, differently");
            return found->second;
        }
        const auto record = "data/" + key;
        const auto itemSize = static_cast<int64_t>(c10::elementSize(type->dtype));
        if (numel > fileSize_ / itemSize || !reader_.hasRecord(record))
            fail("storage '" + record + "' is missing or larger than the file");
        auto [data, byteSize] = reader_.getRecord(record);
        if (static_cast<int64_t>(byteSize) != numel * itemSize)
            fail("storage '" + record + "' holds " + std::to_string(byteSize) + " bytes, expected "
                + std::to_string(numel * itemSize));
        c10::Storage bytes(c10::Storage::use_byte_size_t(), byteSize, std::move(data));
        auto flat = torch::empty({ 0 }, torch::dtype(type->dtype)).set_(bytes, 0, { numel }, { 1 });
        storages_.emplace(key, flat);
        return flat;
    }

    caffe2::serialize::PyTorchStreamReader& reader_;
    std::string path_;
    int64_t fileSize_;
    int64_t budgetBytes_;
    std::unordered_map<std::string, torch::Tensor> storages_;
};

// The dictionary of tensors: the top level, or a "state_dict"/"model" entry of a checkpoint.
const PickleContainer& tensorDictionary(const PickleValue& root, const std::string& path)
{
    const auto* dict = root.dict();
    if (dict == nullptr)
        throw ModelError(
            path + ": data.pkl holds a " + root.kindName() + ", expected a dictionary of tensors");
    const auto isTensor
        = [](const auto& entry) { return tensorArguments(entry.second) != nullptr; };
    if (std::any_of(dict->entries.begin(), dict->entries.end(), isTensor))
        return *dict;
    for (const auto& [key, value] : dict->entries) {
        if (key.string() != nullptr && (*key.string() == "state_dict" || *key.string() == "model")
            && value.dict() != nullptr)
            return *value.dict();
    }
    return *dict;
}

StateDict readArchive(const std::string& path, uint64_t fileSize)
{
    caffe2::serialize::PyTorchStreamReader reader(path);
    if (!reader.hasRecord("data.pkl"))
        throw notStateDict(path, "the archive has no data.pkl");
    if (reader.hasRecord("byteorder")) {
        const auto [data, size] = reader.getRecord("byteorder");
        if (std::string_view(static_cast<const char*>(data.get()), size) != "little")
            throw ModelError(path + ": tensors stored big-endian are unsupported");
    }
    const auto [data, size] = reader.getRecord("data.pkl");
    const auto root = readPickle(
        std::string_view(static_cast<const char*>(data.get()), size), path + ": data.pkl");

    TensorBuilder builder(reader, path, fileSize);
    StateDict result;
    std::unordered_set<std::string> names;
    for (const auto& [key, value] : tensorDictionary(root, path).entries) {
        if (key.string() == nullptr)
            throw ModelError(path + ": a dictionary key is a " + key.kindName() + ", not a string");
        const auto& name = *key.string();
        const auto* arguments = tensorArguments(value);
        if (arguments == nullptr)
            throw ModelError(
                path + ": entry '" + name + "' is a " + value.kindName() + ", not a tensor");
        if (!names.insert(name).second)
            throw ModelError(path + ": tensor '" + name + "' appears twice");
        result.emplace_back(name, builder.build(name, *arguments));
    }
    return result;
}

} // namespace

StateDict readStateDict(const std::string& path)
{
    const auto fileSize = screenFile(path);
    try {
        return readArchive(path, fileSize);
    } catch (const c10::Error& error) {
        const std::string message = error.what_without_backtrace();
        throw ModelError(
            path + ": cannot read the archive: " + message.substr(0, message.find('\n')));
    }
}

} // namespace vigil::models
