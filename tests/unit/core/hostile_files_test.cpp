// Hostile and unusual input files for core's readers: .npy headers that a substring search would
// misread, and FIFOs, devices and folders given as .npy, --gt, --annotations or --list files.

#include "core/common/error.h"
#include "core/eval/feature_list.h"
#include "core/eval/temporal_annotations.h"
#include "core/files/npy_file.h"
#include "tests/support/non_regular_files.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>

namespace vigil::files {
namespace {

// A version 1.0 .npy file with `header` (padded as numpy pads it) and `dataBytes` bytes of data.
std::string writeNpyFile(const std::string& path, std::string header, size_t dataBytes)
{
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    out.write("\x93NUMPY\x01\x00", 8);
    out.put(static_cast<char>(header.size() & 0xff));
    out.put(static_cast<char>(header.size() >> 8));
    out << header << std::string(dataBytes, '\0');
    return path;
}

// The message readNpy throws for a file with `header`; fails the test when it reads the file.
std::string npyError(const std::string& header, size_t dataBytes = 24)
{
    const std::string path
        = writeNpyFile(test::scratchDir("npy_hostile") + "/features.npy", header, dataBytes);
    try {
        const FloatArray array = readNpy(path);
        ADD_FAILURE() << "read as " << array.shapeText() << ": " << header;
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("features.npy"), std::string::npos);
        return error.what();
    }
    return {};
}

TEST(NpyHeader, ReadsWhatNumpyWritesInEitherQuotingAndPython2Longs)
{
    const std::string dir = test::scratchDir("npy_header_ok");
    for (const std::string header : { "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
             "{\"shape\": (2L, 3L), \"descr\": \"<f4\", \"fortran_order\": False}",
             "{'descr':'<f4','fortran_order':False,'shape':(6,)}" }) {
        SCOPED_TRACE(header);
        const FloatArray array = readNpy(writeNpyFile(dir + "/a.npy", header, 24));
        EXPECT_EQ(array.size(), 6u);
    }
    EXPECT_EQ(readNpy(writeNpyFile(dir + "/b.npy",
                          "{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (), }",
                          4))
                  .size(),
        1u);
}

TEST(NpyHeader, IsNotFooledByADecoyFortranOrderInsideAnotherString)
{
    // A substring search finds "'fortran_order': False" and reads a Fortran array as C-ordered.
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), 'x': "
                       "\"'fortran_order': False\"}")
                  .find("unknown key 'x'"),
        std::string::npos);
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3)} "
                       "'fortran_order': False")
                  .find("unexpected text after the header dict"),
        std::string::npos);
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }")
                  .find("only C-ordered"),
        std::string::npos);
}

TEST(NpyHeader, RefusesObjectArraysEvenBehindADecoyFloatDescr)
{
    EXPECT_NE(npyError("{'descr': '|O', 'fortran_order': False, 'shape': (3,), }")
                  .find("object array ('|O')"),
        std::string::npos);
    npyError("{'descr': '|O', 'fortran_order': False, 'shape': (6,), 'y': {'descr': '<f4'}}");
    npyError("{'descr': '|O<f4', 'fortran_order': False, 'shape': (6,), }");
}

TEST(NpyHeader, RefusesUnknownRepeatedAndMissingKeys)
{
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), 'extra': 1}")
                  .find("unknown key 'extra'"),
        std::string::npos);
    EXPECT_NE(npyError("{'descr': '<f8', 'descr': '<f4', 'fortran_order': False, 'shape': (6,)}")
                  .find("key 'descr' appears twice"),
        std::string::npos);
    EXPECT_NE(npyError("{'descr': '<f4', 'shape': (6,)}").find("lacks"), std::string::npos);
}

