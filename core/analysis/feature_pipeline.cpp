#include "core/analysis/feature_pipeline.h"

#include "core/analysis/bounded_queue.h"
#include "core/common/backbone_table.h"
#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/common/process_age.h"
#include "core/media/video_decoder.h"
#include "core/preprocess/frame_preprocessor.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace vigil::analysis {
namespace {

// One forward pass worth of network input and how many feature steps it yields.
struct InputBatch {
    FloatArray input;
    int64_t steps = 0;
};

// State shared between the producer thread and the caller; the producer writes, the caller
// reads after join() (or the atomic counter while running).
struct ProducerState {
    std::atomic<int64_t> framesDecoded { 0 };
    std::vector<int64_t> framePtsUs;
    std::exception_ptr error;
    double decodeS = 0.0;
    double preprocessS = 0.0;
    double blockedS = 0.0;
};

using Clock = std::chrono::steady_clock;

// Adds the seconds since the last call (or construction) to `total`; a few ns per call.
class StageTimer {
public:
    void addTo(double& total)
    {
        const Clock::time_point now = Clock::now();
        total += std::chrono::duration<double>(now - last_).count();
        last_ = now;
    }

private:
    Clock::time_point last_ = Clock::now();
};

// Cuts snippets straight into the batch buffer the network reads: [snippets * crops, 3, 16, 224,
// 224], snippet-major, so the network's output rows are [steps, crops] in order.
void produceSnippets(media::VideoDecoder& decoder, const preprocess::SnippetPreprocessor& pre,
    int64_t snippetsPerBatch, BoundedQueue<InputBatch>& queue, ProducerState& state,
    const CancellationToken& cancel)
{
    const int64_t crops = pre.cropCount();
    SnippetCutter cutter(pre);
    const int64_t perSnippet = cutter.snippetValues();
    const auto emptyBatch = [&]() {
        return InputBatch { FloatArray::zeros({ snippetsPerBatch * crops, 3, kSnippetFrames,
                                preprocess::SnippetPreprocessor::kCropSize,
                                preprocess::SnippetPreprocessor::kCropSize }),
            0 };
    };
    InputBatch batch = emptyBatch();
    StageTimer timer;
    const auto flush = [&]() {
        if (batch.steps == 0)
            return true;
        batch.input.shape[0] = batch.steps * crops;
        batch.input.values.resize(static_cast<size_t>(batch.steps * perSnippet));
        timer.addTo(state.preprocessS);
        const bool isAccepted = queue.push(std::move(batch));
        timer.addTo(state.blockedS);
        batch = emptyBatch();
        timer.addTo(state.preprocessS);
        return isAccepted;
    };
    while (auto frame = decoder.next()) {
        timer.addTo(state.decodeS);
        cancel.throwIfCancelled();
        state.framePtsUs.push_back(frame->ptsUs);
        state.framesDecoded.fetch_add(1, std::memory_order_relaxed);
        if (cutter.add(frame->rgb, batch.input.data() + batch.steps * perSnippet)
            && ++batch.steps == snippetsPerBatch && !flush())
            return;
        timer.addTo(state.preprocessS);
    }
    timer.addTo(state.decodeS);
    if (cutter.finish(batch.input.data() + batch.steps * perSnippet))
        ++batch.steps;
    flush();
}

void produceFrames(media::VideoDecoder& decoder, const preprocess::FramePreprocessor& pre,
    const ExtractionOptions& options, BoundedQueue<InputBatch>& queue, ProducerState& state,
    const CancellationToken& cancel)
{
    constexpr int64_t kPlane = 3 * 224 * 224;
    InputBatch batch;
    batch.input = FloatArray::zeros({ options.framesPerBatch, 3, 224, 224 });
    StageTimer timer;
    auto flush = [&]() {
        if (batch.steps == 0)
            return true;
        batch.input.shape[0] = batch.steps;
        batch.input.values.resize(static_cast<size_t>(batch.steps * kPlane));
        timer.addTo(state.preprocessS);
        const bool isAccepted = queue.push(std::move(batch));
        timer.addTo(state.blockedS);
        batch = { FloatArray::zeros({ options.framesPerBatch, 3, 224, 224 }), 0 };
        timer.addTo(state.preprocessS);
        return isAccepted;
    };
    while (auto frame = decoder.next()) {
        timer.addTo(state.decodeS);
        cancel.throwIfCancelled();
        state.framePtsUs.push_back(frame->ptsUs);
        const int64_t index = state.framesDecoded.fetch_add(1, std::memory_order_relaxed);
        if (index % options.frameStep != 0)
            continue;
        pre.apply(frame->rgb, batch.input.data() + batch.steps * kPlane);
        timer.addTo(state.preprocessS);
        if (++batch.steps == options.framesPerBatch && !flush())
            return;
    }
    timer.addTo(state.decodeS);
    flush();
}

// The one preprocessor a run needs, built on the caller's thread before the producer starts, so
// that a frame size a preset refuses is a MediaError naming the file.
struct Preprocessors {
    std::optional<preprocess::SnippetPreprocessor> snippets;
    std::optional<preprocess::FramePreprocessor> frames;
};

Preprocessors preprocessorsFor(
    const ExtractionOptions& options, cv::Size frameSize, const std::string& path)
{
    Preprocessors pre;
    try {
        if (backboneRow(options.backbone).takesSnippets)
            pre.snippets.emplace(options.crops, frameSize, options.preset);
        else
            pre.frames.emplace(frameSize);
    } catch (const Error& error) {
        throw MediaError(path + ": " + error.what());
    }
    return pre;
}

std::string countOf(int64_t count, const char* singular, const char* plural)
{
    return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

// What the decoder had to leave out or patch up, in words for the result's warnings list: a
// damaged file is analysed, and the reader of the result learns how much of it was damaged.
std::vector<std::string> damageWarnings(const media::VideoDecoder& decoder, int64_t framesDecoded)
{
    std::vector<std::string> warnings;
    if (const int64_t skipped = decoder.corruptFramesSkipped(); skipped > 0)
        warnings.push_back(countOf(skipped, "damaged frame", "damaged frames")
            + (skipped == 1 ? " could not be decoded and was skipped"
                            : " could not be decoded and were skipped"));
    if (const int64_t concealed = decoder.damagedFramesConcealed(); concealed > 0)
        warnings.push_back(countOf(concealed, "frame was", "frames were")
            + " damaged; the decoder filled in the broken parts");
    const int64_t declared = decoder.info().declaredFrameCount;
    if (declared > framesDecoded)
        warnings.push_back("the file declares " + std::to_string(declared) + " frames but only "
            + std::to_string(framesDecoded)
            + " could be decoded: " + countOf(declared - framesDecoded, "frame is", "frames are")
            + " missing (truncated or damaged file)");
    return warnings;
}

// The caller's side of the pipeline: the network on each batch the producer queued.
struct NetworkSide {
    const FeatureExtractor& extractor;
    int64_t crops = 1;
    const std::string& path;
    int64_t frameCountEstimate = 0;
    int64_t stepsEstimate = 0;

    // Appends every batch's features; returns the steps extracted.
    int64_t consume(BoundedQueue<InputBatch>& queue, const ProducerState& state,
        std::vector<float>& features, PipelineProfile& profile,
        const ExtractionProgressCallback& onProgress, const ExtractedStepsCallback& onSteps,
        const CancellationToken& cancel) const
    {
        const int64_t featureSize = extractor.featureSize();
        int64_t steps = 0;
        StageTimer timer;
        while (auto batch = queue.pop()) {
            timer.addTo(profile.networkStarvedS);
            if (steps == 0)
                profile.firstInputAfterStartS = secondsSinceProcessStart().value_or(-1.0);
            cancel.throwIfCancelled();
            FloatArray output = extractor.extract(batch->input);
            timer.addTo(profile.networkS);
            if (output.size() != batch->steps * crops * featureSize)
                throw ModelError(path + ": backbone returned " + output.shapeText() + ", expected "
                    + std::to_string(batch->steps * crops) + " features");
            features.insert(features.end(), output.values.begin(), output.values.end());
            steps += batch->steps;
            if (onSteps) {
                output.shape = { batch->steps, crops, featureSize };
                onSteps(output);
            }
            if (onProgress)
                onProgress(
                    { state.framesDecoded.load(), frameCountEstimate, steps, stepsEstimate });
            timer.addTo(profile.networkStarvedS);
        }
        return steps;
    }
};

void requireEnoughFrames(
    const ExtractionOptions& options, const std::string& path, int64_t frames, int64_t steps)
{
    // The extractor tools need a snippet past the first 16 frames; rtfm loop-pads any clip.
    if (backboneRow(options.backbone).takesSnippets
        && preprocess::needsMoreThanOneSnippet(options.preset) && frames <= kSnippetFrames)
        throw MediaError(path + ": " + counted(frames, "frame") + " decoded; "
            + toString(options.backbone) + " needs at least " + std::to_string(kSnippetFrames + 1));
    if (steps == 0)
        throw MediaError(path + ": no frames could be decoded");
}

} // namespace

FeaturePipeline::FeaturePipeline(
    std::shared_ptr<const FeatureExtractor> extractor, ExtractionOptions options)
    : extractor_(std::move(extractor))
    , options_(options)
{
    if (!extractor_)
        throw std::invalid_argument("FeaturePipeline needs a feature extractor");
    if (options_.frameStep < 1 || options_.framesPerBatch < 1)
        throw std::invalid_argument("frame step and batch size must be positive");
}

int64_t FeaturePipeline::cropCount() const
{
    return preprocess::cropCountOf(effectiveCrops(options_.backbone, options_.crops));
}

int64_t FeaturePipeline::framesPerStep() const
{
    return backboneRow(options_.backbone).takesSnippets ? kSnippetFrames : options_.frameStep;
}

int64_t FeaturePipeline::stepsOfFrames(int64_t frames) const
{
    if (frames <= 0)
        return 0;
    const int64_t perStep = framesPerStep();
    const bool isLastPartialKept = !backboneRow(options_.backbone).takesSnippets
        || preprocess::keepsPartialSnippet(options_.preset);
    return isLastPartialKept ? (frames + perStep - 1) / perStep : frames / perStep;
}

ExtractedFeatures FeaturePipeline::run(const std::string& path, const CancellationToken& cancel,
    const ExtractionProgressCallback& onProgress, const ExtractedStepsCallback& onSteps) const
{
    const Clock::time_point start = Clock::now();
    media::VideoDecoder decoder(path, &cancel);
    const media::VideoInfo& info = decoder.info();
    ExtractedFeatures result;
    result.path = path;
    result.width = info.width;
    result.height = info.height;
    result.fps = info.fps;
    result.durationS = info.durationS;
    result.framesPerStep = framesPerStep();

    const Preprocessors pre = preprocessorsFor(options_, cv::Size(info.width, info.height), path);
    BoundedQueue<InputBatch> queue(options_.queueCapacity);
    ProducerState state;
    std::thread producer([&]() {
        try {
            if (pre.snippets)
                produceSnippets(decoder, *pre.snippets,
                    std::max<int64_t>(1, options_.snippetsPerBatch), queue, state, cancel);
            else
                produceFrames(decoder, *pre.frames, options_, queue, state, cancel);
        } catch (...) {
            state.error = std::current_exception();
        }
        queue.close();
    });

    const int64_t crops = cropCount();
    const int64_t featureSize = extractor_->featureSize();
    std::vector<float> features;
    int64_t steps = 0;
    PipelineProfile& profile = result.profile;
    try {
        const CancellationScope cancellationScope(cancel); // seen by the network between blocks
        const NetworkSide network { *extractor_, crops, path, info.frameCountEstimate,
            stepsOfFrames(info.frameCountEstimate) };
        steps = network.consume(queue, state, features, profile, onProgress, onSteps, cancel);
    } catch (...) {
        queue.close();
        producer.join();
        throw;
    }
    producer.join();
    if (state.error)
        std::rethrow_exception(state.error);
    cancel.throwIfCancelled();

    result.frames = state.framesDecoded.load();
    result.framePtsUs = std::move(state.framePtsUs);
    profile.wallS = std::chrono::duration<double>(Clock::now() - start).count();
    profile.decodeS = state.decodeS;
    profile.preprocessS = state.preprocessS;
    profile.producerBlockedS = state.blockedS;
    profile.frames = result.frames;
    profile.steps = steps;
    profile.networkInputs = steps * crops;
    requireEnoughFrames(options_, path, result.frames, steps);
    result.warnings = damageWarnings(decoder, result.frames);
    // The decoder's own: a frame size that changed mid-stream, FFmpeg's errors summarised.
    const std::vector<std::string> decoderWarnings = decoder.warnings();
    result.warnings.insert(result.warnings.end(), decoderWarnings.begin(), decoderWarnings.end());
    result.features.shape = { steps, crops, featureSize };
    result.features.values = std::move(features);
    return result;
}

} // namespace vigil::analysis
