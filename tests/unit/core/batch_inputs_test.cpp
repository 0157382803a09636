#include "core/batch/batch_inputs.h"
#include "core/batch/shard.h"
#include "core/common/error.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;

void touch(const std::string& path)
{
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << "x";
}

std::vector<std::string> relativePathsOf(const std::vector<BatchInput>& inputs)
{
    std::vector<std::string> paths;
    for (const BatchInput& input : inputs)
        paths.push_back(input.relativePath);
    return paths;
}

TEST(BatchInputs, FindsFilesInOrderAndMirrorsTheirFoldersUnderTheOutput)
{
    const std::string dir = test::scratchDir("batch_inputs_tree");
    for (const char* name :
        { "b.mp4", "a.avi", "notes.txt", "sub1/clip.mp4", "sub2/clip.mp4", "sub2/deep/x.mkv",
            ".hidden.mp4", ".cache/y.mp4", "out/clip.vigil.json", "out/sub1/z.mp4" })
        touch(dir + "/" + name);
    const std::string out = dir + "/out";

    const std::vector<BatchInput> top = findBatchInputs(dir, out, FolderDepth::TopOnly);
    EXPECT_EQ(relativePathsOf(top), (std::vector<std::string> { "a.avi", "b.mp4", "notes.txt" }));

    const std::vector<BatchInput> all = findBatchInputs(dir, out, FolderDepth::Recursive);
    ASSERT_EQ(relativePathsOf(all),
        (std::vector<std::string> {
            "a.avi", "b.mp4", "notes.txt", "sub1/clip.mp4", "sub2/clip.mp4", "sub2/deep/x.mkv" }));
    EXPECT_EQ(all[3].path, dir + "/sub1/clip.mp4");
    EXPECT_EQ(all[3].jsonPath(), out + "/sub1/clip.vigil.json");
    EXPECT_EQ(all[4].csvPath(), out + "/sub2/clip.scores.csv");
    EXPECT_EQ(all[5].outputBase, out + "/sub2/deep/x");
}

TEST(BatchInputs, UsesTheWholeFileNameWhenTwoFilesOfAFolderShareAStem)
{
    const std::string dir = test::scratchDir("batch_inputs_stems");
    for (const char* name : { "clip.mp4", "clip.avi", "clip", "other.mp4", "sub/clip.mp4" })
        touch(dir + "/" + name);
    const std::vector<BatchInput> inputs = findBatchInputs(dir + "/", "/o", FolderDepth::Recursive);
    std::map<std::string, std::string> bases;
    for (const BatchInput& input : inputs)
        bases[input.relativePath] = input.outputBase;
    EXPECT_EQ(bases.at("clip.mp4"), "/o/clip.mp4");
    EXPECT_EQ(bases.at("clip.avi"), "/o/clip.avi");
    EXPECT_EQ(bases.at("clip"), "/o/clip");
    EXPECT_EQ(bases.at("other.mp4"), "/o/other");
    EXPECT_EQ(bases.at("sub/clip.mp4"), "/o/sub/clip"); // alone in its folder
}

TEST(BatchInputs, LeavesOutVigilsOwnFilesWhenWritingIntoTheInputFolder)
{
    const std::string dir = test::scratchDir("batch_inputs_same");
    for (const char* name : { "x.mp4", "x.vigil.json", "x.scores.csv", "summary.csv",
             "summary-1-of-2.csv", "x.vigil.json.tmp-12-34", "sub/summary.csv" })
        touch(dir + "/" + name);
    const std::vector<BatchInput> inputs = findBatchInputs(dir, dir, FolderDepth::Recursive);
    // A summary.csv outside the output folder is someone else's file and is reported like any
    // other.
    EXPECT_EQ(relativePathsOf(inputs), (std::vector<std::string> { "sub/summary.csv", "x.mp4" }));
}

TEST(BatchInputs, ThrowsForAFolderThatIsNotThere)
{
    const std::string dir = test::scratchDir("batch_inputs_missing");
    EXPECT_THROW(findBatchInputs(dir + "/nope", dir, FolderDepth::TopOnly), IoError);
    touch(dir + "/file");
    EXPECT_THROW(findBatchInputs(dir + "/file", dir, FolderDepth::TopOnly), IoError);
}

TEST(BatchInputs, TellsVideoExtensionsIgnoringCase)
{
    EXPECT_TRUE(hasVideoExtension("a/b.MP4"));
    EXPECT_TRUE(hasVideoExtension("c.mkv"));
    EXPECT_FALSE(hasVideoExtension("notes.txt"));
    EXPECT_FALSE(hasVideoExtension("mp4"));
}

TEST(Shard, ParsesKOfNAndRejectsEverythingElse)
{
    ASSERT_TRUE(parseShard("1/1"));
    const std::optional<Shard> shard = parseShard("2/4");
    ASSERT_TRUE(shard);
    EXPECT_EQ(shard->index, 2);
    EXPECT_EQ(shard->count, 4);
    EXPECT_EQ(shard->label(), "2-of-4");
    EXPECT_FALSE(shard->isWhole());
    for (const char* bad :
        { "0/2", "3/2", "a/b", "1/", "/2", "1/2/3", " 1/2", "-1/2", "1", "", "1/0" })
        EXPECT_FALSE(parseShard(bad)) << bad;
}

TEST(Shard, HashesPathsWithFnv1a)
{
    EXPECT_EQ(stableHash(""), 0xcbf29ce484222325ull);
    EXPECT_EQ(stableHash("a"), 0xaf63dc4c8601ec8cull);
    EXPECT_EQ(stableHash("foobar"), 0x85944171f73967e8ull);
}

TEST(Shard, ShardsCoverEveryFileExactlyOnce)
{
    std::vector<BatchInput> inputs;
    for (int i = 0; i < 200; ++i)
        inputs.push_back(
            { "", "cam" + std::to_string(i % 7) + "/clip" + std::to_string(i) + ".mp4", "" });
    std::sort(inputs.begin(), inputs.end(),
        [](const BatchInput& a, const BatchInput& b) { return a.relativePath < b.relativePath; });
    for (int count = 1; count <= 8; ++count) {
        SCOPED_TRACE("N = " + std::to_string(count));
        std::multiset<std::string> seen;
        for (int index = 1; index <= count; ++index) {
            const std::vector<BatchInput> share = selectShard(inputs, Shard { index, count });
            EXPECT_FALSE(share.empty()) << "shard " << index;
            EXPECT_TRUE(std::is_sorted(
                share.begin(), share.end(), [](const BatchInput& a, const BatchInput& b) {
                    return a.relativePath < b.relativePath;
                }));
            for (const BatchInput& input : share)
                seen.insert(input.relativePath);
        }
        EXPECT_EQ(seen.size(), inputs.size());
        for (const BatchInput& input : inputs)
            EXPECT_EQ(seen.count(input.relativePath), 1u) << input.relativePath;
    }
}

} // namespace
} // namespace vigil::batch
