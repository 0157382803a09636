// The manifest of published weights, the models folder, and importing files into it.

#include "core/common/error.h"
#include "core/files/sha256.h"
#include "core/models_store/installed_weights.h"
#include "core/models_store/model_locations.h"
#include "core/models_store/model_store.h"
#include "tests/support/read_only_folder.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;

const char* const kDa64File = "SelfAttention-da64-r3-T32-seed9111.pth";
const char* const kDa64Sha = "b5a366deb9955c5f67667061b8371bcd59fd7418f26b4a7aa1da9919caffa070";
const char* const kDa128Sha = "099c94013765fa3d79f5d2eca16f596815657cd4f943adf824ecf008b9ef1774";

void writeFile(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

// A manifest that names the generated da64-r3 checkpoint classifier-da64-r3, with its size and
// the SHA-256 Python computed for it: the built-in entry, for a file a clone can make.
ModelManifest manifestForGeneratedCheckpoint()
{
    const std::string path = test::generatedCheckpoint(64, 3);
    return ModelManifest::parse(R"({"models": [{"name": "classifier-da64-r3",
        "url": "https://example.invalid/da64.pth", "file": ")"
            + std::string(kDa64File) + R"(", "size": )" + std::to_string(fs::file_size(path))
            + R"(, "sha256": ")" + test::generatedCheckpointSha256(64, 3)
            + R"(", "kind": "classifier", "trained_on": "i3d-r50", "format": "pytorch-zip"}]})",
        "test manifest");
}

// A manifest with one entry whose checksum is that of `bytes`.
ModelManifest manifestFor(const std::string& bytes, const std::string& extra = "")
{
    const std::string sha = files::sha256Hex(bytes.data(), bytes.size());
    return ModelManifest::parse(
        R"({"models": [{"name": "classifier-tiny", "url": "https://example.invalid/tiny.pth",
        "file": "tiny.pth", "size": )"
            + std::to_string(bytes.size()) + R"(, "sha256": ")" + sha
            + R"(", "kind": "classifier", "trained_on": "i3d-r50"})" + extra + "]}",
        "test manifest");
}

TEST(ModelStoreManifest, ListsThePublishedWeightsWithTheirChecksums)
{
    const ModelManifest manifest = ModelManifest::builtIn();
    ASSERT_NE(manifest.find("classifier-da64-r3"), nullptr);
    ASSERT_NE(manifest.find("classifier-da128-r7"), nullptr);
    ASSERT_NE(manifest.find("i3d-r50-kinetics"), nullptr);
    ASSERT_NE(manifest.find("resnet50-imagenet"), nullptr);
    const ModelEntry& da64 = *manifest.find("classifier-da64-r3");
    EXPECT_EQ(da64.checksum.sha256, kDa64Sha);
    EXPECT_EQ(da64.file, kDa64File);
    EXPECT_EQ(da64.trainedOn, "i3d-r50");
    EXPECT_EQ(manifest.find("classifier-da128-r7")->checksum.sha256, kDa128Sha);
    EXPECT_EQ(manifest.find("i3d-r50-kinetics")->format, "caffe2-pkl");
    EXPECT_EQ(manifest.find("resnet50-imagenet")->checksum.sha256Prefix, "11ad3fa6");
    EXPECT_EQ(manifest.find("resnet50-imagenet")->kind, ModelKind::Backbone);
}

TEST(ModelStoreManifest, RecordsTheSizesOfTheReferenceCheckpoints)
{
    const ModelManifest manifest = ModelManifest::builtIn();
    for (const char* name : { "classifier-da64-r3", "classifier-da128-r7" }) {
        SCOPED_TRACE(name);
        const ModelEntry& entry = *manifest.find(name);
        const std::string path = test::referenceCheckpoint(entry.file);
        if (const std::string why = test::publishedSkipReason(path); !why.empty())
            GTEST_SKIP() << why;
        EXPECT_EQ(entry.checksum.sizeBytes, static_cast<int64_t>(fs::file_size(path)));
        EXPECT_EQ(files::sha256OfFile(path), entry.checksum.sha256);
    }
}

TEST(ModelStoreManifest, FindsAClassifierByItsShortName)
{
    const ModelManifest manifest = ModelManifest::builtIn();
    EXPECT_EQ(manifest.find("da64-r3"), manifest.find("classifier-da64-r3"));
    EXPECT_EQ(manifest.find("da128-r7"), manifest.find("classifier-da128-r7"));
    EXPECT_EQ(manifest.find("r50-kinetics"), nullptr);
    EXPECT_EQ(manifest.find("nothing"), nullptr);
}

