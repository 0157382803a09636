// Backbone calibration (core/tuning): the search over measured timings, the per-machine cache
// file and its keys, and the environment overrides, all on a fake timing source (no LibTorch,
// no real measurement, nothing timed).

#include "core/common/error.h"
#include "core/common/ignored_files.h"
#include "core/tuning/calibration.h"
#include "core/tuning/calibration_cache.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

namespace vigil::tuning {
namespace {

namespace fs = std::filesystem;

// Seconds per snippet from a formula over the setup, counting how often it was asked.
class FakeTimer : public TimingSource {
public:
    explicit FakeTimer(std::function<double(const BackboneSetup&)> cost)
        : cost_(std::move(cost))
    {
    }
    double secondsPerSnippet(const BackboneSetup& setup) override
    {
        ++calls;
        return cost_(setup);
    }
    int calls = 0;

private:
    std::function<double(const BackboneSetup&)> cost_;
};

// Blocked is 0.2 s, channels-last 0.3 s; 2 snippets per pass save 10 %, 4 lose 10 %.
double avx2LikeCost(const BackboneSetup& setup)
{
    const double layout = setup.layout == Layout::Blocked ? 0.2 : 0.3;
    const double passes = setup.snippetsPerPass == 1 ? 1.0 : setup.snippetsPerPass == 2 ? 0.9 : 1.1;
    return layout * passes * 2.0 / setup.threads;
}

MachineKey keyFor(const std::string& model, int threads)
{
    return { { model, "avx2" }, "1.13.0", "i3d-r50", threads };
}

std::string scratchFile(const std::string& name)
{
    const std::string folder = test::scratchDir("calibration");
    fs::remove(folder + "/" + name);
    return folder + "/" + name;
}

struct Counting {
    int made = 0;
    std::function<double(const BackboneSetup&)> cost = avx2LikeCost;
    std::unique_ptr<TimingSource> operator()()
    {
        ++made;
        return std::make_unique<FakeTimer>(cost);
    }
};

TEST(Calibration, PicksTheFastestLayoutThenMoreSnippetsPerPassWhileTheyHelp)
{
    FakeTimer timer(avx2LikeCost);
    const Calibration result = calibrate(timer, defaultSearchSpace(2, true));
    EXPECT_EQ(result.best, (BackboneSetup { Layout::Blocked, 2, 2 }));
    // blocked@1, channels-last@1, blocked@2, blocked@4 (slower: the search stops there).
    ASSERT_EQ(result.measured.size(), 4u);
    EXPECT_EQ(timer.calls, 4);
    EXPECT_EQ(result.measured[3].setup.snippetsPerPass, 4);
}

TEST(Calibration, KeepsOneSnippetPerPassWhenLargerPassesAreSlower)
{
    FakeTimer timer([](const BackboneSetup& s) {
        return (s.layout == Layout::ChannelsLast ? 0.1 : 0.2) * s.snippetsPerPass;
    });
    const Calibration result = calibrate(timer, defaultSearchSpace(2, true));
    EXPECT_EQ(result.best, (BackboneSetup { Layout::ChannelsLast, 1, 2 }));
    EXPECT_EQ(result.measured.size(), 3u); // stops at the first slower size
}

TEST(Calibration, TriesOneThreadFewerFromFourCoresAndWithoutBlockedLayoutUsesChannelsLast)
{
    const SearchSpace space = defaultSearchSpace(8, false);
    EXPECT_EQ(space.layouts, std::vector<Layout> { Layout::ChannelsLast });
    EXPECT_EQ(space.threads, (std::vector<int> { 8, 7 }));
    FakeTimer timer([](const BackboneSetup& s) { return s.threads == 7 ? 0.1 : 0.2; });
    EXPECT_EQ(calibrate(timer, space).best.threads, 7);
}

TEST(Calibration, MeasuresOnFirstUseThenReadsTheCacheWithoutMeasuring)
{
    const std::string file = scratchFile("first-use.json");
    Counting counting;
    const auto timers = [&] { return counting(); };
    const ResolvedSetup first
        = resolveSetup(keyFor("CPU A", 2), defaultSearchSpace(2, true), {}, file, timers);
    EXPECT_EQ(first.origin, ResolvedSetup::Origin::Measured);
    EXPECT_TRUE(fs::exists(file));
    EXPECT_TRUE(first.cacheProblem.empty()) << first.cacheProblem;
    const ResolvedSetup second
        = resolveSetup(keyFor("CPU A", 2), defaultSearchSpace(2, true), {}, file, timers);
    EXPECT_EQ(second.setup, first.setup);
    EXPECT_EQ(counting.made, 1);
    // Issue 40 item 8: read back in the process that measured it, it is no earlier calibration.
    EXPECT_EQ(second.origin, ResolvedSetup::Origin::Measured);
    EXPECT_NE(second.text().find("measured now"), std::string::npos) << second.text();
    // A calibration another run left in the cache is one.
    const std::string earlier = scratchFile("earlier-run.json");
    {
        Counting other;
        const std::unique_ptr<TimingSource> timer = other();
        CalibrationCache(earlier).remember(
            keyFor("CPU A", 2).text(), calibrate(*timer, defaultSearchSpace(2, true)));
    }
    const ResolvedSetup read
        = resolveSetup(keyFor("CPU A", 2), defaultSearchSpace(2, true), {}, earlier, timers);
    EXPECT_EQ(read.origin, ResolvedSetup::Origin::Cached);
    EXPECT_EQ(counting.made, 1);
    EXPECT_NE(read.text().find("calibrated earlier"), std::string::npos) << read.text();
}

TEST(Calibration, AnotherCpuLibTorchOrThreadCountMeasuresAgain)
{
    const std::string file = scratchFile("keys.json");
    Counting counting;
    const auto timers = [&] { return counting(); };
    const SearchSpace space = defaultSearchSpace(2, true);
    resolveSetup(keyFor("CPU A", 2), space, {}, file, timers);
    MachineKey otherTorch = keyFor("CPU A", 2);
    otherTorch.libtorchVersion = "2.1.0";
    MachineKey otherFlags = keyFor("CPU A", 2);
    otherFlags.cpu.vectorFlags = "avx512";
    for (const MachineKey& key : { keyFor("CPU B", 2), keyFor("CPU A", 1), otherTorch, otherFlags })
        EXPECT_EQ(
            resolveSetup(key, space, {}, file, timers).origin, ResolvedSetup::Origin::Measured)
            << key.text();
    EXPECT_EQ(counting.made, 5);
    // All five live side by side in the one file.
    CalibrationCache cache(file);
    EXPECT_TRUE(cache.lookup(keyFor("CPU A", 2).text()));
    EXPECT_TRUE(cache.lookup(otherTorch.text()));
}

TEST(Calibration, OffMeasuresNothingAndUsesTheFirstCandidates)
{
    const std::string file = scratchFile("off.json");
    Counting counting;
    CalibrationOverrides off;
    off.mode = CalibrationOverrides::Mode::Off;
    const ResolvedSetup resolved = resolveSetup(
        keyFor("CPU A", 2), defaultSearchSpace(2, true), off, file, [&] { return counting(); });
    EXPECT_EQ(resolved.origin, ResolvedSetup::Origin::Default);
    EXPECT_EQ(resolved.setup, (BackboneSetup { Layout::Blocked, 1, 2 }));
    EXPECT_EQ(counting.made, 0);
    EXPECT_FALSE(fs::exists(file));
}

TEST(Calibration, RedoMeasuresAgainAndReplacesTheCachedChoice)
{
    const std::string file = scratchFile("redo.json");
    Counting counting;
    const auto timers = [&] { return counting(); };
    const SearchSpace space = defaultSearchSpace(2, true);
    resolveSetup(keyFor("CPU A", 2), space, {}, file, timers);
    counting.cost = [](const BackboneSetup& s) { return s.layout == Layout::Blocked ? 0.9 : 0.1; };
    CalibrationOverrides redo;
    redo.mode = CalibrationOverrides::Mode::Redo;
    EXPECT_EQ(resolveSetup(keyFor("CPU A", 2), space, redo, file, timers).setup.layout,
        Layout::ChannelsLast);
    EXPECT_EQ(resolveSetup(keyFor("CPU A", 2), space, {}, file, timers).setup.layout,
        Layout::ChannelsLast);
    EXPECT_EQ(counting.made, 2);
}

TEST(Calibration, LayoutAndPassOverridesWinOverTheMeasurementAndBothTogetherSkipIt)
{
    const std::string file = scratchFile("overrides.json");
    Counting counting;
    const auto timers = [&] { return counting(); };
    const SearchSpace space = defaultSearchSpace(2, true);
    const std::map<std::string, std::string> vars
        = { { "VIGIL_LAYOUT", "channels-last" }, { "VIGIL_SNIPPETS_PER_PASS", "4" } };
    const CalibrationOverrides both = overridesFromEnvironment([&](const char* name) {
        const auto it = vars.find(name);
        return it == vars.end() ? std::string() : it->second;
    });
    const ResolvedSetup fixed = resolveSetup(keyFor("CPU A", 2), space, both, file, timers);
    EXPECT_EQ(fixed.setup, (BackboneSetup { Layout::ChannelsLast, 4, 2 }));
    EXPECT_TRUE(fixed.isOverridden);
    EXPECT_EQ(counting.made, 0);
    CalibrationOverrides layoutOnly;
    layoutOnly.layout = Layout::Contiguous;
    const ResolvedSetup partly = resolveSetup(keyFor("CPU A", 2), space, layoutOnly, file, timers);
    EXPECT_EQ(partly.setup, (BackboneSetup { Layout::Contiguous, 2, 2 })); // passes measured
    EXPECT_EQ(counting.made, 1);
}

TEST(Calibration, MalformedOverridesAreErrorsNamingTheVariable)
{
    const auto only = [](std::string name, std::string value) {
        return [=](const char* asked) { return name == asked ? value : std::string(); };
    };
    EXPECT_EQ(overridesFromEnvironment(only("VIGIL_CALIBRATION", "off")).mode,
        CalibrationOverrides::Mode::Off);
    for (const auto& [name, value] : std::map<std::string, std::string> {
             { "VIGIL_CALIBRATION", "sometimes" }, { "VIGIL_LAYOUT", "nhwc" },
             { "VIGIL_SNIPPETS_PER_PASS", "0" }, { "VIGIL_SNIPPETS_PER_PASS", "2x" } }) {
        SCOPED_TRACE(name + "=" + value);
        try {
            overridesFromEnvironment(only(name, value));
            ADD_FAILURE() << "accepted";
        } catch (const Error& error) {
            EXPECT_NE(std::string(error.what()).find(name), std::string::npos) << error.what();
        }
    }
}

TEST(CalibrationCache, IgnoresMalformedFilesEntriesAndOtherFormatVersions)
{
    const std::string file = scratchFile("malformed.json");
    const std::string key = keyFor("CPU A", 2).text();
    for (const std::string text : { std::string("not json"), std::string("[]"),
             R"({"version": 2, "calibrations": {")" + key
                 + R"(": {"layout": "blocked", "snippets_per_pass": 1, "threads": 2}}})",
             R"({"version": 1, "calibrations": {")" + key
                 + R"(": {"layout": "sideways", "snippets_per_pass": 1, "threads": 2}}})",
             R"({"version": 1, "calibrations": {")" + key
                 + R"(": {"layout": "blocked", "snippets_per_pass": 0, "threads": 2}}})" }) {
        SCOPED_TRACE(text);
        std::ofstream(file) << text;
        EXPECT_FALSE(CalibrationCache(file).lookup(key));
    }
    std::ofstream(file) << R"({"version": 1, "calibrations": {")" + key
            + R"(": {"layout": "channels-last", "snippets_per_pass": 2, "threads": 2}}})";
    EXPECT_EQ(CalibrationCache(file).lookup(key), (BackboneSetup { Layout::ChannelsLast, 2, 2 }));
}

