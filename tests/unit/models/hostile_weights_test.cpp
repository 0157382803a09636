// Hostile weight files: pickles built to amplify memory, FIFOs, devices and folders given as
// weights, weights holding NaN or infinity, and LibTorch errors that would escape with a
// backtrace. Each must end in one line naming the file, within a small multiple of its size.

#include "core/common/error.h"
#include "core/train/segment_samples.h"
#include "models/attention_classifier.h"
#include "models/caffe2_blob_reader.h"
#include "models/classifier_trainer.h"
#include "models/model_factory.h"
#include "models/pickle_reader.h"
#include "models/state_dict_reader.h"
#include "models/state_dict_writer.h"
#include "tests/support/non_regular_files.h"
#include "tests/support/test_paths.h"
#include "tests/support/torch_file_writer.h"

#include <caffe2/serialize/inline_container.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <string>

namespace vigil::models {
namespace {

constexpr size_t kHostileBytes = 8 << 20;

// PROTO 2, `head`, then `unit` repeated to about kHostileBytes, then STOP: the patterns that make
// the most objects per byte of file.
std::string amplifyingPickle(const std::string& head, const std::string& unit)
{
    std::string bytes = "\x80\x02" + head;
    bytes.reserve(kHostileBytes + unit.size() + 3);
    while (bytes.size() < kHostileBytes)
        bytes += unit;
    return bytes + ".";
}

struct Amplifier {
    const char* name;
    std::string head;
    std::string unit;
};

const Amplifier kAmplifiers[] = {
    { "empty lists left on the stack", "(", "]" },
    { "memoized empty lists appended to a list", "]",
        std::string("]\x94"
                    "a") },
    { "empty dicts as values of a dict", "}(", std::string("K\x01}", 3) },
    { "empty tuples", "(", ")" },
    { "memo entries of None", "N", "\x94" },
    { "persistent ids", "(", std::string("K\x01Q") },
};

// The byte offset that a pickle error message gives.
size_t offsetOf(const std::string& message)
{
    const auto at = message.find("offset ");
    return at == std::string::npos ? std::numeric_limits<size_t>::max()
                                   : std::stoul(message.substr(at + 7));
}

TEST(PickleBudget, RefusesMultiMegabytePicklesOfEmptyContainersPartWay)
{
    for (const auto& amplifier : kAmplifiers) {
        SCOPED_TRACE(amplifier.name);
        const auto bytes = amplifyingPickle(amplifier.head, amplifier.unit);
        PickleBudget budget(bytes.size());
        try {
            readPickle(bytes, "hostile.pth: data.pkl", PickleGlobals::TorchStateDict, &budget);
            ADD_FAILURE() << "read without an error";
        } catch (const ModelError& error) {
            const std::string message = error.what();
            EXPECT_EQ(message.rfind("hostile.pth: data.pkl offset ", 0), 0u) << message;
            EXPECT_NE(
                message.find("MB of memory, more than its size can explain"), std::string::npos)
                << message;
            EXPECT_LT(offsetOf(message), bytes.size()) << "refused only at the end: " << message;
        }
        EXPECT_LE(budget.usedBytes(), budget.limitBytes());
        EXPECT_EQ(budget.limitBytes(),
            PickleBudget::kBaseBytes + PickleBudget::kBytesPerInputByte * bytes.size());
    }
}

TEST(PickleBudget, ChargesARealStateDictFarLessThanItsLimit)
{
    const auto path = test::scratchDir("pickle_budget_real") + "/classifier.pth";
    AttentionClassifier classifier(AttentionClassifierOptions {});
    StateDict dict;
    for (const auto& parameter : classifier->named_parameters())
        dict.emplace_back(parameter.key(), parameter.value().detach());
    writeStateDict(path, dict);
    caffe2::serialize::PyTorchStreamReader reader(path);
    const auto [data, size] = reader.getRecord("data.pkl");
    PickleBudget budget(size);
    readPickle(std::string_view(static_cast<const char*>(data.get()), size), "classifier.pth",
        PickleGlobals::TorchStateDict, &budget);
    // A torch.save pickle makes about 30 bytes of objects per byte: the fixed allowance, not
    // the per-byte one, pays for real state dicts, and they use a sliver of it.
    EXPECT_GT(budget.usedBytes(), size) << "every object is charged";
    EXPECT_LT(budget.usedBytes() * 100, budget.limitBytes());
}

// The growth of this process's peak resident memory while `work` runs, in bytes. Resets the
// peak first where the kernel allows (/proc/self/clear_refs), so earlier peaks do not hide it.
int64_t peakGrowthBytes(const std::function<void()>& work)
{
    const auto statusKb = [](const char* field) {
        std::ifstream status("/proc/self/status");
        for (std::string line; std::getline(status, line);) {
            if (line.rfind(field, 0) == 0)
                return std::atoll(line.c_str() + std::strlen(field));
        }
        return 0LL;
    };
    std::ofstream("/proc/self/clear_refs") << "5";
    const auto before = statusKb("VmHWM:");
    work();
    return (statusKb("VmHWM:") - before) * 1024;
}

TEST(PickleBudget, KeepsThePeakMemoryOfAHostilePickleNearItsLimit)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    // In a child process, so the peak is this pickle's alone.
    EXPECT_EXIT(
        {
            const auto bytes = amplifyingPickle("(", "]");
            const uint64_t limit = PickleBudget(bytes.size()).limitBytes();
            const auto growth = peakGrowthBytes([&] {
                try {
                    readPickle(bytes, "hostile.pth: data.pkl");
                } catch (const ModelError&) {
                }
            });
            std::fprintf(stderr, "peak grew by %lld MB, limit %llu MB\n",
                static_cast<long long>(growth >> 20), static_cast<unsigned long long>(limit >> 20));
            std::exit(static_cast<uint64_t>(growth) <= 2 * limit ? 0 : 1);
        },
        ::testing::ExitedWithCode(0), "peak grew by");
}

std::string modelErrorOf(const std::function<void()>& read)
{
    try {
        read();
    } catch (const ModelError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no ModelError";
    return {};
}

TEST(HostileWeights, RefusesAmplifyingPicklesInEveryWeightsFormat)
{
    const auto dir = test::scratchDir("hostile_weights_formats");
    const auto pickle = amplifyingPickle("}(", std::string("K\x01}", 3));
    const auto caffe2 = dir + "/blobs.pkl";
    std::ofstream(caffe2, std::ios::binary) << pickle;
    const auto legacy = dir + "/legacy.pth";
    std::ofstream(legacy, std::ios::binary) << test::legacyHeader() << pickle;
    const auto zip = dir + "/zip.pth";
    {
        caffe2::serialize::PyTorchStreamWriter writer(zip);
        writer.writeRecord("data.pkl", pickle.data(), pickle.size());
        writer.writeEndOfFile();
    }
    const std::pair<std::string, std::function<void()>> cases[] = {
        { caffe2 + ": pickle offset ", [&] { readCaffe2Blobs(caffe2); } },
        { legacy + ": pickle offset ", [&] { readStateDict(legacy); } },
        { zip + ": data.pkl offset ", [&] { readStateDict(zip); } },
    };
    for (const auto& [prefix, read] : cases) {
        SCOPED_TRACE(prefix);
        const auto message = modelErrorOf(read);
        EXPECT_EQ(message.rfind(prefix, 0), 0u) << message;
        EXPECT_NE(message.find("more than its size can explain"), std::string::npos) << message;
    }
}

TEST(HostileWeights, RefusesFifosDevicesAndFoldersWithoutCallingThemMissing)
{
    const auto dir = test::scratchDir("hostile_weights_kinds");
    for (const auto& input : test::nonRegularInputs(dir, "weights.pth")) {
        SCOPED_TRACE(input.path);
        const test::FifoWatchdog watchdog(input.path);
        const auto expected = input.path + ": " + input.kind;
        EXPECT_EQ(modelErrorOf([&] { readStateDict(input.path); }), expected);
        EXPECT_EQ(modelErrorOf([&] { readCaffe2Blobs(input.path); }), expected);
        EXPECT_EQ(modelErrorOf([&] { loadClassifier(input.path); }), expected);
    }
}

TEST(HostileWeights, RefusesAFifoAsI3dBackboneWeights)
{
    const auto dir = test::scratchDir("hostile_weights_i3d_fifo");
    const auto fifo = test::makeFifo(dir, "i3d.pkl");
    if (fifo.empty())
        GTEST_SKIP() << "mkfifo failed in " << dir;
    const test::FifoWatchdog watchdog(fifo);
    // Choosing between the Caffe2 and torch.save readers peeks at the file's first bytes.
    EXPECT_EQ(modelErrorOf([&] { loadBackbone(analysis::BackboneKind::I3dResNet50, fifo); }),
        fifo + ": not a regular file (a FIFO)");
}

TEST(HostileWeights, RefusesWeightsHoldingNanOrInfinityNamingTheTensor)
{
    const auto dir = test::scratchDir("hostile_weights_nan");
    for (const float bad :
        { std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity() }) {
        SCOPED_TRACE(bad);
        AttentionClassifier classifier(AttentionClassifierOptions {});
        StateDict dict;
        for (const auto& parameter : classifier->named_parameters())
            dict.emplace_back(parameter.key(), parameter.value().detach().clone());
        for (auto& [name, tensor] : dict) {
            if (name == "fc1.weight")
                tensor.view(-1)[7] = bad;
        }
        const auto path = dir + "/poisoned.pth";
        writeStateDict(path, dict);
        EXPECT_EQ(modelErrorOf([&] { loadClassifier(path); }),
            path + ": tensor 'fc1.weight' holds NaN or infinite values");
    }
}

train::VideoSamples constantVideo(uint8_t label, float value, const std::string& path)
{
    FloatArray features = FloatArray::zeros({ 32, 1, 16 });
    for (float& feature : features.values)
        feature = value;
    return { path, label, train::segmentSamples(features, path), {} };
}

std::vector<train::VideoSamples> smallTrainingSet(float poison)
{
    std::vector<train::VideoSamples> videos;
    for (int i = 0; i < 12; ++i)
        videos.push_back(constantVideo(static_cast<uint8_t>(i % 2), i == 5 ? poison : 0.5f,
            "video" + std::to_string(i) + ".npy"));
    return videos;
}

TrainSettings tinySettings()
{
    TrainSettings settings;
    settings.hiddenSize = 4;
    settings.rows = 1;
    settings.epochs = 1;
    settings.batchPerClass = 2;
    return settings;
}

std::vector<const train::VideoSamples*> pointersTo(const std::vector<train::VideoSamples>& videos)
{
    std::vector<const train::VideoSamples*> result;
    for (const auto& video : videos)
        result.push_back(&video);
    return result;
}

TEST(HostileTraining, RefusesNanFeaturesNamingTheFileInOneLine)
{
    const auto videos = smallTrainingSet(std::numeric_limits<float>::quiet_NaN());
    const CancellationToken cancel;
    EXPECT_EQ(
        modelErrorOf([&] { trainClassifier(pointersTo(videos), tinySettings(), {}, cancel); }),
        "video5.npy: holds NaN or infinite features; cannot train on them");
}

TEST(HostileTraining, TurnsALibTorchErrorIntoOneLineWithoutABacktrace)
{
    const auto videos = smallTrainingSet(0.25f);
    auto settings = tinySettings();
    settings.hiddenSize = -1; // LibTorch refuses the negative dimension with a c10::Error
    const CancellationToken cancel;
    const auto message
        = modelErrorOf([&] { trainClassifier(pointersTo(videos), settings, {}, cancel); });
    EXPECT_EQ(message.rfind("training failed: ", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.find("Exception raised from"), std::string::npos) << message;
}

} // namespace
} // namespace vigil::models
