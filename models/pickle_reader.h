#pragma once
// A safe interpreter for the subset of Python's pickle protocol (2 to 4) that torch.save uses
// for state dicts, and that Python 2 used for Caffe2's NumPy blob files. It never executes
// anything: globals are checked against a fixed whitelist, collections.OrderedDict() builds a
// dictionary, and any other call (REDUCE, NEWOBJ), its BUILD state, or persistent id (BINPERSID)
// is recorded as a value for the caller to interpret. Every failure, malformed or hostile input
// included, is a vigil::ModelError naming the input and byte offset.
// readPickle is a pure function: any thread may call it.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace vigil::models {

struct PickleValue;

// A whitelisted Python global such as torch._utils._rebuild_tensor_v2.
struct PickleGlobal {
    std::string module;
    std::string name;

    std::string qualifiedName() const { return module + "." + name; }
};

struct PickleNone { };

// Python bytes, and Python 2 str. (Python str is a plain std::string.)
struct PickleBytes {
    std::string data;
};

enum class PickleContainerKind { Tuple, List, Dict, Call, PersistentId };

// Tuples, lists, dicts, and recorded calls and persistent ids. Shared, because the pickle memo
// refers to one object from many places. Dict entries keep their insertion order and are not
// de-duplicated.
struct PickleContainer {
    explicit PickleContainer(PickleContainerKind containerKind)
        : kind(containerKind)
    {
    }

    PickleContainerKind kind;
    bool isOrderedDict = false;
    PickleGlobal callable; // Call: the global "called"
    // Tuple, List; a Call's argument tuple, then its BUILD state if it got one; a PersistentId's id
    std::vector<PickleValue> items;
    std::vector<std::pair<PickleValue, PickleValue>> entries; // Dict

    // Interpreter bookkeeping: a container that became part of another one is sealed (no
    // longer mutable), which rules out reference cycles; height bounds the nesting depth.
    bool isSealed = false;
    int height = 1;
};

namespace detail {
template <typename T, typename Variant> const T* sharedGet(const Variant& value)
{
    const auto* shared = std::get_if<std::shared_ptr<const T>>(&value);
    return shared == nullptr ? nullptr : shared->get();
}
} // namespace detail

// A Python value. Everything larger than a number is shared, so memo look-ups stay cheap.
struct PickleValue {
    using Variant = std::variant<PickleNone, bool, int64_t, double,
        std::shared_ptr<const std::string>, std::shared_ptr<const PickleBytes>,
        std::shared_ptr<const PickleGlobal>, std::shared_ptr<PickleContainer>>;
    Variant value;

    // Each returns nullptr when the value is of another kind.
    const int64_t* integer() const { return std::get_if<int64_t>(&value); }
    const std::string* string() const { return detail::sharedGet<std::string>(value); }
    const PickleGlobal* global() const { return detail::sharedGet<PickleGlobal>(value); }
    const PickleContainer* container(PickleContainerKind kind) const
    {
        const auto* shared = std::get_if<std::shared_ptr<PickleContainer>>(&value);
        return shared == nullptr || (*shared)->kind != kind ? nullptr : shared->get();
    }
    const PickleContainer* dict() const { return container(PickleContainerKind::Dict); }
    const PickleContainer* tuple() const { return container(PickleContainerKind::Tuple); }

    // "dict", "str", "call to torch._utils._rebuild_tensor_v2", ... for error messages.
    std::string kindName() const;
};

// Which globals a pickle may name. Each kind of file gets only the few it needs.
enum class PickleGlobals {
    TorchStateDict, // collections.OrderedDict, torch._utils._rebuild_*, torch.*Storage
    NumPyArrays, // numpy.ndarray, numpy.dtype, numpy.core.multiarray._reconstruct and .scalar
};

// What interpreting pickles may allocate, so that no file can cost more than a small multiple of
// its size: every object, container slot, memo entry, stack slot and MARK the interpreter makes
// is charged about its heap size, and a charge past the limit is a ModelError naming the input.
// A 1-byte EMPTY_LIST makes about 180 bytes of objects, so without a bound a 10 MB file of them
// would take 2 GB. One budget may span the several pickles of one file. Not thread-safe.
class PickleBudget {
public:
    static constexpr uint64_t kBytesPerInputByte = 8;
    // A torch.save pickle makes about 30 bytes of objects per byte of itself (a 900-byte
    // classifier pickle: 23 KB), so this fixed allowance, not the per-byte one, pays for real
    // state dicts; a Caffe2 pickle is mostly raw bytes, charged about once.
    static constexpr uint64_t kBaseBytes = uint64_t { 16 } << 20;
    // kBytesPerInputByte per byte of the pickles it will pay for, plus kBaseBytes.
    explicit PickleBudget(uint64_t inputBytes)
        : limitBytes_(kBaseBytes + kBytesPerInputByte * inputBytes)
    {
    }

    uint64_t limitBytes() const { return limitBytes_; }
    uint64_t usedBytes() const { return usedBytes_; }
    // False, charging nothing, when `bytes` more would pass the limit.
    bool tryCharge(uint64_t bytes)
    {
        if (bytes > limitBytes_ - usedBytes_)
            return false;
        usedBytes_ += bytes;
        return true;
    }

private:
    uint64_t limitBytes_;
    uint64_t usedBytes_ = 0;
};

// Interprets `bytes` up to its STOP opcode and returns the value it leaves. `sourceName` opens
// every error message, e.g. "model.pth: data.pkl" gives
// "model.pth: data.pkl offset 1234: unsupported opcode 0x63". Throws vigil::ModelError. Without
// a `budget`, it gets PickleBudget(bytes.size()).
PickleValue readPickle(std::string_view bytes, const std::string& sourceName,
    PickleGlobals allowedGlobals = PickleGlobals::TorchStateDict, PickleBudget* budget = nullptr);

// The pickle that starts at `offset` of `bytes`, for files holding several pickles in a row
// (torch.save's format before torch 1.6): its value, and the offset just past its STOP opcode.
// Error offsets count from the start of `bytes`; `budget` pays for every pickle of the file.
struct PickleAt {
    PickleValue value;
    size_t endOffset = 0;
};
PickleAt readPickleAt(std::string_view bytes, size_t offset, const std::string& sourceName,
    PickleBudget& budget, PickleGlobals allowedGlobals = PickleGlobals::TorchStateDict);

} // namespace vigil::models
