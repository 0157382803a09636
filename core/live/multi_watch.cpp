#include "core/live/multi_watch.h"

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/live/round_robin.h"
#include "core/live/watch_health.h"
#include "core/live/watch_plan.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

namespace vigil::live {
namespace {

// Passes the caller's cancel on to every camera while the run lives, also during the first
// opens of the sources (which can wait for their whole timeout).
class CancelRelay {
public:
    CancelRelay(const CancellationToken& from, std::vector<std::unique_ptr<CameraFeed>>& to)
        : thread_([this, &from, &to] {
            while (!isDone_.load()) {
                if (from.isCancelled()) {
                    for (const std::unique_ptr<CameraFeed>& feed : to)
                        feed->stop();
                    return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        })
    {
    }
    ~CancelRelay()
    {
        isDone_.store(true);
        thread_.join();
    }
    CancelRelay(const CancelRelay&) = delete;
    CancelRelay& operator=(const CancelRelay&) = delete;

private:
    std::atomic<bool> isDone_ { false };
    std::thread thread_;
};

// While no camera has a snippet waiting, the worker looks again this often: short beside the
// 0.64 s a 25 fps camera takes to fill a snippet.
constexpr int kIdleWaitMs = 10;
// How long a pass that holds some cameras' snippets waits for the others' (round_robin.h): about
// one frame at 25 fps, as DeepStream's nvstreammux waits, so cameras whose snippets end within a
// frame of each other go through the backbone as one batch. 6 % of a 25 fps snippet's 0.64 s;
// never spent when every camera has one waiting (a loaded machine).
constexpr int kFillWaitMs = 40;
// As often as each camera's own status.json.
constexpr auto kProcessStatusEvery = std::chrono::seconds(5);

// The pass's snippets' crops stacked into one backbone input. A pass of one is extracted from
// the snippet itself: a ten-crop snippet is 96 MB, not to be copied for nothing.
FloatArray stackedInputs(const std::vector<std::pair<size_t, LiveSnippet>>& batch)
{
    FloatArray input;
    input.shape = batch.front().second.input.shape;
    input.shape[0] = 0;
    for (const auto& [camera, snippet] : batch)
        input.shape[0] += snippet.input.dim(0);
    input.values.reserve(static_cast<size_t>(FloatArray::countOf(input.shape)));
    for (const auto& [camera, snippet] : batch)
        input.values.insert(
            input.values.end(), snippet.input.values.begin(), snippet.input.values.end());
    return input;
}

} // namespace

MultiWatch::MultiWatch(std::vector<CameraSpec> cameras, engine::Engine engine)
    : cameras_(std::move(cameras))
    , engine_(std::move(engine))
{
    if (const std::string problem = backboneProblem(engine_.description().backbone);
        !problem.empty())
        throw ModelError(problem);
    if (!engine_.canExtract() || !engine_.canScore())
        throw ModelError("vigil watch needs a backbone and a classifier");
    for (CameraSpec& camera : cameras_) {
        locks_.emplace_back(camera.settings.outputs.outputDir, camera.settings.outputs.sourceName);
        // Live features are made and described as the engine's are for files.
        camera.settings.reader.crops = engine_.pipeline().options().crops;
        camera.settings.reader.preset = engine_.pipeline().options().preset;
        camera.settings.reader.otherFamilies.clear();
        for (const engine::OtherFamily& family : engine_.otherFamilies())
            camera.settings.reader.otherFamilies.push_back(
                { family.pipeline->options().crops, family.pipeline->options().preset });
        camera.settings.outputs.networks = analysis::weightsSummary(engine_.description());
    }
}

void MultiWatch::setObserver(size_t camera, LiveObserver observer)
{
    cameras_.at(camera).observer = std::move(observer);
}

void MultiWatch::setRetryNow(size_t camera, std::shared_ptr<RetryNow> retryNow)
{
    cameras_.at(camera).retryNow = std::move(retryNow);
}

// One backbone call for the pass; the features are split back to their cameras.
void MultiWatch::scoreBatch(std::vector<std::unique_ptr<CameraFeed>>& feeds,
    std::vector<std::pair<size_t, LiveSnippet>>& batch) const
{
    const analysis::FeatureExtractor& extractor = engine_.pipeline().extractor();
    const FloatArray features = batch.size() == 1 ? extractor.extract(batch.front().second.input)
                                                  : extractor.extract(stackedInputs(batch));
    const int64_t width = features.dim(1); // [inputs, width], maybe with trailing 1s
    int64_t row = 0;
    for (const auto& [camera, snippet] : batch) {
        const int64_t crops = snippet.input.dim(0);
        FloatArray feature;
        feature.shape = { crops, width };
        const auto begin = features.values.begin() + row * width;
        feature.values.assign(begin, begin + crops * width);
        row += crops;
        feeds[camera]->score(snippet, feature);
    }
}

void MultiWatch::writeProcessStatus(const std::vector<std::unique_ptr<CameraFeed>>& feeds) const
{
    std::vector<CameraHealth> cameras;
    for (size_t i = 0; i < feeds.size(); ++i) {
        const CameraFeed& feed = *feeds[i];
        const OutputSettings& outputs = cameras_[i].settings.outputs;
        cameras.push_back({ std::filesystem::path(outputs.outputDir).filename().string(),
            outputs.sourceName, feed.health(),
            !feed.failure().empty() ? "failed"
                : feed.isDone()     ? "ended"
                                    : "watching",
            feed.failure() });
    }
    const auto wallMs = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
                            .count();
    try {
        files::writeFileAtomically(processStatusFile_, processStatusJson(cameras, wallMs));
    } catch (const IoError&) {
        // A health file never stops the watch; each camera's own status.json still goes on.
    }
}

std::vector<WatchOutcome> MultiWatch::run(const CancellationToken& cancel)
{
    std::vector<std::unique_ptr<CameraFeed>> feeds;
    for (const CameraSpec& camera : cameras_)
        feeds.push_back(std::make_unique<CameraFeed>(camera, engine_, cameras_.size() > 1));
    const CancelRelay relay(cancel, feeds);
    std::vector<std::pair<size_t, LiveSnippet>> batch;
    auto lastStatus = std::chrono::steady_clock::now();
    for (size_t first = 0;; first = (first + 1) % feeds.size()) {
        batch.clear();
        if (takeRoundRobin(feeds, first, batch, kIdleWaitMs, feeds.size() > 1 ? kFillWaitMs : 0)
            == 0)
            break;
        if (!batch.empty())
            scoreBatch(feeds, batch);
        const auto now = std::chrono::steady_clock::now();
        if (!processStatusFile_.empty() && now - lastStatus >= kProcessStatusEvery) {
            writeProcessStatus(feeds);
            lastStatus = now;
        }
    }
    std::vector<WatchOutcome> outcomes;
    for (const std::unique_ptr<CameraFeed>& feed : feeds)
        outcomes.push_back(feed->finish());
    if (!processStatusFile_.empty())
        writeProcessStatus(feeds);
    return outcomes;
}

} // namespace vigil::live