TEST(CalibrationCache, CachedValuesOutsideTheSearchSpaceAreMeasuredAgain)
{
    const std::string file = scratchFile("crafted.json");
    const std::string key = keyFor("CPU A", 2).text();
    for (const std::string setup :
        { std::string(R"("layout": "blocked", "snippets_per_pass": 1, "threads": 4096)"),
            std::string(R"("layout": "blocked", "snippets_per_pass": 64, "threads": 2)") }) {
        SCOPED_TRACE(setup);
        std::ofstream(file) << R"({"version": 1, "calibrations": {")" + key + R"(": {)" + setup
                + "}}}";
        Counting counting;
        const ResolvedSetup resolved = resolveSetup(
            keyFor("CPU A", 2), defaultSearchSpace(2, true), {}, file, [&] { return counting(); });
        EXPECT_EQ(resolved.origin, ResolvedSetup::Origin::Measured);
        EXPECT_LE(resolved.setup.threads, 2);
        EXPECT_LE(resolved.setup.snippetsPerPass, 4);
    }
}

TEST(CalibrationCache, AFifoOrAFolderInPlaceOfTheCacheIsIgnoredWithAReason)
{
    const std::string file = scratchFile("not-a-file.json");
    std::filesystem::remove_all(file);
    ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
    Counting counting;
    // A blocking open of the FIFO would hang here (ctest's timeout fails it).
    const ResolvedSetup fifo = resolveSetup(
        keyFor("CPU A", 2), defaultSearchSpace(2, true), {}, file, [&] { return counting(); });
    EXPECT_EQ(fifo.origin, ResolvedSetup::Origin::Measured);
    std::filesystem::remove(file);
    std::filesystem::create_directories(file);
    EXPECT_FALSE(CalibrationCache(file).readProblem().empty()) << "a folder: said, not an abort";
    EXPECT_NE(CalibrationCache(file).readProblem().find("not a regular file"), std::string::npos)
        << CalibrationCache(file).readProblem();
    const ResolvedSetup folder = resolveSetup(
        keyFor("CPU A", 2), defaultSearchSpace(2, true), {}, file, [&] { return counting(); });
    EXPECT_FALSE(folder.cacheProblem.empty());
    std::filesystem::remove_all(file);
}

