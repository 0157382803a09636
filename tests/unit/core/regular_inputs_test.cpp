// Every file Vigil reads or appends to is opened through files::openRegularFile: a FIFO or a folder
// named like a result, a labels file, events.jsonl or scores.csv is refused in one line instead of
// blocking the command (a FIFO) or aborting it (a folder). A reader that blocks fails its test
// after a few seconds instead of hanging the suite.

#include "core/batch/saved_result.h"
#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/files/sha256.h"
#include "core/formats/feature_sidecar.h"
#include "core/formats/result_reader.h"
#include "core/live/line_appender.h"
#include "core/train/labelled_videos.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <future>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil {
namespace {

namespace fs = std::filesystem;

std::string fifoAt(const std::string& name)
{
    const std::string path = test::scratchDir("regular_inputs") + "/" + name;
    fs::remove_all(path);
    return ::mkfifo(path.c_str(), 0600) == 0 ? path : std::string();
}

std::string folderAt(const std::string& name)
{
    const std::string path = test::scratchDir("regular_inputs") + "/" + name;
    fs::remove_all(path);
    fs::create_directories(path);
    return path;
}

// What `use` threw (IoError) or returned as its problem. When it blocks on the FIFO for 5 s, the
// test fails and the FIFO's two ends are opened (O_RDWR never blocks), which lets it return.
std::string problemOf(const std::string& path, const std::function<std::string()>& use)
{
    auto outcome = std::async(std::launch::async, [&] {
        try {
            return use();
        } catch (const IoError& error) {
            return std::string(error.what());
        }
    });
    if (outcome.wait_for(std::chrono::seconds(5)) == std::future_status::timeout) {
        ADD_FAILURE() << path << ": blocked on open";
        const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK);
        outcome.wait();
        if (fd >= 0)
            ::close(fd);
    }
    return outcome.get();
}

void expectRefused(
    const std::string& path, const std::string& kind, const std::function<std::string()>& use)
{
    ASSERT_FALSE(path.empty()) << "mkfifo failed";
    SCOPED_TRACE(path);
    const std::string problem = problemOf(path, use);
    EXPECT_NE(problem.find("not a regular file (" + kind + ")"), std::string::npos) << problem;
}

std::string throwsOrNothing(const std::function<void()>& use)
{
    use();
    return {};
}

TEST(RegularInputs, ClipsRefusesAFifoOrAFolderAsTheResult)
{
    auto read = [](const std::string& path) {
        return [path] { return throwsOrNothing([&] { formats::readResultFiles(path, ""); }); };
    };
    const std::string fifo = fifoAt("cam.vigil.json");
    expectRefused(fifo, "a FIFO", read(fifo));
    const std::string folder = folderAt("room.vigil.json");
    expectRefused(folder, "a folder", read(folder));
}

TEST(RegularInputs, TrainRefusesAFifoAsTheLabelsFile)
{
    const std::string fifo = fifoAt("labels.csv");
    expectRefused(
        fifo, "a FIFO", [&] { return throwsOrNothing([&] { train::readLabelsCsv(fifo); }); });
}

TEST(RegularInputs, BatchResumeAnalysesAgainWhereAFifoOrAFolderIsTheSavedResult)
{
    const std::string fifo = fifoAt("a.vigil.json");
    expectRefused(fifo, "a FIFO", [&] {
        return batch::checkSavedResult(fifo, fifo + ".csv", {}, vigil::analysis::EventRule {})
            .problem;
    });
    const std::string folder = folderAt("b.vigil.json");
    const batch::SavedResult saved
        = batch::checkSavedResult(folder, folder + ".csv", {}, vigil::analysis::EventRule {});
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("not a regular file (a folder)"), std::string::npos)
        << saved.problem;
}

TEST(RegularInputs, WatchRefusesAFifoOrAFolderAsEventsJsonlOrScoresCsv)
{
    for (const std::string name : { "events.jsonl", "scores.csv" }) {
        const std::string fifo = fifoAt(name);
        expectRefused(fifo, "a FIFO", [&] {
            return throwsOrNothing(
                [&] { live::LineAppender(fifo, "", live::Durability::Buffered); });
        });
        // With a reader at the other end, open() would succeed: fstat() still refuses it.
        const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
        expectRefused(fifo, "a FIFO", [&] {
            return throwsOrNothing(
                [&] { live::LineAppender(fifo, "h", live::Durability::Buffered); });
        });
        ::close(reader);
        const std::string folder = folderAt("folder-" + name);
        expectRefused(folder, "a folder", [&] {
            return throwsOrNothing(
                [&] { live::LineAppender(folder, "", live::Durability::Buffered); });
        });
    }
}

TEST(RegularInputs, AFifoIsNeitherHashedNorReadAsAFeatureSidecar)
{
    const std::string fifo = fifoAt("weights.pth");
    expectRefused(fifo, "a FIFO", [&] { return files::sha256OfFile(fifo); });
    const std::string sidecar = fifoAt("clip.features.json");
    const std::string problem = problemOf(sidecar, [&] {
        const std::string npy = std::filesystem::path(sidecar).replace_extension(".npy").string();
        return formats::readFeatureSidecarFor(npy, FloatArray::zeros({ 2, 1, 4 }))
            ? std::string("read")
            : std::string("none");
    });
    // Refused in one line (a sidecar that cannot be read is not taken for no sidecar).
    EXPECT_NE(problem.find("not a regular file (a FIFO)"), std::string::npos) << problem;
}

TEST(RegularInputs, AnAppendedFileIsCreatedWhenMissingAndOnlyThen)
{
    const std::string folder = folderAt("append");
    const std::string path = folder + "/events.jsonl";
    {
        live::LineAppender appender(path, "header", live::Durability::Buffered);
        appender.append("one");
    }
    {
        live::LineAppender appender(path, "header", live::Durability::Buffered);
        appender.append("two");
    }
    EXPECT_EQ(files::RegularFile(path).readAll(), "header\none\ntwo\n");
}

} // namespace
} // namespace vigil
