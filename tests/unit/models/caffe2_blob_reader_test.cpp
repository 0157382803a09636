// The Caffe2 blob reader on small real-format files: NumPy's own pickles in tests/data/caffe2/
// (scripts/make_caffe2_fixtures.py) and Python 2 pickles written by tests/support/caffe2_pickle.h.
// The full-size I3D file is in published_formats_test.cpp, the mutation fuzz in
// reader_fuzz_test.cpp.

#include "core/common/error.h"
#include "models/caffe2_blob_reader.h"
#include "models/i3d_caffe2_names.h"
#include "models/i3d_resnet50.h"
#include "models/model_factory.h"
#include "tests/support/caffe2_pickle.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <algorithm>
#include <fstream>

namespace vigil::models {
namespace {

using Blobs = std::vector<std::pair<std::string, torch::Tensor>>;

const std::string kFixtures = vigil::test::sourceDir() + "/tests/data/caffe2/";

class Caffe2BlobReader : public testing::Test {
protected:
    std::string write(const std::string& name, const std::string& bytes) const
    {
        const auto path = dir_ + "/" + name;
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }

    // The message of the ModelError that reading `path` throws; fails the test if none is thrown.
    static std::string readError(const std::string& path)
    {
        try {
            readCaffe2Blobs(path);
        } catch (const ModelError& error) {
            return error.what();
        }
        ADD_FAILURE() << "no ModelError for " << path;
        return {};
    }