TEST(ModelStoreManifest, RejectsAFileNameThatClimbsOutOfTheFolder)
{
    const std::string manifest = R"({"models": [{"name": "x", "url": "https://example.invalid/x",
        "file": "../x.pth", "kind": "classifier"}]})";
    EXPECT_THROW(ModelManifest::parse(manifest, "test"), IoError);
    EXPECT_THROW(ModelManifest::parse("{not json", "test"), IoError);
}

TEST(ModelStoreManifest, DownloadsFromTheMirrorWhenOneIsSet)
{
    const ModelEntry& entry = *ModelManifest::builtIn().find("da64-r3");
    EXPECT_EQ(downloadUrl(entry, ""), entry.url);
    EXPECT_EQ(downloadUrl(entry, "http://mirror.local/w"),
        std::string("http://mirror.local/w/") + kDa64File);
    EXPECT_EQ(downloadUrl(entry, "http://mirror.local/w/"),
        std::string("http://mirror.local/w/") + kDa64File);
}

TEST(ModelStoreChecksum, AcceptsAMatchingPrefixAndNamesBothHashesOnMismatch)
{
    ExpectedChecksum prefix;
    prefix.sha256Prefix = "11ad3fa6";
    EXPECT_EQ(prefix.problemWith(10, "11ad3fa6aaaa"), "");
    const std::string problem = prefix.problemWith(10, "0676ba61bbbb");
    EXPECT_NE(problem.find("0676ba61bbbb"), std::string::npos) << problem;
    EXPECT_NE(problem.find("11ad3fa6"), std::string::npos) << problem;
}

TEST(ModelStoreLocations, FollowsVigilModelsDirThenXdgDataHome)
{
    const test::ScopedEnvironment keepDir("VIGIL_MODELS_DIR", std::nullopt);
    const test::ScopedEnvironment keepData("XDG_DATA_HOME", std::nullopt);
    ::setenv("VIGIL_MODELS_DIR", "/somewhere/models", 1);
    EXPECT_EQ(modelsFolderFromEnvironment(), "/somewhere/models");
    ::unsetenv("VIGIL_MODELS_DIR");
    ::setenv("XDG_DATA_HOME", "/data", 1);
    EXPECT_EQ(modelsFolderFromEnvironment(), "/data/vigil/models");
    ::unsetenv("XDG_DATA_HOME");
    EXPECT_NE(modelsFolderFromEnvironment().find("/.local/share/vigil/models"), std::string::npos);
}

TEST(ModelStore, ReportsAnEntryWithoutAFileAsMissing)
{
    const std::string folder = test::scratchDir("model_store_missing");
    ModelStore store(folder, manifestFor("abc"));
    const ModelStatus status = store.status(store.manifest().entries()[0], HashCheck::File);
    EXPECT_EQ(status.state, InstallState::Missing);
    EXPECT_EQ(status.path, folder + "/tiny.pth");
}

// The store's part, with a file a clone can make. Whether the published file is the one the
// built-in manifest names is RecordsTheSizesOfTheReferenceCheckpoints' question, and importing it
// is `vigil models import`'s in the integration tests.
TEST(ModelStore, ImportsACheckpointAndVerifiesItAgainstTheManifest)
{
    const std::string source = test::generatedCheckpoint(64, 3);
    const std::string sha256 = test::generatedCheckpointSha256(64, 3);
    ASSERT_EQ(sha256.size(), 64u);
    const std::string folder = test::scratchDir("model_store_import") + "/models";
    ModelStore store(folder, manifestForGeneratedCheckpoint());
    const ModelEntry& entry = *store.manifest().find("da64-r3");
    EXPECT_EQ(store.import(source, entry), folder + "/" + kDa64File);

    // A fresh store reads the checksum from the sidecar cache, without hashing the file.
    ModelStore reopened(folder, manifestForGeneratedCheckpoint());
    const ModelStatus cached = reopened.status(entry, HashCheck::CacheOnly);
    EXPECT_EQ(cached.state, InstallState::Verified);
    EXPECT_EQ(cached.sha256, sha256);
    const std::optional<InstalledWeights> installed = findDefaultClassifier(reopened);
    ASSERT_TRUE(installed);
    EXPECT_EQ(installed->name, "classifier-da64-r3");
    EXPECT_EQ(installed->trainedOn, "i3d-r50");
}

