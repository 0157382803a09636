#include "models/detail/saved_tensors.h"

#include "core/common/error.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <unordered_set>

namespace vigil::models::detail {
namespace {

constexpr size_t kMaxTensorDims = 64;

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

StorageId parseStorageId(const PickleValue& value, const std::string& what, const std::string& path)
{
    const auto* id = value.container(PickleContainerKind::PersistentId);
    const auto* fields = id == nullptr ? nullptr : id->items.at(0).tuple();
    const auto fieldCount = fields == nullptr ? 0 : fields->items.size();
    if ((fieldCount != 5 && fieldCount != 6) || fields->items[0].string() == nullptr
        || *fields->items[0].string() != "storage" || fields->items[1].global() == nullptr
        || fields->items[2].string() == nullptr || fields->items[2].string()->size() > 64
        || fields->items[4].integer() == nullptr || *fields->items[4].integer() < 0)
        throw ModelError(path + ": " + what + " has a malformed storage id");
    if (fieldCount == 6 && !std::holds_alternative<PickleNone>(fields->items[5].value))
        throw ModelError(path + ": " + what
            + " views part of a storage (torch < 1.6 storage "
              "views are unsupported)");
    const auto& typeName = fields->items[1].global()->name;
    const auto type = std::find_if(kStorageTypes.begin(), kStorageTypes.end(),
        [&](const StorageType& candidate) { return typeName == candidate.name; });
    if (type == kStorageTypes.end())
        throw ModelError(
            path + ": " + what + " has the unsupported storage type '" + typeName + "'");
    return { *fields->items[2].string(), type->dtype, *fields->items[4].integer() };
}

// Builds tensors out of the file's storages. Each storage is loaded once and shared by the
// tensors that view it; the memory the tensors will take is capped by the file's size.
class TensorBuilder {
public:
    TensorBuilder(const StorageLoader& load, std::string path, uint64_t fileSize)
        : load_(load)
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
        LoadedStorage& loaded = storage(name, args[0]);
        const torch::Tensor& flat = loaded.flat;
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
        const torch::Tensor view = flat.as_strided(sizes, strides, *offset);
        // The common case, one tensor over the whole of its storage, takes the storage itself:
        // the ~110 MB of a backbone are not copied once more. A storage viewed again is copied.
        if (!loaded.isTaken && *offset == 0 && numel == flat.numel() && view.is_contiguous()) {
            loaded.isTaken = true;
            return view;
        }
        return view.clone(torch::MemoryFormat::Contiguous);
    }

private:
    struct LoadedStorage {
        torch::Tensor flat;
        bool isTaken = false; // a tensor owns it: the others copy their part
    };

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

    LoadedStorage& storage(const std::string& name, const PickleValue& value)
    {
        const auto id = parseStorageId(value, "tensor '" + name + "'", path_);
        const auto found = storages_.find(id.key);
        if (found != storages_.end()) {
            const torch::Tensor& flat = found->second.flat;
            if (flat.scalar_type() != id.dtype || flat.numel() != id.numel)
                fail("storage '" + id.key + "' is declared twice, differently");
            return found->second;
        }
        if (id.numel > fileSize_ / static_cast<int64_t>(c10::elementSize(id.dtype)))
            fail("storage '" + id.key + "' is larger than the file");
        return storages_.emplace(id.key, LoadedStorage { load_(id) }).first->second;
    }

    const StorageLoader& load_;
    std::string path_;
    int64_t fileSize_;
    int64_t budgetBytes_;
    std::unordered_map<std::string, LoadedStorage> storages_;
};

} // namespace

std::optional<StorageId> storageOfTensor(const PickleValue& value, const std::string& path)
{
    const auto* arguments = tensorArguments(value);
    if (arguments == nullptr || arguments->empty())
        return std::nullopt;
    return parseStorageId(arguments->front(), "a tensor", path);
}

const PickleContainer& tensorDictionary(const PickleValue& root, const std::string& path)
{
    const auto* dict = root.dict();
    if (dict == nullptr)
        throw ModelError(path + ": the pickle holds a " + root.kindName()
            + ", expected a dictionary of tensors");
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

StateDict buildStateDict(
    const PickleValue& root, const std::string& path, uint64_t fileSize, const StorageLoader& load)
{
    TensorBuilder builder(load, path, fileSize);
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

} // namespace vigil::models::detail