    const std::string dir_ = test::scratchDir("caffe2_blob_reader");
};

const torch::Tensor& blobNamed(const Blobs& blobs, const std::string& name)
{
    for (const auto& [key, tensor] : blobs) {
        if (key == name)
            return tensor;
    }
    throw std::runtime_error("no blob " + name);
}

void expectBlob(const Blobs& blobs, const std::string& name, const torch::Tensor& expected)
{
    SCOPED_TRACE(name);
    const auto& actual = blobNamed(blobs, name);
    EXPECT_EQ(actual.scalar_type(), expected.scalar_type());
    EXPECT_EQ(actual.sizes(), expected.sizes());
    EXPECT_TRUE(actual.is_contiguous());
    EXPECT_TRUE(torch::equal(actual, expected)) << actual;
}

TEST_F(Caffe2BlobReader, ReadsNumPyArraysOfEverySupportedDtype)
{
    const auto blobs = readCaffe2Blobs(kFixtures + "arrays.pkl");
    ASSERT_EQ(blobs.size(), 8u);
    EXPECT_EQ(blobs.front().first, "f4"); // file order
    expectBlob(blobs, "f4", torch::arange(6, torch::kFloat).view({ 2, 3 }) / 4);
    expectBlob(blobs, "f8", torch::full({}, 2.5, torch::kDouble));
    expectBlob(blobs, "f2", torch::arange(3, torch::kHalf) / 2);
    expectBlob(blobs, "model_iter", torch::full({ 1 }, 400000, torch::kLong));
    expectBlob(blobs, "i4", torch::tensor({ -7, 9 }, torch::kInt));
    expectBlob(blobs, "u1", torch::arange(4, torch::kByte) * 60);
    expectBlob(blobs, "b1", torch::tensor({ true, false, true }));
    expectBlob(blobs, "lr", torch::full({ 1 }, 0.01f));
}

TEST_F(Caffe2BlobReader, TurnsFortranOrderedArraysBackIntoCOrder)
{
    const auto blobs = readCaffe2Blobs(kFixtures + "fortran.pkl");
    const auto cube = torch::arange(24, torch::kFloat).view({ 2, 3, 4 });
    expectBlob(blobs, "c", cube);
    expectBlob(blobs, "f", cube);
    expectBlob(blobs, "m", torch::arange(6, torch::kFloat).view({ 2, 3 }));
}

TEST_F(Caffe2BlobReader, ReadsBlobsStoredWithoutTheBlobsWrapper)
{
    const auto blobs = readCaffe2Blobs(kFixtures + "no_wrapper.pkl");
    ASSERT_EQ(blobs.size(), 1u);
    expectBlob(blobs, "w", torch::arange(3, torch::kFloat));
}

TEST_F(Caffe2BlobReader, ReadsThePython2PicklesOfTheTestWriter)
{
    test::NumPyBlobs written;
    for (int i = 0; i < 300; ++i) { // past 256 memo entries: LONG_BINPUT and LONG_BINGET
        const auto values = torch::arange(i % 7 + 1, torch::kFloat) * static_cast<float>(i);
        written.emplace_back("blob" + std::to_string(i),
            test::NumPyArray { "f4", "<", { values.numel() },
                std::string(static_cast<const char*>(values.data_ptr()), values.nbytes()) });
    }
    const auto blobs = readCaffe2Blobs(write("writer.pkl", test::caffe2Pickle(written)));
    ASSERT_EQ(blobs.size(), written.size());
    for (int i = 0; i < 300; ++i)
        expectBlob(blobs, "blob" + std::to_string(i),
            torch::arange(i % 7 + 1, torch::kFloat) * static_cast<float>(i));
}

// NumPy itself must read what tests/support/caffe2_pickle.h writes, or the full-size tests
// would prove nothing about real files.
TEST_F(Caffe2BlobReader, WritesTestFilesThatNumPyReads)
{
    if (test::runCommand("/usr/bin/python3 -c 'import numpy'").exitCode != 0)
        GTEST_SKIP() << "python3-numpy is not installed; cannot cross-check the test writer";
    const auto values = torch::arange(12, torch::kFloat).view({ 3, 4 }) / 8;
    const int64_t iteration = 400000;
    const test::NumPyBlobs written = {
        { "conv1_w",
            { "f4", "<", { 3, 4 },
                std::string(static_cast<const char*>(values.data_ptr()), values.nbytes()) } },
        { "model_iter",
            { "i8", "<", { 1 }, std::string(reinterpret_cast<const char*>(&iteration), 8) } },
        { "conv1_w_copy",
            { "f4", "<", { 3, 4 },
                std::string(static_cast<const char*>(values.data_ptr()), values.nbytes()) } },
    };
    const auto path = write("for numpy.pkl", test::caffe2Pickle(written));
    const std::string script
        = "import pickle, sys, numpy as np; "
          "b = pickle.load(open(sys.argv[1], 'rb'), encoding='latin1')['blobs']; "
          "assert b['conv1_w'].dtype == np.float32 and b['conv1_w'].shape == (3, 4); "
          "assert (b['conv1_w'] == np.arange(12, dtype=np.float32).reshape(3, 4) / 8).all(); "
          "assert (b['conv1_w_copy'] == b['conv1_w']).all(); "
          "assert b['model_iter'].dtype == np.int64 and b['model_iter'].tolist() == [400000]; "
          "print('numpy read', sorted(b))";
    const auto result = test::runCommand(
        "/usr/bin/python3 -c " + test::shellQuoted(script) + " " + test::shellQuoted(path));
    EXPECT_EQ(result.exitCode, 0) << result.output;
    EXPECT_NE(result.output.find("numpy read ['conv1_w', 'conv1_w_copy', 'model_iter']"),
        std::string::npos)
        << result.output;
}

TEST_F(Caffe2BlobReader, NamesTheFileAndTheBlobOrOffsetOfEveryProblem)
{
    const auto array = [](std::vector<int64_t> shape, std::string data) {
        return test::NumPyArray { "f4", "<", std::move(shape), std::move(data) };
    };
    const std::pair<std::string, std::string> cases[] = {
        { kFixtures + "complex.pkl", "blob 'conv1_w' has the unsupported dtype 'c8'" },
        { kFixtures + "big_endian.pkl", "blob 'conv1_w' has the byte order '>'" },
        { kFixtures + "structured.pkl", "blob 'conv1_w' has a structured or subarray dtype" },
        { kFixtures + "object.pkl", "blob 'conv1_w' has the unsupported dtype 'O8'" },
        { kFixtures + "python3_protocol2.pkl",
            "pickle offset 88: global '_codecs.encode' is not allowed (Python 3 bytes" },
        { kFixtures + "python3_protocol4.pkl", "unsupported opcode 0x43 (Python 3 bytes" },
        { kFixtures + "malicious.pkl", "pickle offset 14: global 'os.system' is not allowed" },
        { write("short.pkl",
              test::caffe2Pickle(
                  { { "res2_0_branch2a_w", array({ 2, 2 }, std::string(12, '\0')) } })),
            "blob 'res2_0_branch2a_w' holds 12 bytes; its shape and dtype need 16" },
        { write("huge.pkl",
              test::caffe2Pickle(
                  { { "w", array({ int64_t { 1 } << 40, int64_t { 1 } << 40 }, "") } })),
            "blob 'w' has an impossible shape" },
        { write("twice.pkl",
              test::caffe2Pickle({ { "w", array({ 0 }, "") }, { "w", array({ 0 }, "") } })),
            "blob 'w' appears twice" },
        { write("list.pkl", std::string("\x80\x02]q\x00.", 6)),
            "the pickle holds a list, expected a dictionary" },
        { write(
              "truncated.pkl", test::caffe2Pickle({ { "w", array({ 1 }, "abcd") } }).substr(0, 60)),
            "pickle offset 59: truncated: 1 bytes needed, 0 left" },
        { write("empty.pkl", ""), "pickle offset 0: truncated: no STOP opcode" },
        { write("escapes.pkl", std::string("\x80\x04\x8c\x04os\nx\x8c\x08sys\x1b[31m\x93.", 20)),
            "pickle offset 18: global 'os?x.sys?[31m' is not allowed" },
        { dir_ + "/absent.pkl", "absent.pkl: no such file" },
    };
    for (const auto& [path, expected] : cases) {
        const auto message = readError(path);
        EXPECT_EQ(message.rfind(path + ": ", 0), 0u) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << message;
        EXPECT_TRUE(std::none_of(message.begin(), message.end(), [](char c) {
            return c >= 0 && c < 0x20;
        })) << message;
    }
}

// A Caffe2 file from another network, or a damaged I3D file, must name the blob it lacks.
TEST_F(Caffe2BlobReader, NamesTheMissingOrMisshapenI3dBlob)
{
    const auto conv1 = torch::zeros({ 64, 3, 5, 7, 7 });
    const auto conv1Bytes = std::string(static_cast<const char*>(conv1.data_ptr()), conv1.nbytes());
    const auto missing = write("missing.pkl",
        test::caffe2Pickle({ { "conv1_w", { "f4", "<", { 64, 3, 5, 7, 7 }, conv1Bytes } } }));
    const auto misshapen = write("misshapen.pkl",
        test::caffe2Pickle({ { "conv1_w",
            { "f4", "<", { 64, 3, 1, 7, 7 }, conv1Bytes.substr(0, conv1Bytes.size() / 5) } } }));
    const std::pair<std::string, std::string> cases[] = {
        { missing, missing + ": missing blob 'res_conv1_bn_s' (bn1.weight)" },
        { misshapen,
            misshapen
                + ": blob 'conv1_w' (conv1.weight) has shape [64, 3, 1, 7, 7], expected [64, 3, 5, "
                  "7, 7]" },
    };
    for (const auto& [path, expected] : cases) {
        try {
            loadBackbone(analysis::BackboneKind::I3dResNet50, path);
            ADD_FAILURE() << "no ModelError for " << path;
        } catch (const ModelError& error) {
            EXPECT_EQ(std::string(error.what()), expected);
        }
    }
}

} // namespace
} // namespace vigil::models