TEST(ModelStore, RejectsTheImportOfAWrongFileAndInstallsNothing)
{
    // A checkpoint in the published format that is not the published file.
    const std::string source = test::generatedCheckpoint(64, 3);
    const std::string folder = test::scratchDir("model_store_import_wrong");
    ModelStore store(folder, ModelManifest::builtIn());
    try {
        store.import(source, *store.manifest().find("da128-r7"));
        FAIL() << "a da64 checkpoint was accepted as da128-r7";
    } catch (const ModelError& error) {
        EXPECT_NE(std::string(error.what()).find(kDa128Sha), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find(source), std::string::npos) << error.what();
    }
    for (const auto& item : fs::directory_iterator(folder))
        ADD_FAILURE() << "left behind: " << item.path();
}

TEST(ModelStore, NoticesAChangedFileAndReportsItAsDamaged)
{
    const std::string folder = test::scratchDir("model_store_changed");
    writeFile(folder + "/source.pth", "the right bytes");
    ModelStore store(folder, manifestFor("the right bytes"));
    const ModelEntry& entry = store.manifest().entries()[0];
    store.import(folder + "/source.pth", entry);
    writeFile(store.pathOf(entry), "the wrong bytes"); // same size, other hash
    // Both writes may fall in one tick of the file system clock; a real edit comes later.
    fs::last_write_time(
        store.pathOf(entry), fs::last_write_time(store.pathOf(entry)) + std::chrono::seconds(2));

    EXPECT_EQ(store.status(entry, HashCheck::CacheOnly).state, InstallState::Unchecked);
    const ModelStatus checked = store.status(entry, HashCheck::File);
    EXPECT_EQ(checked.state, InstallState::Mismatch);
    EXPECT_NE(checked.problem.find("checksum mismatch"), std::string::npos) << checked.problem;
    EXPECT_THROW(findInstalled(store, entry), ModelError);
}

// Issue 40 item 2: a models folder mounted read-only (deploy/kubernetes/batch-job.yaml) loads and
// verifies; the hashes go to $XDG_CACHE_HOME/vigil/checksums/ as docs/weights.md says, and the
// next command finds them there without hashing again.
TEST(ModelStore, AReadOnlyModelsFolderVerifiesWithTheChecksumsInTheUsersCache)
{
    const std::string scratch = test::scratchDir("model_store_read_only");
    const std::string folder = scratch + "/models";
    fs::create_directories(folder);
    writeFile(folder + "/tiny.pth", "the right bytes");
    const test::ScopedEnvironment cache("XDG_CACHE_HOME", scratch + "/cache");
    const test::ReadOnlyFolder readOnly(folder);
    if (!readOnly.isReadOnly())
        GTEST_SKIP() << "this file system cannot make " << folder << " read-only";
    ModelStore store(folder, manifestFor("the right bytes"));
    const ModelEntry& entry = store.manifest().entries()[0];
    EXPECT_EQ(store.status(entry, HashCheck::CacheOrFile).state, InstallState::Verified);
    EXPECT_FALSE(fs::exists(folder + "/.checksums.json"));
    EXPECT_FALSE(fs::is_empty(scratch + "/cache/vigil/checksums"));
    ModelStore next(folder, manifestFor("the right bytes"));
    EXPECT_EQ(next.status(entry, HashCheck::CacheOnly).state, InstallState::Verified);
}

TEST(ModelStore, FindsTheInstalledBackboneForItsNetwork)
{
    const std::string folder = test::scratchDir("model_store_backbone");
    const std::string backbone
        = R"(, {"name": "backbone-tiny", "url": "https://example.invalid/b.pkl",
        "file": "b.pkl", "kind": "backbone", "backbone": "i3d-r50", "format": "caffe2-pkl"})";
    ModelStore store(folder, manifestFor("x", backbone));
    EXPECT_FALSE(findDefaultBackbone(store, BackboneKind::I3dResNet50));
    writeFile(folder + "/b.pkl", "any bytes: no checksum is published");
    const std::optional<InstalledWeights> found
        = findDefaultBackbone(store, BackboneKind::I3dResNet50);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->name, "backbone-tiny");
    EXPECT_EQ(store.status(*store.manifest().find("backbone-tiny"), HashCheck::CacheOnly).state,
        InstallState::Unverifiable);
    EXPECT_FALSE(findDefaultBackbone(store, BackboneKind::ResNet50));
}

