#include "models/pickle_reader.h"

#include "core/common/error.h"
#include "tests/support/test_locations.h"

#include <caffe2/serialize/inline_container.h>
#include <gtest/gtest.h>

#include <random>
#include <string>

namespace vigil::models {
namespace {

const std::string kFixtures = vigil::test::sourceDir() + "/tests/data/state_dicts/";

// A pickle written as a string literal, embedded NUL bytes included.
template <size_t N> std::string pickle(const char (&literal)[N])
{
    return std::string(literal, N - 1);
}

std::string dataPkl(const std::string& fixture)
{
    caffe2::serialize::PyTorchStreamReader reader(kFixtures + fixture);
    const auto [data, size] = reader.getRecord("data.pkl");
    return std::string(static_cast<const char*>(data.get()), size);
}

// The message of the ModelError that reading `bytes` throws; fails the test if none is thrown.
std::string errorOf(const std::string& bytes)
{
    try {
        readPickle(bytes, "test.pth: data.pkl");
    } catch (const ModelError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no ModelError";
    return {};
}

TEST(PickleReader, ReadsScalarsStringsAndContainers)
{
    // {'a': [1, -2, 3.5, True, None, 2**40, -2**63], 'b': (b'xy', 'z', ()), 'c': False}
    const auto bytes = pickle("\x80\x02}(X\x01\x00\x00\x00"
                              "a](K\x01J\xfe\xff\xff\xffG@\x0c\x00\x00\x00\x00\x00\x00\x88N"
                              "\x8a\x06\x00\x00\x00\x00\x00\x01"
                              "\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x80"
                              "eX\x01\x00\x00\x00"
                              "bU\x02xyX\x01\x00\x00\x00"
                              "z)\x87X\x01\x00\x00\x00"
                              "c\x89u.");
    const auto value = readPickle(bytes, "test");
    const auto* dict = value.dict();
    ASSERT_NE(dict, nullptr);
    ASSERT_EQ(dict->entries.size(), 3u);
    EXPECT_EQ(*dict->entries[0].first.string(), "a");
    const auto* list = dict->entries[0].second.container(PickleContainerKind::List);
    ASSERT_NE(list, nullptr);
    ASSERT_EQ(list->items.size(), 7u);
    EXPECT_EQ(*list->items[0].integer(), 1);
    EXPECT_EQ(*list->items[1].integer(), -2);
    EXPECT_EQ(std::get<double>(list->items[2].value), 3.5);
    EXPECT_EQ(std::get<bool>(list->items[3].value), true);
    EXPECT_EQ(list->items[4].kindName(), "None");
    EXPECT_EQ(*list->items[5].integer(), int64_t { 1 } << 40);
    EXPECT_EQ(*list->items[6].integer(), std::numeric_limits<int64_t>::min());
    const auto* tuple = dict->entries[1].second.tuple();
    ASSERT_NE(tuple, nullptr);
    ASSERT_EQ(tuple->items.size(), 3u);
    EXPECT_EQ(std::get<std::shared_ptr<const PickleBytes>>(tuple->items[0].value)->data, "xy");
    EXPECT_EQ(*tuple->items[1].string(), "z");
    EXPECT_EQ(tuple->items[2].kindName(), "tuple");
    EXPECT_EQ(std::get<bool>(dict->entries[2].second.value), false);
}

TEST(PickleReader, ReadsATorchStateDictAsRecordedCalls)
{
    for (const auto* fixture : { "sequential.pth", "protocol4.pth" }) {
        SCOPED_TRACE(fixture);
        const auto value = readPickle(dataPkl(fixture), "test");
        const auto* dict = value.dict();
        ASSERT_NE(dict, nullptr);
        EXPECT_TRUE(dict->isOrderedDict);
        ASSERT_EQ(dict->entries.size(), 7u);
        EXPECT_EQ(*dict->entries[0].first.string(), "0.weight");
        EXPECT_EQ(*dict->entries[6].first.string(), "1.num_batches_tracked");
        const auto* call = dict->entries[0].second.container(PickleContainerKind::Call);
        ASSERT_NE(call, nullptr);
        EXPECT_EQ(call->callable.qualifiedName(), "torch._utils._rebuild_tensor_v2");
        ASSERT_EQ(call->items.size(), 1u);
        const auto* arguments = call->items[0].tuple();
        ASSERT_NE(arguments, nullptr);
        ASSERT_EQ(arguments->items.size(), 6u);
        const auto* id = arguments->items[0].container(PickleContainerKind::PersistentId);
        ASSERT_NE(id, nullptr);
        const auto* fields = id->items.at(0).tuple();
        ASSERT_NE(fields, nullptr);
        ASSERT_EQ(fields->items.size(), 5u);
        EXPECT_EQ(*fields->items[0].string(), "storage");
        EXPECT_EQ(fields->items[1].global()->qualifiedName(), "torch.FloatStorage");
        EXPECT_EQ(*fields->items[4].integer(), 12);
    }
}

TEST(PickleReader, RejectsUnknownGlobals)
{
    const auto viaGlobal = errorOf(pickle("\x80\x02"
                                          "cos\nsystem\n"
                                          "X\x04\x00\x00\x00"
                                          "echo\x85R."));
    EXPECT_NE(viaGlobal.find("offset 2: global 'os.system' is not allowed"), std::string::npos)
        << viaGlobal;
    const auto viaStack = errorOf(pickle("\x80\x04\x8c\x08"
                                         "builtins\x8c\x04"
                                         "eval\x93."));
    EXPECT_NE(viaStack.find("'builtins.eval'"), std::string::npos) << viaStack;
    const auto subclass = errorOf(pickle("\x80\x02"
                                         "ccollections\ndefaultdict\n)R."));
    EXPECT_NE(subclass.find("'collections.defaultdict'"), std::string::npos) << subclass;
}

TEST(PickleReader, NamesTheOffsetOfAnUnsupportedOpcode)
{
    EXPECT_EQ(errorOf(pickle("\x80\x02K\x01I1\n.")),
        "test.pth: data.pkl offset 4: unsupported opcode 0x49");
}

TEST(PickleReader, RejectsMalformedPickles)
{
    const std::pair<std::string, std::string> cases[] = {
        { pickle("\x80\x02s."), "stack underflow" },
        { pickle("\x80\x02K\x01(\x85."), "stack underflow" }, // TUPLE1 cannot reach below MARK
        { pickle("\x80\x02t."), "no MARK" },
        { pickle("\x80\x02h\x05."), "memo index 5 was never stored" },
        { pickle("\x80\x02j\xff\xff\xff\x7f."), "memo index 2147483647 was never stored" },
        { pickle("\x80\x02X\xff\xff\xff\x7f"
                 "abc."),
            "truncated" },
        { pickle("\x80\x02\x8d\xff\xff\xff\xff\xff\xff\xff\xff."), "truncated" },
        { pickle("\x80\x02T\xff\xff\xff\xff."), "truncated" }, // negative BINSTRING length
        { pickle("\x80\x02\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x00\x01."), "too large" },
        { pickle("\x80\x02K\x01"), "no STOP" },
        { pickle("\x80\x06."), "unsupported pickle protocol 6" },
        { pickle("\x80\x02"
                 "cos"),
            "unterminated" },
        { pickle("\x80\x02"
                 "ctorch\nFloatStorage\n)R."),
            "calling 'torch.FloatStorage'" },
        { pickle("\x80\x02}}b."), "BUILD on a dict" },
        { pickle("\x80\x02K\x00K\x01K\x02s."), "SETITEMS on a int" },
        { pickle("\x80\x02"
                 "ccollections\nOrderedDict\nK\x01R."),
            "needs a global and an argument tuple" },
        { pickle("\x80\x02K\x01K\x02\x93."), "STACK_GLOBAL needs two strings" },
    };
    for (const auto& [bytes, expected] : cases) {
        const auto message = errorOf(bytes);
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    }
}

TEST(PickleReader, RejectsReferenceCyclesAndDeepNesting)
{
    // EMPTY_LIST, BINPUT 0, BINGET 0, APPEND: a list containing itself.
    EXPECT_NE(errorOf(pickle("\x80\x02]q\x00h\x00"
                             "a."))
                  .find("cannot contain itself"),
        std::string::npos);
    // A = [B]; then B.append(A): B was sealed when it went into A.
    EXPECT_NE(errorOf(pickle("\x80\x02]q\x00]q\x01"
                             "ah\x01h\x00"
                             "a."))
                  .find("already stored"),
        std::string::npos);
    std::string deep = "\x80\x02" + std::string(100, ']') + std::string(99, 'a') + ".";
    EXPECT_NE(errorOf(deep).find("nested more than 64 deep"), std::string::npos);
    std::string shallow = "\x80\x02" + std::string(60, ']') + std::string(59, 'a') + ".";
    EXPECT_NO_THROW(readPickle(shallow, "test"));
}

TEST(PickleReader, SharesRepeatedArgumentsInsteadOfCopyingThem)
{
    // 10,000 calls that all reuse one memoised 100,000-item argument tuple: copying the
    // arguments per call would need some 24 GB; sharing them takes a few megabytes, within the
    // PickleBudget of a 150 KB pickle.
    std::string bytes = pickle("\x80\x02"
                               "ctorch._utils\n_rebuild_tensor_v2\nq\x00(");
    bytes += std::string(100000, 'N') + "tq\x01";
    for (int call = 0; call < 10000; ++call)
        bytes += pickle("h\x00h\x01R");
    const auto value = readPickle(bytes + ".", "test");
    const auto* call = value.container(PickleContainerKind::Call);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(call->items.at(0).tuple()->items.size(), 100000u);
}

TEST(PickleReader, SurvivesRandomMutationsOfARealStateDict)
{
    const auto original = dataPkl("sequential.pth");
    std::mt19937 random(20240611);
    int failures = 0;
    for (int iteration = 0; iteration < 4000; ++iteration) {
        auto bytes = original;
        const int mutations = 1 + static_cast<int>(random() % 4);
        for (int m = 0; m < mutations && !bytes.empty(); ++m) {
            const auto at = random() % bytes.size();
            switch (random() % 5) {
            case 0:
                bytes[at] = static_cast<char>(bytes[at] ^ (1 << (random() % 8)));
                break;
            case 1:
                bytes[at] = static_cast<char>(random());
                break;
            case 2:
                bytes.resize(at);
                break;
            case 3:
                bytes.insert(at, 1, static_cast<char>(random()));
                break;
            default:
                bytes.erase(at, 1 + random() % 8);
                break;
            }
        }
        try {
            readPickle(bytes, "fuzz");
        } catch (const ModelError&) {
            ++failures;
        } catch (const std::exception& error) {
            ADD_FAILURE() << "iteration " << iteration << ": " << error.what();
        }
    }
    EXPECT_GT(failures, 1000); // the mutations do reach the error paths
}

} // namespace
} // namespace vigil::models
