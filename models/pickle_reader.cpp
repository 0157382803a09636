#include "models/pickle_reader.h"

#include "core/common/error.h"
#include "models/detail/pickle_cursor.h"
#include "models/detail/pickle_globals.h"
#include "models/detail/pickle_opcodes.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>

namespace vigil::models {
namespace {

using detail::isAllowed;
using detail::isStorageType;
namespace op = detail::op;

constexpr uint64_t kMaxProtocol = 5;
constexpr int kMaxNesting = 64;
constexpr size_t kMaxNameLength = 256; // a GLOBAL's module or name

// Python 3 pickles bytes with opcodes (or, under protocol 2, _codecs.encode calls) that
// Python 2, which wrote every Caffe2 weights file, never used.
constexpr const char* kPython3Note
    = " (Python 3 bytes: this file was re-pickled by Python 3; Caffe2 weights files are the "
      "Python 2 pickles Caffe2 wrote)";

using ContainerPtr = std::shared_ptr<PickleContainer>;

// What PickleBudget charges: heap sizes, with glibc's chunk header and, for make_shared, the
// control block. Vector capacity beyond size is not charged, so real use may be up to twice this.
constexpr uint64_t kChunkOverhead = 16;
constexpr uint64_t kSharedOverhead = 16 + kChunkOverhead;
constexpr uint64_t kContainerCost = sizeof(PickleContainer) + kSharedOverhead;
constexpr uint64_t kSlotCost = sizeof(PickleValue);
constexpr uint64_t kMemoEntryCost // an unordered_map node and its bucket
    = sizeof(std::pair<const uint64_t, PickleValue>) + 2 * sizeof(void*) + kChunkOverhead;

uint64_t stringCost(size_t length)
{
    return sizeof(PickleBytes) + kSharedOverhead + length + kChunkOverhead;
}

// Runs one pickle. The stack above the newest MARK is the only part opcodes may pop, as in
// CPython; the memo shares containers with the stack, so mutations are seen through both.
class Interpreter {
public:
    Interpreter(std::string_view bytes, const std::string& sourceName, PickleGlobals allowed,
        PickleBudget& budget, size_t start = 0)
        : cursor_(bytes, sourceName, start)
        , allowedGlobals_(allowed)
        , budget_(budget)
    {
    }

    size_t position() const { return cursor_.position(); }

    PickleValue run()
    {
        while (!cursor_.atEnd()) {
            const auto opcode = cursor_.nextOpcode();
            if (opcode == op::kStop)
                return pop();
            step(opcode);
        }
        cursor_.markEnd();
        fail("truncated: no STOP opcode");
    }

private:
    void step(uint8_t opcode);

    [[noreturn]] void fail(const std::string& message) const { cursor_.fail(message); }

    void charge(uint64_t bytes)
    {
        if (!budget_.tryCharge(bytes))
            fail("the pickle needs more than " + std::to_string(budget_.limitBytes() >> 20)
                + " MB of memory, more than its size can explain (a file built to exhaust "
                  "memory?)");
    }

    ContainerPtr newContainer(PickleContainerKind kind)
    {
        charge(kContainerCost);
        return std::make_shared<PickleContainer>(kind);
    }

    PickleValue text(std::string_view raw)
    {
        charge(stringCost(raw.size()));
        return PickleValue { std::make_shared<const std::string>(raw) };
    }

    PickleValue bytes(std::string_view raw)
    {
        charge(stringCost(raw.size()));
        return PickleValue { std::make_shared<const PickleBytes>(
            PickleBytes { std::string(raw) }) };
    }

    void checkProtocol(uint64_t protocol)
    {
        if (protocol > kMaxProtocol)
            fail("unsupported pickle protocol " + std::to_string(protocol));
    }

    PickleValue& top()
    {
        if (stack_.size() <= (marks_.empty() ? 0 : marks_.back()))
            fail("stack underflow");
        return stack_.back();
    }

