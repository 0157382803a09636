// Downloads from a real HTTP server on 127.0.0.1 (tests/support/test_http_server.py), including
// one that drops the connection half-way, one that stalls, one that ignores Range, one that sends
// an endless body and one that sends the wrong file.

#include "core/common/error.h"
#include "core/files/sha256.h"
#include "core/models_store/downloader.h"
#include "core/models_store/model_fetch.h"
#include "tests/support/local_http_server.h"
#include "tests/support/non_regular_files.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;
using test::LocalHttpServer;

constexpr int64_t kFileBytes = 300000;

std::string patternBytes(int64_t count, uint32_t seed)
{
    std::string bytes(static_cast<size_t>(count), '\0');
    for (char& byte : bytes) {
        seed = seed * 1664525u + 1013904223u; // any fixed sequence will do; this one is cheap
        byte = static_cast<char>(seed >> 24);
    }
    return bytes;
}

class Downloader : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        dir_ = test::scratchDir("downloader_" + name);
        served_ = dir_ + "/served";
        fs::create_directories(served_);
        bytes_ = patternBytes(kFileBytes, 7);
        std::ofstream(served_ + "/weights.bin", std::ios::binary) << bytes_;
        expected_.sizeBytes = kFileBytes;
        expected_.sha256 = files::sha256Hex(bytes_.data(), bytes_.size());
        destination_ = dir_ + "/weights.bin";
    }

    std::unique_ptr<LocalHttpServer> startServer(std::vector<std::string> flags = {})
    {
        auto server
            = std::make_unique<LocalHttpServer>(served_, dir_ + "/requests.log", std::move(flags));
        if (!server->isRunning())
            ADD_FAILURE() << "the local HTTP server did not start";
        return server;
    }

    std::string dir_;
    std::string served_;
    std::string bytes_;
    ExpectedChecksum expected_;
    std::string destination_;
    CancellationToken cancel_;
};

TEST_F(Downloader, FetchesAFileAndChecksItsChecksum)
{
    const auto server = startServer();
    int64_t lastDone = 0;
    int64_t lastTotal = 0;
    const models_store::Downloader downloader;
    const DownloadResult result = downloader.fetch(
        server->url("weights.bin"), destination_, expected_,
        [&](const DownloadProgress& progress) {
            EXPECT_GE(progress.bytesDone, lastDone);
            lastDone = progress.bytesDone;
            lastTotal = progress.bytesTotal;
        },
        cancel_);
    EXPECT_EQ(result.sha256, expected_.sha256);
    EXPECT_EQ(result.sizeBytes, kFileBytes);
    EXPECT_EQ(files::sha256OfFile(destination_), expected_.sha256);
    EXPECT_FALSE(fs::exists(destination_ + ".part"));
    EXPECT_EQ(lastDone, kFileBytes);
    EXPECT_EQ(lastTotal, kFileBytes);
}

TEST_F(Downloader, RejectsAFileWithTheWrongChecksumAndInstallsNothing)
{
    const auto server = startServer();
    ExpectedChecksum other = expected_;
    other.sha256 = std::string(64, '0');
    try {
        models_store::Downloader().fetch(
            server->url("weights.bin"), destination_, other, {}, cancel_);
        FAIL() << "a file with the wrong checksum was accepted";
    } catch (const ModelError& error) {
        EXPECT_NE(std::string(error.what()).find("checksum mismatch"), std::string::npos)
            << error.what();
        EXPECT_NE(std::string(error.what()).find(server->url("weights.bin")), std::string::npos)
            << error.what();
    }
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_FALSE(fs::exists(destination_ + ".part"));
}

TEST_F(Downloader, ResumesThePartialFileAfterTheServerDropsTheConnectionHalfWay)
{
    const auto server = startServer({ "--drop-after", "100000" });
    DownloadSettings oneConnection;
    oneConnection.maxAttempts = 1;
    const models_store::Downloader downloader(oneConnection);
    EXPECT_THROW(downloader.fetch(server->url("weights.bin"), destination_, expected_, {}, cancel_),
        IoError);
    EXPECT_FALSE(fs::exists(destination_));
    ASSERT_EQ(fs::file_size(destination_ + ".part"), 100000u);

    int64_t resumedFrom = -1;
    downloader.fetch(
        server->url("weights.bin"), destination_, expected_,
        [&](const DownloadProgress& progress) { resumedFrom = progress.resumedFromBytes; },
        cancel_);
    EXPECT_EQ(resumedFrom, 100000);
    EXPECT_EQ(files::sha256OfFile(destination_), expected_.sha256);
    const std::vector<std::string> requests = server->requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests[1], "GET /weights.bin bytes=100000-");
}

