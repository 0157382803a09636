// The checksum cache on load (core/models_store/checksum_cache.h): a file hashed once is not
// hashed again while its size, modification and change times and inode stay; any change
// re-hashes it, a forged or malformed entry is no entry, and a FIFO or folder in the cache's
// place is never opened as one. The
// cache is shown to be read by planting a recognisable value in it, never by timing.

#include "core/common/ignored_files.h"
#include "core/files/sha256.h"
#include "core/models_store/checksum_cache.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

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
        const char* oldConfig = std::getenv("XDG_CONFIG_HOME");
        oldConfig_ = oldConfig ? std::optional<std::string>(oldConfig) : std::nullopt;
        ::setenv("XDG_CONFIG_HOME", (folder_ + "/user-config").c_str(), 1);
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
        if (oldConfig_)
            ::setenv("XDG_CONFIG_HOME", oldConfig_->c_str(), 1);
        else
            ::unsetenv("XDG_CONFIG_HOME");
    }
    // Replaces the remembered hash by kPlanted: a later answer of kPlanted came from the cache.
    void plant() const
    {
        const std::string folder = folder_ + "/weights";
        ChecksumCache cache(folder, checksumCacheFileFor(folder));
        cache.remember("backbone.pth", kPlanted);
    }

    std::string folder_, file_;
    std::optional<std::string> oldCache_, oldConfig_;
};

TEST_F(CachedSha256, HashesOnceThenAnswersFromTheCacheWhileTheFileIsUnchanged)
{
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
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
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
}

TEST_F(CachedSha256, ATouchedOrResizedFileIsHashedAgain)
{
    plant();
    fs::last_write_time(file_, fs::last_write_time(file_) + std::chrono::seconds(5));
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
    plant();
    std::ofstream(file_, std::ios::binary | std::ios::app) << "!";
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
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
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
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
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
}

int64_t nanoseconds(const timespec& time)
{
    return static_cast<int64_t>(time.tv_sec) * 1000000000 + time.tv_nsec;
}

// 21#1: an entry with every stamp right (size, both times, inode) and a well-formed hash, but
// written by hand rather than by Vigil, is not trusted: it carries no HMAC under the user's key.
TEST_F(CachedSha256, AForgedEntryWithMatchingStampsIsNotTrusted)
{
    plant(); // makes the key and a signed entry
    ASSERT_EQ(cachedSha256OfFile(file_), kPlanted);
    const std::string folder = folder_ + "/weights";
    struct stat status { };
    ASSERT_EQ(::stat(file_.c_str(), &status), 0);
    const std::string forged = std::string(64, 'b');
    std::ofstream(checksumCacheFileFor(folder))
        << R"({"backbone.pth": {"size": )" << status.st_size << R"(, "mtime_ns": )"
        << nanoseconds(status.st_mtim) << R"(, "ctime_ns": )" << nanoseconds(status.st_ctim)
        << R"(, "inode": )" << status.st_ino << R"(, "sha256": ")" << forged << R"(", "hmac": ")"
        << std::string(64, 'c') << R"("}})";
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
    struct stat key { };
    ASSERT_EQ(::stat((folder_ + "/user-config/vigil/checksum-cache.key").c_str(), &key), 0);
    EXPECT_EQ(key.st_mode & 0777, 0600u);
}

TEST_F(CachedSha256, ARewriteInPlaceWithItsModificationTimeRestoredIsHashedAgain)
{
    plant();
    ASSERT_EQ(cachedSha256OfFile(file_), kPlanted);
    struct stat before { };
    ASSERT_EQ(::stat(file_.c_str(), &before), 0);
    {
        std::fstream same(file_, std::ios::in | std::ios::out | std::ios::binary);
        same.seekp(0);
        same << "FIRST"; // the same size, the same inode
    }
    const timespec times[2] = { before.st_atim, before.st_mtim };
    ASSERT_EQ(::utimensat(AT_FDCWD, file_.c_str(), times, 0), 0); // mtime set back, as touch -d
    struct stat after { };
    ASSERT_EQ(::stat(file_.c_str(), &after), 0);
    ASSERT_EQ(nanoseconds(after.st_mtim), nanoseconds(before.st_mtim));
    ASSERT_EQ(after.st_ino, before.st_ino);
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_)) << "ctime moved: hashed again";
}

