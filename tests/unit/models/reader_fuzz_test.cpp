// Mutation fuzzing of every weights reader: thousands of damaged copies of real-format files
// (torch.save's zip archives, raw and with a re-zipped data.pkl so the damage gets past the
// zip CRC; torch < 1.6 streams; Caffe2 pickles). Each copy must be read or rejected with a
// one-line ModelError that names the file; anything else fails the test. Under
// scripts/run-sanitizers.sh (AddressSanitizer + UBSan) any memory error aborts it as well.
// VIGIL_FUZZ_CASES sets the number of cases per format (default 1000); VIGIL_FUZZ_SEED the seed.

#include "core/common/error.h"
#include "models/caffe2_blob_reader.h"
#include "models/state_dict_reader.h"
#include "tests/support/caffe2_pickle.h"
#include "tests/support/test_paths.h"
#include "tests/support/torch_file_writer.h"

#include <caffe2/serialize/inline_container.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>

namespace vigil::models {
namespace {

int envInt(const char* name, int fallback)
{
    const char* value = std::getenv(name);
    return value == nullptr ? fallback : std::atoi(value);
}

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Byte-level damage as a fuzzer does it: flipped bits, boundary integers, inserted, deleted,
// duplicated and truncated runs, one to four at a time.
class Mutator {
public:
    explicit Mutator(uint64_t seed)
        : random_(seed)
    {
    }

    std::string mutate(std::string bytes)
    {
        const int count = 1 + static_cast<int>(below(4));
        for (int i = 0; i < count && !bytes.empty(); ++i)
            mutateOnce(bytes);
        return bytes;
    }

private:
    uint64_t below(uint64_t bound) { return bound == 0 ? 0 : random_() % bound; }

    void mutateOnce(std::string& bytes)
    {
        static constexpr std::array<uint32_t, 8> kBoundaries
            = { 0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff };
        const auto at = below(bytes.size());
        switch (below(7)) {
        case 0:
            bytes[at] = static_cast<char>(bytes[at] ^ (1 << below(8)));
            break;
        case 1:
            bytes[at] = static_cast<char>(kBoundaries[below(kBoundaries.size())]);
            break;
        case 2: {
            const auto value = kBoundaries[below(kBoundaries.size())];
            for (size_t i = 0; i < 4 && at + i < bytes.size(); ++i)
                bytes[at + i] = static_cast<char>(value >> (8 * i));
            break;
        }
        case 3: {
            std::string inserted(1 + below(16), '\0');
            for (auto& byte : inserted)
                byte = static_cast<char>(random_());
            bytes.insert(at, inserted);
            break;
        }
        case 4:
            bytes.erase(at, 1 + below(16));
            break;
        case 5: {
            const auto from = below(bytes.size());
            bytes.insert(at, bytes.substr(from, 1 + below(32)));
            break;
        }
        default:
            bytes.resize(at);
        }
    }

    std::mt19937_64 random_;
};

// A zip archive as torch.save writes it, with `records` (name, bytes) in order.
std::string zipOf(
    const std::string& path, const std::vector<std::pair<std::string, std::string>>& records)
{
    {
        caffe2::serialize::PyTorchStreamWriter writer(path);
        for (const auto& [name, data] : records) {
            if (name != "version") // the writer adds its own
                writer.writeRecord(name, data.data(), data.size());
        }
        writer.writeEndOfFile();
    }
    return fileBytes(path);
}

std::vector<std::pair<std::string, std::string>> recordsOf(const std::string& path)
{
    caffe2::serialize::PyTorchStreamReader reader(path);
    std::vector<std::pair<std::string, std::string>> records;
    for (const auto& name : reader.getAllRecords()) {
        auto [data, size] = reader.getRecord(name);
        records.emplace_back(name, std::string(static_cast<const char*>(data.get()), size));
    }
    return records;
}

struct FuzzFigures {
    int cases = 0;
    int accepted = 0;
    int rejected = 0;
};

class ReaderFuzz : public testing::Test {
protected:
    // Feeds `cases` mutations of the seeds to `read`, one file each, and checks every outcome.
    void fuzz(const std::string& format, const std::vector<std::string>& seeds,
        const std::function<void(const std::string&)>& read,
        const std::function<std::string(const std::string&, Mutator&)>& damage = nullptr)
    {
        const int cases = envInt("VIGIL_FUZZ_CASES", 1000);
        Mutator mutator(static_cast<uint64_t>(envInt("VIGIL_FUZZ_SEED", 20240301)));
        const auto path = dir_ + "/case";
        const auto start = std::chrono::steady_clock::now();
        FuzzFigures figures;
        for (int i = 0; i < cases; ++i) {
            const auto& seed = seeds[static_cast<size_t>(i) % seeds.size()];
            const auto bytes = damage ? damage(seed, mutator) : mutator.mutate(seed);
            std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
            ++figures.cases;
            try {
                read(path);
                ++figures.accepted;
            } catch (const ModelError& error) {
                ++figures.rejected;
                const std::string message = error.what();
                const bool hasControl = std::any_of(
                    message.begin(), message.end(), [](char c) { return c >= 0 && c < 0x20; });
                if (message.rfind(path + ": ", 0) != 0 || hasControl)
                    ADD_FAILURE() << format << " case " << i << ": " << message;
            } catch (const std::exception& error) {
                ADD_FAILURE() << format << " case " << i << ": not a ModelError: " << error.what();
            }
        }
        const auto seconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("fuzz %-22s %6d cases in %6.1f s: %d read, %d rejected, 0 crashes\n",
            format.c_str(), figures.cases, seconds, figures.accepted, figures.rejected);
        RecordProperty(format + "_cases", figures.cases);
        EXPECT_GT(figures.rejected, 0) << "the mutations never damaged anything";
    }