// What core reports as ignored (core/common/ignored_files.h), in place of the front end's sink.
struct IgnoredReports {
    IgnoredReports()
    {
        setIgnoredFileSink([this](const std::string& file, const std::string& problem) {
            lines.push_back(file + ": " + problem);
        });
    }
    ~IgnoredReports() { setIgnoredFileSink({}); }
    std::vector<std::string> lines;
};

// Issue 21 item 5: an unreadable or damaged cache is ignored with one warning, not only under
// --profile. A command resolves the setup twice (threads at start-up, then the backbone's
// layout), and a folder cannot be replaced by the new measurement: still one report.
TEST(CalibrationCache, AFolderGarbageOrAFifoIsReportedOnceAndTheCalibrationMeasuresAgain)
{
    const std::string file = scratchFile("damaged.json");
    const std::vector<std::pair<std::string, std::function<void()>>> damages {
        { "not a regular file (a folder)", [&] { fs::create_directories(file); } },
        { "not valid JSON", [&] { std::ofstream(file) << "\x01garbage{"; } },
        { "not a regular file (a FIFO)", [&] { ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0); } },
        { "not a calibration cache of version 1", [&] { std::ofstream(file) << "[1, 2]"; } },
        { "a damaged or out-of-bounds entry",
            [&] {
                std::ofstream(file)
                    << R"({"version": 1, "calibrations": {"k": {"layout": "blocked",)"
                       R"( "snippets_per_pass": 1, "threads": 4096}}})";
            } },
    };
    for (const auto& [problem, damage] : damages) {
        SCOPED_TRACE(problem);
        fs::remove_all(file);
        damage();
        const IgnoredReports reports;
        Counting counting;
        for (int run = 0; run < 2; ++run) {
            const ResolvedSetup resolved = resolveSetup(keyFor("CPU A", 2),
                defaultSearchSpace(2, true), {}, file, [&] { return counting(); });
            EXPECT_NE(resolved.origin, ResolvedSetup::Origin::Default);
        }
        EXPECT_GE(counting.made, 1);
        ASSERT_EQ(reports.lines.size(), 1u);
        EXPECT_EQ(reports.lines[0], file + ": " + problem);
    }
    fs::remove_all(file);
}

