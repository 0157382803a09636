// The checksum cache on load (core/models_store/checksum_cache.h): a file hashed once is not
// hashed again while its size, modification time and inode stay; any change re-hashes it. The
// cache is shown to be read by planting a recognisable value in it, never by timing.

#include "core/io/sha256.h"
#include "core/models_store/checksum_cache.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;

const std::string kPlanted(64, 'a');

class CachedSha256 : public ::testing::Test {
protected:
    void SetUp() override
    {
        folder_ = test::scratchDir("checksum-cache");
        const char* old = std::getenv("XDG_CACHE_HOME");
        oldCache_ = old ? std::optional<std::string>(old) : std::nullopt;
        ::setenv("XDG_CACHE_HOME", (folder_ + "/user-cache").c_str(), 1);
        fs::create_directories(folder_ + "/weights");
        file_ = folder_ + "/weights/backbone.pth";
        std::ofstream(file_, std::ios::binary) << "first version of the weights";
    }
    void TearDown() override
    {
        if (oldCache_)
            ::setenv("XDG_CACHE_HOME", oldCache_->c_str(), 1);
        else
            ::unsetenv("XDG_CACHE_HOME");
    }
    // Replaces the remembered hash by kPlanted: a later answer of kPlanted came from the cache.
    void plant() const
    {
        const std::string folder = folder_ + "/weights";
        ChecksumCache cache(folder, checksumCacheFileFor(folder));
        cache.remember("backbone.pth", kPlanted);
    }

    std::string folder_, file_;
    std::optional<std::string> oldCache_;
};

TEST_F(CachedSha256, HashesOnceThenAnswersFromTheCacheWhileTheFileIsUnchanged)
{
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
    plant();
    EXPECT_EQ(cachedSha256OfFile(file_), kPlanted);
    // The user's folder got no file of ours; the cache is in XDG_CACHE_HOME.
    EXPECT_FALSE(fs::exists(folder_ + "/weights/.checksums.json"));
    EXPECT_EQ(
        checksumCacheFileFor(folder_ + "/weights").rfind(folder_ + "/user-cache/vigil/", 0), 0u);
}

TEST_F(CachedSha256, ARewriteOfTheSameSizeAndTimeButANewInodeIsHashedAgain)
{
    plant();
    const auto time = fs::last_write_time(file_);
    const std::string replacement = folder_ + "/weights/new.pth";
    std::ofstream(replacement, std::ios::binary) << "other version of the weights";
    fs::last_write_time(replacement, time);
    fs::rename(replacement, file_); // same size, same mtime, another inode
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
}

TEST_F(CachedSha256, ATouchedOrResizedFileIsHashedAgain)
{
    plant();
    fs::last_write_time(file_, fs::last_write_time(file_) + std::chrono::seconds(5));
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
    plant();
    std::ofstream(file_, std::ios::binary | std::ios::app) << "!";
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
}

TEST_F(CachedSha256, AModelsFolderWithItsOwnCacheSharesItWithModelsList)
{
    const std::string folder = folder_ + "/weights";
    ChecksumCache(folder).remember("backbone.pth", kPlanted); // as `vigil models list` does
    EXPECT_EQ(checksumCacheFileFor(folder), folder + "/.checksums.json");
    EXPECT_EQ(cachedSha256OfFile(file_), kPlanted);
}

TEST_F(CachedSha256, AnUnwritableCacheOnlyCostsAnotherHash)
{
    ::setenv("XDG_CACHE_HOME", "/proc/vigil-no-cache", 1);
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
}

TEST_F(CachedSha256, EntriesWithoutAnInodeFromOlderVersionsAreNotTrusted)
{
    const std::string folder = folder_ + "/weights";
    struct stat status { };
    ASSERT_EQ(::stat(file_.c_str(), &status), 0);
    const int64_t mtimeNs
        = static_cast<int64_t>(status.st_mtim.tv_sec) * 1000000000 + status.st_mtim.tv_nsec;
    std::ofstream(folder + "/.checksums.json")
        << R"({"backbone.pth": {"size": )" << status.st_size << R"(, "mtime_ns": )" << mtimeNs
        << R"(, "sha256": ")" << kPlanted << R"("}})";
    EXPECT_EQ(cachedSha256OfFile(file_), io::sha256OfFile(file_));
}

} // namespace
} // namespace vigil::models_store
