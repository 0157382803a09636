#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_file.h"
#include "core/files/sha256.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <unistd.h>
#include <vector>

namespace vigil::files {
namespace {

namespace fs = std::filesystem;

TEST(Sha256, MatchesTheFipsTestVectors)
{
    EXPECT_EQ(sha256Hex("", 0), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(
        sha256Hex("abc", 3), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const std::string twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    EXPECT_EQ(sha256Hex(twoBlocks.data(), twoBlocks.size()),
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, HashesTheReferenceCheckpointAsPublished)
{
    const std::string path = test::referenceCheckpoint("SelfAttention-da64-r3-T32-seed9111.pth");
    if (const std::string why = test::publishedSkipReason(path); !why.empty())
        GTEST_SKIP() << why;
    EXPECT_EQ(
        sha256OfFile(path), "b5a366deb9955c5f67667061b8371bcd59fd7418f26b4a7aa1da9919caffa070");
}

// Files of a few MB, read in many chunks, against Python's hashlib.
TEST(Sha256, HashesTheGeneratedCheckpointsAsPythonDoes)
{
    for (const auto& [da, rows] : { std::pair { 64, 3 }, std::pair { 128, 7 } }) {
        SCOPED_TRACE(da);
        const std::string expected = test::generatedCheckpointSha256(da, rows);
        ASSERT_EQ(expected.size(), 64u);
        EXPECT_EQ(sha256OfFile(test::generatedCheckpoint(da, rows)), expected);
    }
}

TEST(Npy, RoundTripsShapeAndValues)
{
    const std::string path = test::scratchDir("npy_round_trip") + "/a.npy";
    FloatArray array = FloatArray::zeros({ 3, 1, 5 });
    for (size_t i = 0; i < array.values.size(); ++i)
        array.values[i] = static_cast<float>(i) * 0.5f - 2.0f;
    writeNpy(path, array);
    const FloatArray back = readNpy(path);
    EXPECT_EQ(back.shape, array.shape);
    EXPECT_EQ(back.values, array.values);
    // numpy aligns the data start to 64 bytes.
    EXPECT_EQ((fs::file_size(path) - array.values.size() * 4) % 64, 0u);
}

TEST(Npy, RejectsATruncatedFileNamingIt)
{
    const std::string dir = test::scratchDir("npy_truncated");
    FloatArray array = FloatArray::zeros({ 4, 2048 });
    writeNpy(dir + "/full.npy", array);
    fs::copy_file(dir + "/full.npy", dir + "/cut.npy");
    fs::resize_file(dir + "/cut.npy", fs::file_size(dir + "/full.npy") - 100);
    try {
        readNpy(dir + "/cut.npy");
        FAIL() << "no error";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("cut.npy"), std::string::npos) << error.what();
    }
}

TEST(Npy, RejectsGarbageAndHugeShapes)
{
    const std::string dir = test::scratchDir("npy_garbage");
    std::ofstream(dir + "/text.npy") << "hello, this is not numpy";
    EXPECT_THROW(readNpy(dir + "/text.npy"), IoError);
    std::string header
        = "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999), }";
    header.append(118 - header.size(), ' ');
    header += '\n';
    std::ofstream out(dir + "/huge.npy", std::ios::binary);
    out.write("\x93NUMPY\x01\x00", 8);
    out.put(static_cast<char>(header.size()));
    out.put(0);
    out << header;
    out.close();
    EXPECT_THROW(readNpy(dir + "/huge.npy"), IoError);
    EXPECT_THROW(readNpy(dir + "/missing.npy"), IoError);
}

TEST(AtomicFile, LeavesNoTemporaryBehindWhenTheWriterThrows)
{
    const std::string dir = test::scratchDir("atomic_throw");
    writeFileAtomically(dir + "/out.txt", "old");
    EXPECT_THROW(writeFileAtomically(dir + "/out.txt",
                     [](std::ostream& out) {
                         out << "partial";
                         throw IoError("disk on fire");
                     }),
        IoError);
    std::ifstream in(dir + "/out.txt");
    std::string contents;
    in >> contents;
    EXPECT_EQ(contents, "old");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(AtomicFile, ReportsAnUnwritableFolder)
{
    EXPECT_THROW(writeFileAtomically("/nonexistent-folder/x.json", "{}"), IoError);
}

std::string hostName()
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    std::string tag;
    for (const char* c = name; *c != '\0'; ++c)
        tag += std::isalnum(static_cast<unsigned char>(*c)) || *c == '.' ? *c : '_';
    return tag;
}

// A pid that no process has: the largest below pid_max that kill(pid, 0) says does not exist.
long deadPid()
{
    for (long pid = 4194000; pid > 1000; --pid)
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            return pid;
    return -1;
}

TEST(AtomicFile, RemovesTheTemporariesOfKilledRunsAndKeepsLiveOnes)
{
    const std::string dir = test::scratchDir("atomic_stale");
    fs::create_directories(dir + "/nested");
    const std::string host = hostName();
    const long dead = deadPid();
    ASSERT_GT(dead, 0);
    const auto touch = [&](const std::string& name) {
        std::ofstream(dir + "/" + name) << "partial";
        return dir + "/" + name;
    };
    const std::string orphan
        = touch("a.vigil.json.tmp-" + host + "-" + std::to_string(dead) + "-12");
    const std::string nestedOrphan
        = touch("nested/b.scores.csv.tmp-" + host + "-" + std::to_string(dead) + "-7");
    const std::string mine
        = touch("c.vigil.json.tmp-" + host + "-" + std::to_string(::getpid()) + "-3");
    const std::string otherHost
        = touch("d.vigil.json.tmp-elsewhere-" + std::to_string(dead) + "-4");
    const std::string oldOtherHost
        = touch("e.vigil.json.tmp-elsewhere-" + std::to_string(dead) + "-5");
    fs::last_write_time(oldOtherHost, fs::file_time_type::clock::now() - std::chrono::hours(2));
    const std::string notOurs = touch("notes.tmp-draft.txt");
    const std::string result = touch("f.vigil.json");

    EXPECT_EQ(removeStaleTemporaries(dir), 3u);
    EXPECT_FALSE(fs::exists(orphan));
    EXPECT_FALSE(fs::exists(nestedOrphan));
    EXPECT_FALSE(fs::exists(oldOtherHost));
    EXPECT_TRUE(fs::exists(mine)) << "this process is alive: its write may be under way";
    EXPECT_TRUE(fs::exists(otherHost))
        << "another machine's fresh temporary may be a write under way";
    EXPECT_TRUE(fs::exists(notOurs));
    EXPECT_TRUE(fs::exists(result));
    EXPECT_EQ(removeStaleTemporaries(dir + "/missing"), 0u);
}

TEST(AtomicFile, NamesItsTemporariesSoTheCleanerKnowsThem)
{
    const std::string dir = test::scratchDir("atomic_name");
    const std::string target = dir + "/g.vigil.json";
    // The writer runs while its temporary exists: list the folder from inside the write.
    std::vector<std::string> during;
    writeFileAtomically(target, [&](std::ostream& out) {
        out << "{}";
        for (const auto& entry : fs::directory_iterator(dir))
            during.push_back(entry.path().filename().string());
    });
    ASSERT_EQ(during.size(), 1u);
    EXPECT_EQ(during[0].rfind(
                  "g.vigil.json.tmp-" + hostName() + "-" + std::to_string(::getpid()) + "-", 0),
        0u)
        << during[0];
    EXPECT_EQ(removeStaleTemporaries(dir), 0u) << "the finished file is not a temporary";
    EXPECT_TRUE(fs::exists(target));
}

} // namespace
} // namespace vigil::files