TEST_F(Downloader, RetriesADroppedConnectionWithinOneFetch)
{
    const auto server = startServer({ "--drop-after", "123456" });
    models_store::Downloader().fetch(
        server->url("weights.bin"), destination_, expected_, {}, cancel_);
    EXPECT_EQ(files::sha256OfFile(destination_), expected_.sha256);
    EXPECT_EQ(server->requests().size(), 2u);
}

TEST_F(Downloader, StartsOverWhenTheServerIgnoresRange)
{
    const auto server = startServer({ "--ignore-range" });
    std::ofstream(destination_ + ".part", std::ios::binary) << "stale bytes of an older download";
    models_store::Downloader().fetch(
        server->url("weights.bin"), destination_, expected_, {}, cancel_);
    EXPECT_EQ(files::sha256OfFile(destination_), expected_.sha256);
}

TEST_F(Downloader, ReportsA404WithTheUrlAndTheStatus)
{
    const auto server = startServer();
    const std::string url = server->url("missing.bin");
    try {
        models_store::Downloader().fetch(url, destination_, expected_, {}, cancel_);
        FAIL() << "a 404 was not reported";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find(url), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("404"), std::string::npos) << error.what();
    }
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_EQ(fs::file_size(destination_ + ".part"), 0u); // no error page in it
}

// Issue 40 item 5: a FIFO left where the .part goes is refused at once, never waited on (the
// watchdog fails a test that blocks in open()).
TEST_F(Downloader, RefusesAFifoAsThePartialFileInsteadOfWaitingOnIt)
{
    const auto server = startServer();
    const std::string part = destination_ + ".part";
    ASSERT_EQ(::mkfifo(part.c_str(), 0600), 0);
    const test::FifoWatchdog watchdog(part);
    try {
        models_store::Downloader().fetch(
            server->url("missing.bin"), destination_, expected_, {}, cancel_);
        FAIL() << "the FIFO was taken for the partial file";
    } catch (const IoError& error) {
        EXPECT_EQ(std::string(error.what()), part + ": not a regular file (a FIFO)");
    }
    EXPECT_FALSE(fs::exists(destination_));
}

TEST_F(Downloader, FollowsRedirects)
{
    const auto server = startServer();
    models_store::Downloader().fetch(
        server->url("redirect/weights.bin"), destination_, expected_, {}, cancel_);
    EXPECT_EQ(files::sha256OfFile(destination_), expected_.sha256);
}