    PickleValue pop()
    {
        PickleValue value = std::move(top());
        stack_.pop_back();
        return value;
    }

    std::vector<PickleValue> popCount(size_t count)
    {
        std::vector<PickleValue> items(count);
        for (auto item = items.rbegin(); item != items.rend(); ++item)
            *item = pop();
        return items;
    }

    std::vector<PickleValue> popToMark()
    {
        if (marks_.empty())
            fail("no MARK on the stack");
        const auto mark = static_cast<std::ptrdiff_t>(marks_.back());
        marks_.pop_back();
        std::vector<PickleValue> items(
            std::make_move_iterator(stack_.begin() + mark), std::make_move_iterator(stack_.end()));
        stack_.erase(stack_.begin() + mark, stack_.end());
        return items;
    }

    // The stack and the marks are charged for their largest size: BINGET re-pushes cheaply.
    void push(PickleValue value)
    {
        if (stack_.size() >= chargedStackSlots_) {
            charge(kSlotCost);
            ++chargedStackSlots_;
        }
        stack_.push_back(std::move(value));
    }

    void mark()
    {
        if (marks_.size() >= chargedMarks_) {
            charge(sizeof(size_t));
            ++chargedMarks_;
        }
        marks_.push_back(stack_.size());
    }

    // Records that `child` now lives inside `parent`: a stored container is sealed against
    // later changes, so no reference cycle can form, and the nesting depth stays bounded.
    void adopt(PickleContainer& parent, const PickleValue& child)
    {
        const auto* shared = std::get_if<ContainerPtr>(&child.value);
        if (shared == nullptr)
            return;
        if (shared->get() == &parent)
            fail("a container cannot contain itself");
        (*shared)->isSealed = true;
        parent.height = std::max(parent.height, (*shared)->height + 1);
        if (parent.height > kMaxNesting)
            fail("containers are nested more than " + std::to_string(kMaxNesting) + " deep");
    }

    PickleValue makeTuple(std::vector<PickleValue> items)
    {
        auto tuple = newContainer(PickleContainerKind::Tuple);
        charge(items.size() * kSlotCost);
        for (const auto& item : items)
            adopt(*tuple, item);
        tuple->items = std::move(items);
        return PickleValue { tuple };
    }

    PickleContainer& mutableTop(PickleContainerKind kind, const std::string& opcodeName)
    {
        const auto* shared = std::get_if<ContainerPtr>(&top().value);
        if (shared == nullptr || (*shared)->kind != kind)
            fail(opcodeName + " on a " + top().kindName());
        if ((*shared)->isSealed)
            fail(opcodeName + " changes a container already stored in another");
        return **shared;
    }

    void setItems(std::vector<PickleValue> keysAndValues)
    {
        if (keysAndValues.size() % 2 != 0)
            fail("SETITEMS needs key-value pairs");
        auto& dict = mutableTop(PickleContainerKind::Dict, "SETITEMS");
        charge(keysAndValues.size() * kSlotCost);
        for (size_t i = 0; i < keysAndValues.size(); i += 2) {
            adopt(dict, keysAndValues[i]);
            adopt(dict, keysAndValues[i + 1]);
            dict.entries.emplace_back(std::move(keysAndValues[i]), std::move(keysAndValues[i + 1]));
        }
    }

    void appendItems(std::vector<PickleValue> items)
    {
        auto& list = mutableTop(PickleContainerKind::List, "APPENDS");
        charge(items.size() * kSlotCost);
        for (auto& item : items) {
            adopt(list, item);
            list.items.push_back(std::move(item));
        }
    }

    void memoPut(uint64_t index)
    {
        const auto& value = top();
        if (memo_.count(index) == 0)
            charge(kMemoEntryCost);
        memo_[index] = value;
    }

    void memoGet(uint64_t index)
    {
        const auto found = memo_.find(index);
        if (found == memo_.end())
            fail("memo index " + std::to_string(index) + " was never stored");
        push(found->second);
    }