TEST(NpyHeader, RefusesValuesOfTheWrongTypeOrShape)
{
    npyError("{'descr': '<f4', 'fortran_order': 0, 'shape': (6,)}");
    npyError("{'descr': 4, 'fortran_order': False, 'shape': (6,)}");
    npyError("{'descr': '<f4', 'fortran_order': False, 'shape': [6]}");
    npyError("{'descr': '<f4', 'fortran_order': False, 'shape': (-6,)}");
    npyError("{'descr': '<f4', 'fortran_order': False, 'shape': (6.0,)}");
    npyError("{'descr': '<\\x66\\x34', 'fortran_order': False, 'shape': (6,)}");
    EXPECT_NE(
        npyError("{'descr': '<f4', 'fortran_order': False, 'shape': (6)}").find("one-item tuple"),
        std::string::npos);
    npyError("{'descr': '<f4', 'fortran_order': False, 'shape': (6,)");
}

TEST(NpyHeader, RefusesUnsupportedDtypesByName)
{
    for (const char* descr : { ">f4", "<c8", "<U4", "<f2", "|V8" }) {
        SCOPED_TRACE(descr);
        EXPECT_NE(npyError(std::string("{'descr': '") + descr
                      + "', 'fortran_order': False, 'shape': (6,)}")
                      .find(std::string("dtype '") + descr + "' is unsupported"),
            std::string::npos);
    }
}

TEST(NpyHeader, RefusesShapesThatOverflowOrDoNotMatchTheData)
{
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': False, 'shape': "
                       "(99999999999999999999,)}")
                  .find("overflows"),
        std::string::npos);
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': False, 'shape': "
                       "(4294967296, 4294967296)}")
                  .find("too large"),
        std::string::npos);
    EXPECT_NE(npyError("{'descr': '<f4', 'fortran_order': False, 'shape': (7,)}")
                  .find("does not match the 24 data bytes"),
        std::string::npos);
}

// Each reader is given a FIFO, /dev/zero and a folder, and must refuse each in one line that
// names the file and says what it is, instead of blocking in open() or reading forever.
void expectEachRefused(const std::string& name, const std::function<void(const std::string&)>& read)
{
    const std::string dir = test::scratchDir("non_regular_" + name);
    for (const auto& input : test::nonRegularInputs(dir, name)) {
        SCOPED_TRACE(input.path);
        const test::FifoWatchdog watchdog(input.path);
        try {
            read(input.path);
            ADD_FAILURE() << "read without an error";
        } catch (const IoError& error) {
            EXPECT_EQ(std::string(error.what()), input.path + ": " + input.kind);
        }
    }
}

TEST(NonRegularFiles, AreRefusedAsNpyFeaturesOrGroundTruth)
{
    expectEachRefused("gt.npy", [](const std::string& path) { readNpy(path); });
}

TEST(NonRegularFiles, AreRefusedAsAnnotationFiles)
{
    expectEachRefused(
        "annotations.txt", [](const std::string& path) { eval::TemporalAnnotations::read(path); });
}

TEST(NonRegularFiles, AreRefusedAsFeatureLists)
{
    expectEachRefused("list.txt", [](const std::string& path) { eval::readFeatureList(path); });
}

TEST(TemporalAnnotationsFile, AcceptsAUtf8ByteOrderMarkBeforeLineOne)
{
    const std::string path = test::scratchDir("annotations_bom") + "/annotations.txt";
    std::ofstream(path, std::ios::binary) << "\xEF\xBB\xBF"
                                          << "Arrest001_x264.mp4  Arrest  10  20  -1  -1\n"
                                          << "Normal_Videos_003_x264.mp4  Normal  -1  -1  -1  -1\n";
    const auto annotations = eval::TemporalAnnotations::read(path);
    ASSERT_EQ(annotations.size(), 2u);
    const auto* arrest = annotations.find("Arrest001_x264");
    ASSERT_NE(arrest, nullptr) << "the byte order mark stuck to the first video's name";
    EXPECT_EQ(arrest->className, "Arrest");
}

} // namespace
} // namespace vigil::files