TEST_F(Downloader, StopsPromptlyWhenCancelledAndKeepsThePartialFile)
{
    const auto server = startServer({ "--stall-after", "50000" });
    std::atomic<int64_t> bytesDone { 0 };
    auto fetching = std::async(std::launch::async, [&] {
        models_store::Downloader().fetch(
            server->url("weights.bin"), destination_, expected_,
            [&](const DownloadProgress& progress) { bytesDone = progress.bytesDone; }, cancel_);
    });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (bytesDone < 50000 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_EQ(bytesDone, 50000) << "the server never sent its first bytes";
    const auto cancelledAt = std::chrono::steady_clock::now();
    cancel_.cancel();
    EXPECT_THROW(fetching.get(), Cancelled);
    EXPECT_LT(std::chrono::steady_clock::now() - cancelledAt, std::chrono::seconds(3));
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_EQ(fs::file_size(destination_ + ".part"), 50000u);
}

// The message of the IoError that fetching `url` throws; fails the test if none is thrown.
std::string fetchError(const models_store::Downloader& downloader, const std::string& url,
    const std::string& destination, const ExpectedChecksum& expected)
{
    CancellationToken cancel;
    try {
        downloader.fetch(url, destination, expected, {}, cancel);
    } catch (const IoError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no IoError";
    return {};
}

TEST_F(Downloader, CutsOffAnEndlessBodyAtTheManifestSizeAndDeletesIt)
{
    const auto server = startServer({ "--endless" });
    const std::string message = fetchError(
        models_store::Downloader(), server->url("weights.bin"), destination_, expected_);
    EXPECT_NE(message.find("more than the 300000 bytes expected"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_FALSE(fs::exists(destination_ + ".part")) << "a wrong file is not worth resuming";
    EXPECT_EQ(server->requests().size(), 1u) << "an oversized body is not retried";
}

TEST_F(Downloader, CutsOffAnEndlessBodyAtTheGlobalCapWhenTheManifestGivesNoSize)
{
    const auto server = startServer({ "--endless" });
    ExpectedChecksum sizeUnknown = expected_;
    sizeUnknown.sizeBytes.reset();
    DownloadSettings settings;
    settings.maxBytesWithoutKnownSize = 1 << 20;
    const std::string message = fetchError(
        models_store::Downloader(settings), server->url("weights.bin"), destination_, sizeUnknown);
    EXPECT_NE(message.find("more than the 1048576 bytes expected"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_FALSE(fs::exists(destination_ + ".part"));
}

TEST_F(Downloader, RefusesABodyDeclaredLongerThanTheManifestSizeBeforeWritingIt)
{
    const auto server = startServer();
    ExpectedChecksum smaller = expected_;
    smaller.sizeBytes = 1000;
    const std::string message
        = fetchError(models_store::Downloader(), server->url("weights.bin"), destination_, smaller);
    EXPECT_NE(message.find("more than the 1000 bytes expected"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_FALSE(fs::exists(destination_ + ".part"));
}

TEST_F(Downloader, TimesOutAStalledTransferInOneLineAndKeepsThePartForAResume)
{
    const auto server = startServer({ "--stall-after", "50000" });
    DownloadSettings settings;
    settings.stallTimeoutS = 1;
    settings.maxAttempts = 2;
    const std::string message = fetchError(
        models_store::Downloader(settings), server->url("weights.bin"), destination_, expected_);
    EXPECT_NE(message.find("stalled: no data for 1 s"), std::string::npos) << message;
    EXPECT_NE(message.find("gave up after 2 attempts"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(destination_));
    // The second connection resumed at 50000 and stalled at once: 50000 more bytes.
    EXPECT_EQ(fs::file_size(destination_ + ".part"), 100000u);
}

TEST_F(Downloader, RejectsWrongContentOfTheRightSizeAndInstallsNothing)
{
    std::ofstream(served_ + "/weights.bin", std::ios::binary | std::ios::trunc)
        << patternBytes(kFileBytes, 8);
    const auto server = startServer();
    try {
        models_store::Downloader().fetch(
            server->url("weights.bin"), destination_, expected_, {}, cancel_);
        FAIL() << "wrong content was installed";
    } catch (const ModelError& error) {
        EXPECT_NE(std::string(error.what()).find("checksum mismatch"), std::string::npos)
            << error.what();
    }
    EXPECT_FALSE(fs::exists(destination_));
    EXPECT_FALSE(fs::exists(destination_ + ".part"));
}

TEST_F(Downloader, FetchModelInstallsFromTheMirrorAndSkipsAVerifiedFile)
{
    const auto server = startServer();
    ModelManifest manifest = ModelManifest::parse(R"({"models": [{"name": "tiny",
        "url": "https://example.invalid/not-used/weights.bin", "file": "weights.bin", "size": )"
            + std::to_string(kFileBytes) + R"(, "sha256": ")" + expected_.sha256
            + R"(", "kind": "classifier"}]})",
        "test manifest");
    ModelStore store(dir_ + "/models", manifest);
    const ModelEntry* entry = store.manifest().find("tiny");
    const models_store::Downloader downloader;
    EXPECT_EQ(fetchModel(store, downloader, { entry, server->url() }, {}, cancel_),
        FetchOutcome::Downloaded);
    EXPECT_EQ(store.status(*entry, HashCheck::CacheOnly).state, InstallState::Verified);
    EXPECT_EQ(fetchModel(store, downloader, { entry, server->url() }, {}, cancel_),
        FetchOutcome::AlreadyInstalled);
    EXPECT_EQ(server->requests().size(), 1u);
}

} // namespace
} // namespace vigil::models_store