    PickleValue makeGlobal(std::string module, std::string name)
    {
        charge(sizeof(PickleGlobal) + kSharedOverhead + module.size() + name.size()
            + 2 * kChunkOverhead);
        PickleGlobal global { std::move(module), std::move(name) };
        if (allowedGlobals_ == PickleGlobals::NumPyArrays && global.module == "_codecs")
            fail("global '" + global.qualifiedName() + "' is not allowed" + kPython3Note);
        if (!isAllowed(global, allowedGlobals_))
            fail("global '" + global.qualifiedName() + "' is not allowed ("
                + (allowedGlobals_ == PickleGlobals::NumPyArrays
                        ? "a Caffe2 weights file holds only NumPy arrays and dictionaries)"
                        : "a state dict holds only tensors and dictionaries)"));
        return PickleValue { std::make_shared<const PickleGlobal>(std::move(global)) };
    }

    PickleValue global()
    {
        auto module = cursor_.readLine(kMaxNameLength);
        return makeGlobal(std::move(module), cursor_.readLine(kMaxNameLength));
    }

    PickleValue stackGlobal()
    {
        const auto name = pop();
        const auto module = pop();
        if (name.string() == nullptr || module.string() == nullptr)
            fail("STACK_GLOBAL needs two strings");
        return makeGlobal(
            module.string()->substr(0, kMaxNameLength), name.string()->substr(0, kMaxNameLength));
    }

    // REDUCE and NEWOBJ: collections.OrderedDict() builds a dictionary; a call to any other
    // whitelisted global is recorded, not made.
    PickleValue reduce()
    {
        const auto args = pop();
        const auto callable = pop();
        const auto* global = callable.global();
        const auto* tuple = args.tuple();
        if (global == nullptr || tuple == nullptr)
            fail("REDUCE needs a global and an argument tuple");
        const bool isOrderedDict = global->name == "OrderedDict";
        if (isStorageType(*global) || (isOrderedDict && !tuple->items.empty()))
            fail("calling '" + global->qualifiedName() + "' this way is unsupported");
        auto result
            = newContainer(isOrderedDict ? PickleContainerKind::Dict : PickleContainerKind::Call);
        charge(kSlotCost);
        result->isOrderedDict = isOrderedDict;
        result->callable = *global;
        if (!isOrderedDict) { // shares the arguments: copying them could amplify memory use
            adopt(*result, args);
            result->items.push_back(args);
        }
        return PickleValue { result };
    }

    PickleValue persistentId(PickleValue id)
    {
        auto result = newContainer(PickleContainerKind::PersistentId);
        charge(kSlotCost);
        adopt(*result, id);
        result->items.push_back(std::move(id));
        return PickleValue { result };
    }

    // BUILD sets an object's state. A recorded call keeps it as its second item, set once while
    // no container holds the call yet (so no cycle can form); OrderedDict's _metadata is ignored.
    void build()
    {
        auto state = pop();
        const auto* shared = std::get_if<ContainerPtr>(&top().value);
        if (shared != nullptr && (*shared)->kind == PickleContainerKind::Call) {
            auto& call = **shared;
            if (call.items.size() != 1 || call.isSealed)
                fail("BUILD on a call that already has a state or is stored in a container");
            adopt(call, state);
            charge(kSlotCost);
            return call.items.push_back(std::move(state));
        }
        const auto* dict = top().dict();
        if (dict == nullptr || !dict->isOrderedDict)
            fail("BUILD on a " + top().kindName() + " is unsupported");
    }