    const std::string dir_ = test::scratchDir("reader_fuzz");
};

const std::vector<std::string>& zipSeeds()
{
    static const std::vector<std::string> seeds = {
        fileBytes(test::sourcePath("tests/data/state_dicts/sequential.pth")),
        fileBytes(test::sourcePath("tests/data/state_dicts/dtypes.pth")),
        fileBytes(test::sourcePath("tests/data/state_dicts/views.pth")),
        fileBytes(test::sourcePath("tests/data/state_dicts/wrapped.pth")),
    };
    return seeds;
}

const auto readState = [](const std::string& path) { readStateDict(path); };

TEST_F(ReaderFuzz, DamagedZipStateDictsAreReadOrRejected)
{
    fuzz("zip .pth (raw bytes)", zipSeeds(), readState);
}

TEST_F(ReaderFuzz, DamagedDataPklInsideAValidZipIsReadOrRejected)
{
    std::vector<std::string> seedPaths;
    for (const char* name : { "sequential.pth", "protocol4.pth", "views.pth", "plain_dict.pth" })
        seedPaths.push_back(test::sourcePath(std::string("tests/data/state_dicts/") + name));
    const auto zipPath = dir_ + "/rezipped";
    fuzz("zip .pth (data.pkl)", seedPaths, readState,
        [&](const std::string& seed, Mutator& mutator) {
            auto records = recordsOf(seed);
            for (auto& [name, data] : records) {
                if (name == "data.pkl")
                    data = mutator.mutate(data);
            }
            return zipOf(zipPath, records);
        });
}

TEST_F(ReaderFuzz, DamagedLegacyStreamsAreReadOrRejected)
{
    const auto path = dir_ + "/legacy-seed.pth";
    test::writeTorchFile(path,
        { { "conv.weight", torch::arange(24, torch::kFloat).view({ 2, 3, 4 }) },
            { "bn.num_batches_tracked", torch::full({}, 7, torch::kLong) },
            { "bn.running_var", torch::ones({ 2 }, torch::kDouble) } },
        test::TopLevel::PlainDict, test::TorchFileFormat::Legacy);
    fuzz("legacy .pth",
        { fileBytes(path), fileBytes(test::sourcePath("tests/data/state_dicts/legacy.pth")) },
        readState);
}

TEST_F(ReaderFuzz, DamagedCaffe2PicklesAreReadOrRejected)
{
    const auto values = torch::arange(12, torch::kFloat);
    const std::string bytes(static_cast<const char*>(values.data_ptr()), values.nbytes());
    const auto written = test::caffe2Pickle({ { "conv1_w", { "f4", "<", { 3, 4 }, bytes } },
        { "conv1_w_momentum", { "f4", "<", { 12 }, bytes } },
        { "model_iter", { "i8", "<", { 1 }, bytes.substr(0, 8) } },
        { "res_conv1_bn_riv", { "f4", "<", { 2, 3 }, bytes.substr(0, 24), true } } });
    fuzz("Caffe2 .pkl",
        { written, fileBytes(test::sourcePath("tests/data/caffe2/arrays.pkl")),
            fileBytes(test::sourcePath("tests/data/caffe2/fortran.pkl")) },
        [](const std::string& path) { readCaffe2Blobs(path); });
}

} // namespace
} // namespace vigil::models
