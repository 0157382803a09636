#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"

#include "core/common/error.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <fstream>
#include <random>

namespace vigil::models {
namespace {

const std::string kFixtures = vigil::test::sourceDir() + "/tests/data/state_dicts/";

torch::Tensor range(int64_t count, torch::ScalarType dtype = torch::kFloat)
{
    return torch::arange(count, torch::dtype(dtype));
}

const torch::Tensor& tensorNamed(const StateDict& dict, const std::string& name)
{
    for (const auto& [key, tensor] : dict) {
        if (key == name)
            return tensor;
    }
    throw std::runtime_error("no tensor " + name);
}

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string writeTemporary(const std::string& name, const std::string& bytes)
{
    const auto path = vigil::test::testTmpDir() + "/state_dict_reader_" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// The message of the ModelError that reading `path` throws; fails the test if none is thrown.
std::string readError(const std::string& path)
{
    try {
        readStateDict(path);
    } catch (const ModelError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no ModelError for " << path;
    return {};
}

// The values scripts/make_state_dict_fixtures.py saved in sequential.pth, in file order.
StateDict sequentialValues()
{
    return { { "0.weight", range(12).view({ 3, 4 }) / 4 - 1 }, { "0.bias", range(3) / 2 },
        { "1.weight", range(3) + 1 }, { "1.bias", -range(3) }, { "1.running_mean", range(3) / 4 },
        { "1.running_var", range(3) + 2 },
        { "1.num_batches_tracked", torch::tensor(int64_t { 7 }) } };
}

void expectEqual(const StateDict& actual, const StateDict& expected)
{
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        SCOPED_TRACE(expected[i].first);
        EXPECT_EQ(actual[i].first, expected[i].first);
        EXPECT_EQ(actual[i].second.scalar_type(), expected[i].second.scalar_type());
        EXPECT_EQ(actual[i].second.sizes(), expected[i].second.sizes());
        EXPECT_TRUE(actual[i].second.is_contiguous());
        EXPECT_TRUE(torch::equal(actual[i].second, expected[i].second));
    }
}

TEST(StateDictReader, ReadsAModuleStateDictInFileOrder)
{
    expectEqual(readStateDict(kFixtures + "sequential.pth"), sequentialValues());
    expectEqual(readStateDict(kFixtures + "protocol4.pth"), sequentialValues());
}

TEST(StateDictReader, ReadsPlainDictsAndParameters)
{
    expectEqual(readStateDict(kFixtures + "plain_dict.pth"),
        { { "w", range(6).view({ 2, 3 }) }, { "p", range(3) * 2 } });
}

TEST(StateDictReader, KeepsTheDtypeEachTensorWasSavedIn)
{
    expectEqual(readStateDict(kFixtures + "dtypes.pth"),
        { { "f64", range(5, torch::kDouble) / 4 }, { "f16", range(4, torch::kHalf) / 2 },
            { "bf16", range(3, torch::kBFloat16) }, { "i64", range(4, torch::kLong) * -3 },
            { "i32", range(3, torch::kInt) + 100 }, { "u8", range(4, torch::kByte) * 60 },
            { "b", torch::tensor({ true, false, true }) } });
}

TEST(StateDictReader, CopiesViewsThatShareAStorageIntoTensorsOfTheirOwn)
{
    const auto base = range(12).view({ 3, 4 });
    const auto dict = readStateDict(kFixtures + "views.pth");
    expectEqual(dict,
        { { "a", base }, { "b", base.slice(0, 1) }, { "c", base.t().contiguous() },
            { "d", base.select(1, 1) }, { "e", base.slice(1, 0, 0) } });
    tensorNamed(dict, "a").fill_(-1);
    EXPECT_TRUE(torch::equal(tensorNamed(dict, "b"), base.slice(0, 1)));
    EXPECT_TRUE(torch::equal(tensorNamed(dict, "c"), base.t().contiguous()));
    EXPECT_TRUE(torch::equal(tensorNamed(dict, "d"), base.select(1, 1)));
}

TEST(StateDictReader, ReadsTheStreamFormatOfTorchBefore16)
{
    expectEqual(readStateDict(kFixtures + "legacy.pth"), { { "x", range(3) } });
}

TEST(StateDictReader, FindsTheStateDictInsideACheckpoint)
{
    expectEqual(readStateDict(kFixtures + "wrapped.pth"), { { "x", range(2) } });
}

// The paper's classifier checkpoints: generated in their format (always), and the published
// files themselves when they are there.
enum class Source { Generated, Published };

void PrintTo(Source source, std::ostream* out)
{
    *out << (source == Source::Generated ? "generated" : "published");
}

class ClassifierCheckpoint : public testing::TestWithParam<std::tuple<Source, int, int>> { };

TEST_P(ClassifierCheckpoint, HasTheKeysAndShapesOfTheProtocol)
{
    const auto [source, hidden, rows] = GetParam();
    const std::string path = source == Source::Generated
        ? test::generatedCheckpoint(hidden, rows)
        : test::referenceCheckpoint("SelfAttention-da" + std::to_string(hidden) + "-r"
            + std::to_string(rows) + "-T32-seed9111.pth");
    // A missing generated file is a failure, not a skip.
    const std::string why = source == Source::Published ? test::publishedSkipReason(path) : "";
    if (!why.empty())
        GTEST_SKIP() << why;
    const auto dict = readStateDict(path);
    const std::vector<std::pair<std::string, std::vector<int64_t>>> expected
        = { { "self_anttention.0.weight", { hidden, 2048 } },
              { "self_anttention.0.bias", { hidden } },
              { "self_anttention.2.weight", { rows, hidden } },
              { "self_anttention.2.bias", { rows } }, { "fc1.weight", { 32, 2048 * rows } },
              { "fc1.bias", { 32 } }, { "fc2.weight", { 1, 32 } }, { "fc2.bias", { 1 } } };
    ASSERT_EQ(dict.size(), expected.size());
    for (size_t i = 0; i < dict.size(); ++i) {
        EXPECT_EQ(dict[i].first, expected[i].first);
        EXPECT_EQ(dict[i].second.sizes(), c10::IntArrayRef(expected[i].second)) << dict[i].first;
        EXPECT_EQ(dict[i].second.scalar_type(), torch::kFloat);
        EXPECT_TRUE(torch::isfinite(dict[i].second).all().item<bool>());
    }
}

std::string shapeName(const testing::TestParamInfo<ClassifierCheckpoint::ParamType>& info)
{
    return "da" + std::to_string(std::get<1>(info.param)) + "_r"
        + std::to_string(std::get<2>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Generated, ClassifierCheckpoint,
    testing::Values(
        std::make_tuple(Source::Generated, 64, 3), std::make_tuple(Source::Generated, 128, 7)),
    shapeName);
INSTANTIATE_TEST_SUITE_P(Published, ClassifierCheckpoint,
    testing::Values(
        std::make_tuple(Source::Published, 64, 3), std::make_tuple(Source::Published, 128, 7)),
    shapeName);

TEST(StateDictReader, ExplainsWhatIsWrongWithOtherFiles)
{
    const std::pair<std::string, std::string> cases[] = {
        { kFixtures + "absent.pth", "absent.pth: no such file" },
        { kFixtures, "not a regular file" },
        { kFixtures + "scripted.pt", "not a PyTorch state-dict file (a TorchScript archive" },
        { kFixtures + "compressed.pth", "is compressed" },
        { kFixtures + "no_data_pkl.pth", "the archive has no data.pkl" },
        { kFixtures + "malicious.pth", "data.pkl offset 2: global 'os.system' is not allowed" },
        { writeTemporary("text.pth", "just some text\n"),
            "not a PyTorch state-dict file (expected the zip format written by torch.save)" },
        { writeTemporary("empty.pth", ""), "empty.pth: empty file (0 bytes)" },
        { writeTemporary("cut.pth", fileBytes(kFixtures + "sequential.pth").substr(0, 300)),
            "truncated or damaged zip archive (no end-of-archive record)" },
    };
    for (const auto& [path, expected] : cases) {
        const auto message = readError(path);
        EXPECT_NE(message.find(path + ": "), std::string::npos) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    }
}

TEST(StateDictReader, RejectsRandomBytesAndTruncatedFiles)
{
    std::mt19937 random(7);
    std::string noise(5000, '\0');
    for (auto& byte : noise)
        byte = static_cast<char>(random());
    readError(writeTemporary("noise.pth", noise));
    const auto original = fileBytes(kFixtures + "sequential.pth");
    for (size_t length = 0; length < original.size(); length += 7) {
        SCOPED_TRACE(length);
        readError(writeTemporary("truncated.pth", original.substr(0, length)));
    }
}

TEST(StateDictReader, SurvivesBitFlips)
{
    const auto original = fileBytes(kFixtures + "sequential.pth");
    std::mt19937 random(99);
    int failures = 0;
    for (int iteration = 0; iteration < 400; ++iteration) {
        auto bytes = original;
        for (int flip = 0; flip < 1 + iteration % 3; ++flip)
            bytes[random() % bytes.size()] ^= static_cast<char>(1 << (random() % 8));
        try {
            readStateDict(writeTemporary("flipped.pth", bytes));
        } catch (const ModelError&) {
            ++failures;
        } catch (const std::exception& error) {
            ADD_FAILURE() << "iteration " << iteration << ": " << error.what();
        }
    }
    EXPECT_GT(failures, 0);
}

torch::nn::Sequential tinyNetwork()
{
    return torch::nn::Sequential(torch::nn::Linear(4, 3), torch::nn::BatchNorm1d(3));
}

TEST(LoadStateDict, CopiesEveryParameterAndBuffer)
{
    auto network = tinyNetwork();
    const auto report = loadStateDict(*network, readStateDict(kFixtures + "sequential.pth"), "seq");
    EXPECT_TRUE(report.ignoredKeys.empty());
    StateDict loaded;
    for (const auto& parameter : network->named_parameters())
        loaded.emplace_back(parameter.key(), parameter.value().detach());
    for (const auto& buffer : network->named_buffers())
        loaded.emplace_back(buffer.key(), buffer.value());
    auto expected = sequentialValues();
    const auto byName = [](const auto& a, const auto& b) { return a.first < b.first; };
    std::sort(loaded.begin(), loaded.end(), byName); // parameters come before buffers
    std::sort(expected.begin(), expected.end(), byName);
    expectEqual(loaded, expected);
}

TEST(LoadStateDict, ConvertsDtypesAndReportsExtraKeys)
{
    torch::nn::Linear linear(2, 1);
    const StateDict dict = { { "weight", torch::tensor({ { 1.5, -2.0 } }, torch::kDouble) },
        { "fc.weight", torch::zeros({ 1 }) }, { "bias", torch::tensor({ 0.25 }, torch::kDouble) },
        { "bn.num_batches_tracked", torch::tensor(int64_t { 3 }) } };
    const auto report = loadStateDict(*linear, dict, "extra.pth");
    EXPECT_EQ(
        report.ignoredKeys, (std::vector<std::string> { "fc.weight", "bn.num_batches_tracked" }));
    EXPECT_EQ(linear->weight.scalar_type(), torch::kFloat);
    EXPECT_TRUE(torch::equal(linear->weight, torch::tensor({ { 1.5f, -2.0f } })));
    EXPECT_TRUE(torch::equal(linear->bias, torch::tensor({ 0.25f })));
}

// A dict the caller gives up lends the module its memory where nothing needs converting; one it
// keeps is copied, so changing the module never changes the caller's tensors.
TEST(LoadStateDict, TakesOverTheTensorsOfADictItIsGiven)
{
    torch::nn::Linear linear(2, 1);
    StateDict dict = { { "weight", torch::tensor({ { 1.5f, -2.0f } }) },
        { "bias", torch::tensor({ 0.25 }, torch::kDouble) } };
    const void* weightMemory = dict[0].second.data_ptr();
    const void* biasMemory = dict[1].second.data_ptr();
    loadStateDict(*linear, std::move(dict), "given.pth");
    EXPECT_EQ(linear->weight.data_ptr(), weightMemory);
    EXPECT_NE(linear->bias.data_ptr(), biasMemory); // double, converted
    EXPECT_TRUE(torch::equal(linear->weight, torch::tensor({ { 1.5f, -2.0f } })));
    EXPECT_TRUE(torch::equal(linear->bias, torch::tensor({ 0.25f })));

    const StateDict kept
        = { { "weight", torch::tensor({ { 3.0f, 4.0f } }) }, { "bias", torch::tensor({ 0.5f }) } };
    loadStateDict(*linear, kept, "kept.pth");
    EXPECT_NE(linear->weight.data_ptr(), kept[0].second.data_ptr());
    EXPECT_TRUE(torch::equal(linear->weight, kept[0].second));
}

TEST(LoadStateDict, NamesAMissingTensorAndLeavesTheModuleUntouched)
{
    torch::nn::Linear linear(4, 3);
    const auto before = linear->weight.clone();
    const StateDict dict = { { "weight", torch::ones({ 3, 4 }) } };
    try {
        loadStateDict(*linear, dict, "partial.pth");
        ADD_FAILURE() << "no ModelError";
    } catch (const ModelError& error) {
        EXPECT_STREQ(error.what(), "partial.pth: missing tensor 'bias'");
    }
    EXPECT_TRUE(torch::equal(linear->weight, before));
}

TEST(LoadStateDict, NamesATensorWithTheWrongShape)
{
    torch::nn::Linear linear(4096, 32);
    const StateDict dict
        = { { "weight", torch::zeros({ 32, 6144 }) }, { "bias", torch::zeros({ 32 }) } };
    try {
        loadStateDict(*linear, dict, "model.pth");
        ADD_FAILURE() << "no ModelError";
    } catch (const ModelError& error) {
        EXPECT_STREQ(
            error.what(), "model.pth: tensor 'weight' has shape [32, 6144], expected [32, 4096]");
    }
}

} // namespace
} // namespace vigil::models