TEST(CalibrationCache, AnUnwritableCacheIsReportedNotFatal)
{
    Counting counting;
    const ResolvedSetup resolved = resolveSetup(keyFor("CPU A", 2), defaultSearchSpace(2, true), {},
        "/proc/vigil-cannot-write/calibration.json", [&] { return counting(); });
    EXPECT_EQ(resolved.origin, ResolvedSetup::Origin::Measured);
    EXPECT_FALSE(resolved.cacheProblem.empty());
}

TEST(MachineKey, ReadsTheModelAndTheBestVectorExtensionOfTheFirstCpu)
{
    const CpuInfo avx512 = parseCpuInfo("processor\t: 0\nmodel name\t: AMD EPYC 9R14\n"
                                        "flags\t\t: fpu sse avx2 avx512f avx512bw\n\n"
                                        "processor\t: 1\nmodel name\t: other\n");
    EXPECT_EQ(avx512.model, "AMD EPYC 9R14");
    EXPECT_EQ(avx512.vectorFlags, "avx512");
    EXPECT_EQ(
        parseCpuInfo("model name : Intel Xeon\nflags : sse avx avx2 fma\n").vectorFlags, "avx2");
    // avx512_bf16 alone is not avx512f, and a missing file names no CPU.
    EXPECT_EQ(parseCpuInfo("flags : avx avx512_bf16\n").vectorFlags, "sse");
    EXPECT_EQ(parseCpuInfo("").model, "unknown CPU");
}

TEST(MachineKey, DefaultFileFollowsXdgCacheHome)
{
    const auto env = [](std::map<std::string, std::string> vars) {
        return [vars](const char* name) {
            const auto it = vars.find(name);
            return it == vars.end() ? std::string() : it->second;
        };
    };
    EXPECT_EQ(defaultCalibrationFile(env({ { "XDG_CACHE_HOME", "/c" }, { "HOME", "/h" } })),
        "/c/vigil/calibration.json");
    EXPECT_EQ(defaultCalibrationFile(env({ { "XDG_CACHE_HOME", "rel" }, { "HOME", "/h" } })),
        "/h/.cache/vigil/calibration.json");
}

} // namespace
} // namespace vigil::tuning