// 20#6: weights nothing pins are installed under their own name (never the Caffe2 file's) and
// are never "published"; a pinned entry is.
TEST(ModelStore, InstallsUnpinnedWeightsUnderTheirOwnNameAndNeverCallsThemPublished)
{
    const std::string folder = test::scratchDir("model_store_own_name");
    const std::string backbone
        = R"(, {"name": "backbone-tiny", "url": "https://example.invalid/b.pkl",
        "file": "b.pkl", "kind": "backbone", "backbone": "i3d-r50", "format": "caffe2-pkl"})";
    ModelStore store(folder + "/models", manifestFor("pinned bytes", backbone));
    writeFile(folder + "/mine.pth", "a state dict of the right shapes");
    const ModelEntry& entry = *store.manifest().find("backbone-tiny");
    EXPECT_EQ(store.import(folder + "/mine.pth", entry),
        folder + "/models/imported-backbone-tiny-mine.pth");
    EXPECT_FALSE(fs::exists(folder + "/models/b.pkl"));
    const std::optional<InstalledWeights> found
        = findDefaultBackbone(store, BackboneKind::I3dResNet50);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->path, folder + "/models/imported-backbone-tiny-mine.pth");
    EXPECT_FALSE(found->isPinned);

    writeFile(folder + "/tiny.pth", "pinned bytes");
    store.import(folder + "/tiny.pth", store.manifest().entries()[0]);
    const std::optional<InstalledWeights> classifier = findDefaultClassifier(store);
    ASSERT_TRUE(classifier);
    EXPECT_TRUE(classifier->isPinned);
}

// Issue 40 item 8: an import the disk cannot hold says why, not "Input/output error" (the
// in-kernel copy's word for any short write), and leaves no partial file. A child process
// limited to 16 KiB per file (RLIMIT_FSIZE: EFBIG, as a full disk gives ENOSPC) tries it.
TEST(ModelStore, AnImportTheDiskCannotHoldSaysWhyAndLeavesNothing)
{
    const std::string folder = test::scratchDir("model_store_full");
    ModelStore store(folder + "/models", manifestFor("pinned bytes", ""));
    writeFile(folder + "/big.pth", std::string(256 * 1024, 'x'));
    fs::create_directories(folder + "/models");
    int channel[2];
    ASSERT_EQ(::pipe(channel), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::close(channel[0]);
        std::signal(SIGXFSZ, SIG_IGN); // the write fails with EFBIG instead of killing
        const rlimit limit { 16384, 16384 };
        ::setrlimit(RLIMIT_FSIZE, &limit);
        std::string message = "imported";
        try {
            store.import(folder + "/big.pth", store.manifest().entries()[0]);
        } catch (const std::exception& error) {
            message = error.what();
        }
        const ssize_t written = ::write(channel[1], message.data(), message.size());
        ::_exit(written == static_cast<ssize_t>(message.size()) ? 0 : 1);
    }
    ::close(channel[1]);
    std::string message;
    char buffer[512];
    for (ssize_t n; (n = ::read(channel[0], buffer, sizeof(buffer))) > 0;)
        message.append(buffer, static_cast<size_t>(n));
    ::close(channel[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_NE(message.find(": cannot write: File too large"), std::string::npos) << message;
    EXPECT_EQ(message.find("Input/output error"), std::string::npos) << message;
    for (const fs::directory_entry& left : fs::directory_iterator(folder + "/models"))
        EXPECT_EQ(left.path().filename().string().find(".import-"), std::string::npos)
            << left.path();
}

// 21#1: whatever the checksum cache says (here an entry that claims the published hash for
// other bytes), a published claim hashes the file itself.
TEST(ModelStore, APublishedClaimHashesTheFileWhateverTheCacheSays)
{
    const std::string folder = test::scratchDir("model_store_rehash");
    writeFile(folder + "/source.pth", "the right bytes");
    ModelStore store(folder, manifestFor("the right bytes"));
    const ModelEntry& entry = store.manifest().entries()[0];
    store.import(folder + "/source.pth", entry);
    writeFile(store.pathOf(entry), "the wrong bytes");
    store.rememberChecksum(entry, entry.checksum.sha256); // a cache entry that lies
    EXPECT_THROW(findInstalled(store, entry), ModelError);
}

} // namespace
} // namespace vigil::models_store
