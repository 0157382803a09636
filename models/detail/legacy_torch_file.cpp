#include "models/detail/legacy_torch_file.h"

#include "core/common/error.h"
#include "models/detail/saved_tensors.h"

#include <cstring>
#include <unordered_map>

namespace vigil::models::detail {
namespace {

constexpr int64_t kProtocolVersion = 1001;
constexpr size_t kMagicPickleSize = 15; // PROTO 2, LONG1 of 10 bytes, STOP

const PickleValue* entryNamed(const PickleContainer& dict, const std::string& name)
{
    for (const auto& [key, value] : dict.entries) {
        if (key.string() != nullptr && *key.string() == name)
            return &value;
    }
    return nullptr;
}

// Where each storage's bytes start, found by walking the storages in key order: each is its
// element count, then that many elements of the dtype the dictionary's tensors give it.
class LegacyStorages {
public:
    LegacyStorages(const std::string& path, const std::string& bytes, size_t offset,
        const PickleValue& keyList, const PickleValue& root)
        : path_(path)
        , bytes_(bytes)
    {
        std::unordered_map<std::string, torch::ScalarType> dtypes;
        for (const auto& entry : tensorDictionary(root, path).entries) {
            if (const auto id = storageOfTensor(entry.second, path))
                dtypes.emplace(id->key, id->dtype);
        }
        const auto* list = keyList.container(PickleContainerKind::List);
        if (list == nullptr)
            fail("the storage key list is a " + keyList.kindName() + ", not a list");
        for (const auto& item : list->items) {
            const auto* key = item.string();
            const auto dtype = key == nullptr ? dtypes.end() : dtypes.find(*key);
            if (dtype == dtypes.end())
                fail("the storage key list names a storage no tensor uses");
            const auto numel = readCount(offset, *key);
            const auto byteCount = numel * c10::elementSize(dtype->second);
            if (numel > bytes_.size() || byteCount > bytes_.size() - offset - 8)
                fail("storage '" + *key + "' is larger than the rest of the file");
            if (!found_.emplace(*key, Found { offset + 8, static_cast<int64_t>(numel) }).second)
                fail("storage '" + *key + "' is listed twice");
            offset += 8 + byteCount;
        }
    }

    torch::Tensor load(const StorageId& id) const
    {
        const auto found = found_.find(id.key);
        if (found == found_.end())
            fail("storage '" + id.key + "' is missing");
        if (found->second.numel != id.numel)
            fail("storage '" + id.key + "' holds " + std::to_string(found->second.numel)
                + " elements, expected " + std::to_string(id.numel));
        auto flat = torch::empty({ id.numel }, torch::dtype(id.dtype));
        if (flat.nbytes() > 0) // an empty tensor's data_ptr() is null, which memcpy must not get
            std::memcpy(flat.data_ptr(), bytes_.data() + found->second.offset, flat.nbytes());
        return flat;
    }

private:
    struct Found {
        size_t offset; // of the first element
        int64_t numel;
    };

    [[noreturn]] void fail(const std::string& message) const
    {
        throw ModelError(path_ + ": " + message);
    }

    uint64_t readCount(size_t offset, const std::string& key) const
    {
        if (bytes_.size() - offset < 8)
            fail("the file ends before storage '" + key + "'");
        uint64_t count = 0;
        std::memcpy(&count, bytes_.data() + offset, sizeof count); // little-endian, as checked
        return count;
    }

    const std::string& path_;
    const std::string& bytes_;
    std::unordered_map<std::string, Found> found_;
};

} // namespace

StateDict readLegacyStateDict(const files::RegularFile& file)
{
    const auto& path = file.path();
    const auto bytes = file.readAll();
    const auto source = path + ": pickle"; // offsets count from the start of the file
    // One budget for the file's four pickles, so each cannot take the whole allowance anew.
    PickleBudget budget(bytes.size());
    if (bytes.size() < kMagicPickleSize || bytes[kMagicPickleSize - 1] != '.')
        throw ModelError(path + ": damaged file of torch < 1.6 (magic number)");
    const auto version = readPickleAt(bytes, kMagicPickleSize, source, budget);
    if (version.value.integer() == nullptr || *version.value.integer() != kProtocolVersion)
        throw ModelError(path + ": a file of torch < 1.6 with an unsupported protocol version");
    const auto info = readPickleAt(bytes, version.endOffset, source, budget);
    const auto* littleEndian
        = info.value.dict() == nullptr ? nullptr : entryNamed(*info.value.dict(), "little_endian");
    if (littleEndian == nullptr || !std::holds_alternative<bool>(littleEndian->value))
        throw ModelError(path + ": a file of torch < 1.6 without its system information");
    if (!std::get<bool>(littleEndian->value))
        throw ModelError(path + ": tensors stored big-endian are unsupported");
    const auto root = readPickleAt(bytes, info.endOffset, source, budget);
    const auto keys = readPickleAt(bytes, root.endOffset, source, budget);
    const LegacyStorages storages(path, bytes, keys.endOffset, keys.value, root.value);
    return buildStateDict(
        root.value, path, file.sizeBytes(), [&](const StorageId& id) { return storages.load(id); });
}

} // namespace vigil::models::detail