TEST_F(CachedSha256, AnEntryWhoseHashIsNotSixtyFourHexDigitsIsNoEntry)
{
    const std::string folder = folder_ + "/weights";
    struct stat status { };
    ASSERT_EQ(::stat(file_.c_str(), &status), 0);
    for (const std::string forged : { std::string("\u001b[31mpublished\u001b[0m"),
             std::string(63, 'a'), std::string(64, 'A'), std::string(64, 'g') }) {
        SCOPED_TRACE(forged);
        std::ofstream(folder + "/.checksums.json")
            << R"({"backbone.pth": {"size": )" << status.st_size << R"(, "mtime_ns": )"
            << nanoseconds(status.st_mtim) << R"(, "ctime_ns": )" << nanoseconds(status.st_ctim)
            << R"(, "inode": )" << status.st_ino << R"(, "sha256": ")" << forged << R"("}})";
        EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
    }
}

TEST_F(CachedSha256, AFifoOrAFolderInPlaceOfTheCacheIsNeverOpenedAsOne)
{
    const std::string folder = folder_ + "/weights";
    const std::string cache = folder + "/.checksums.json";
    fs::remove_all(cache);
    ASSERT_EQ(::mkfifo(cache.c_str(), 0600), 0);
    // A blocking open of the FIFO would hang this test (ctest's timeout fails it).
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
    fs::remove(cache);
    fs::create_directories(cache);
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_)) << "no abort on a folder";
    EXPECT_NO_THROW(ChecksumCache(folder, cache).lookup("backbone.pth"));
    fs::remove_all(cache);
}

// Issue 21 item 5: a damaged cache, or a key file that is no private key, is ignored (every
// file is hashed) and reported once per process (core/common/ignored_files.h), however often a
// run reads it.
TEST_F(CachedSha256, ADamagedCacheOrKeyIsReportedOnceAndEveryFileIsHashed)
{
    std::vector<std::string> reports;
    const auto listen = [&] { // a fresh sink: as at a front end's start
        reports.clear();
        setIgnoredFileSink([&](const std::string& file, const std::string& problem) {
            reports.push_back(file + ": " + problem);
        });
    };
    const std::string folder = folder_ + "/weights";
    const std::string cache = folder + "/.checksums.json";
    const std::vector<std::pair<std::string, std::function<void()>>> damages {
        { "not a regular file (a folder)", [&] { fs::create_directories(cache); } },
        { "not valid JSON", [&] { std::ofstream(cache) << "{\"backbone.pth\": "; } },
        { "not a checksum cache (no JSON object)", [&] { std::ofstream(cache) << "[]"; } },
    };
    for (const auto& [problem, damage] : damages) {
        SCOPED_TRACE(problem);
        fs::remove_all(cache);
        damage();
        listen();
        EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
        EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_));
        ASSERT_EQ(reports.size(), 1u);
        EXPECT_EQ(reports[0], cache + ": " + problem);
    }
    fs::remove_all(cache);
    const std::string key = folder_ + "/user-config/vigil/checksum-cache.key";
    cachedSha256OfFile(file_); // makes the key
    ASSERT_EQ(::chmod(key.c_str(), 0644), 0);
    listen();
    plant();
    EXPECT_EQ(cachedSha256OfFile(file_), files::sha256OfFile(file_)) << "no key, no trusted entry";
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0].rfind(key + ": not private to this user", 0), 0u) << reports[0];
    ASSERT_EQ(::chmod(key.c_str(), 0600), 0);
    setIgnoredFileSink({});
}

} // namespace
} // namespace vigil::models_store