    detail::PickleCursor cursor_;
    PickleGlobals allowedGlobals_;
    PickleBudget& budget_;
    std::vector<PickleValue> stack_;
    std::vector<size_t> marks_; // the stack height at each open MARK
    size_t chargedStackSlots_ = 0;
    size_t chargedMarks_ = 0;
    std::unordered_map<uint64_t, PickleValue> memo_;
};

void Interpreter::step(uint8_t opcode)
{
    // One line per opcode reads best as a table.
    // clang-format off
    switch (opcode) {
    case op::kProto: return checkProtocol(cursor_.readUnsigned(1));
    case op::kFrame: return static_cast<void>(cursor_.readUnsigned(8)); // frames only help buffering
    case op::kNone: return push(PickleValue { PickleNone {} });
    case op::kNewTrue: return push(PickleValue { true });
    case op::kNewFalse: return push(PickleValue { false });
    case op::kBinInt: return push(PickleValue { cursor_.readSigned(4) });
    case op::kBinInt1: return push(PickleValue { static_cast<int64_t>(cursor_.readUnsigned(1)) });
    case op::kBinInt2: return push(PickleValue { static_cast<int64_t>(cursor_.readUnsigned(2)) });
    case op::kLong1: return push(PickleValue { cursor_.readSigned(cursor_.readUnsigned(1)) });
    case op::kBinFloat: return push(PickleValue { cursor_.readBigEndianDouble() });
    case op::kShortBinUnicode: return push(text(cursor_.readBytes(cursor_.readUnsigned(1))));
    case op::kBinUnicode: return push(text(cursor_.readBytes(cursor_.readUnsigned(4))));
    case op::kBinUnicode8: return push(text(cursor_.readBytes(cursor_.readUnsigned(8))));
    case op::kShortBinString: return push(bytes(cursor_.readBytes(cursor_.readUnsigned(1)))); // Python 2 str
    case op::kBinString: return push(bytes(cursor_.readBytes(static_cast<uint64_t>(cursor_.readSigned(4)))));
    case op::kMark: return mark();
    case op::kEmptyTuple: return push(makeTuple({}));
    case op::kEmptyList: return push(PickleValue { newContainer(PickleContainerKind::List) });
    case op::kEmptyDict: return push(PickleValue { newContainer(PickleContainerKind::Dict) });
    case op::kTuple: return push(makeTuple(popToMark()));
    case op::kTuple1: return push(makeTuple(popCount(1)));
    case op::kTuple2: return push(makeTuple(popCount(2)));
    case op::kTuple3: return push(makeTuple(popCount(3)));
    case op::kSetItem: return setItems(popCount(2));
    case op::kSetItems: return setItems(popToMark());
    case op::kAppend: return appendItems(popCount(1));
    case op::kAppends: return appendItems(popToMark());
    case op::kBinPut: return memoPut(cursor_.readUnsigned(1));
    case op::kLongBinPut: return memoPut(cursor_.readUnsigned(4));
    case op::kMemoize: return memoPut(memo_.size());
    case op::kBinGet: return memoGet(cursor_.readUnsigned(1));
    case op::kLongBinGet: return memoGet(cursor_.readUnsigned(4));
    case op::kGlobal: return push(global());
    case op::kStackGlobal: return push(stackGlobal());
    case op::kReduce: return push(reduce());
    case op::kNewObj: return push(reduce());
    case op::kBinPersId: return push(persistentId(pop()));
    case op::kBuild: return build();
    }
    // clang-format on
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", opcode);
    const bool isPython3Bytes = opcode == 'B' || opcode == 'C' || opcode == 0x8e;
    fail(std::string("unsupported opcode ") + hex
        + (isPython3Bytes && allowedGlobals_ == PickleGlobals::NumPyArrays ? kPython3Note : ""));
}

} // namespace

PickleValue readPickle(std::string_view bytes, const std::string& sourceName,
    PickleGlobals allowedGlobals, PickleBudget* budget)
{
    PickleBudget ownBudget(bytes.size());
    return Interpreter(bytes, sourceName, allowedGlobals, budget != nullptr ? *budget : ownBudget)
        .run();
}

PickleAt readPickleAt(std::string_view bytes, size_t offset, const std::string& sourceName,
    PickleBudget& budget, PickleGlobals allowedGlobals)
{
    Interpreter interpreter(bytes, sourceName, allowedGlobals, budget, offset);
    auto value = interpreter.run();
    return { std::move(value), interpreter.position() };
}

} // namespace vigil::models
