#include "core/demo/demo_kit.h"

#include "core/common/error.h"
#include "core/common/temporary_file.h"
#include "core/demo/child_process.h"
#include "core/demo/demo_samples.h"
#include "core/engine/engine.h"
#include "core/files/atomic_file.h"
#include "core/files/regular_file.h"
#include "core/files/sha256.h"
#include "core/media/video_decoder.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace vigil::demo {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kManifestVersion = 1;

std::string manifestPath(const std::string& folder)
{
    return folder + "/demo.json";
}

// A layout planDemo could have made: whole snippets of the frames, a plausible rate, the event
// inside the video. demo.json is a file in the user's cache: 10^12 frames at 0 fps is an edit.
bool isPlausible(const DemoLayout& layout)
{
    constexpr int64_t kMostFrames = 10'000'000; // over 3 days at 30 fps
    return layout.frames >= 8 * kSnippetFrames && layout.frames <= kMostFrames && layout.fps > 0.0
        && layout.fps <= 1000.0 && layout.steps == layout.frames / kSnippetFrames
        && layout.event.firstStep >= 0 && layout.event.steps > 0
        && layout.event.firstStep + layout.event.steps <= layout.steps;
}

} // namespace

// The cached demo when demo.json matches the request and its files are there; else nullopt.
std::optional<DemoArtifacts> cachedDemo(const std::string& folder, const DemoRequest& request)
{
    std::string text;
    try {
        text = files::RegularFile(manifestPath(folder)).readAll(); // a FIFO would block
    } catch (const IoError&) {
        return std::nullopt; // none yet, or not a file: made again
    }
    const json manifest = json::parse(text, nullptr, false);
    if (!manifest.is_object() || manifest.value("version", 0) != kManifestVersion
        || manifest.value("source", "") != request.sourceVideo
        || manifest.value("seconds", -1.0) != request.seconds)
        return std::nullopt;
    DemoArtifacts demo;
    demo.folder = folder;
    demo.videoPath = folder + "/" + manifest.value("video", "");
    demo.classifierPath = folder + "/" + manifest.value("classifier", "");
    demo.classifierSha256 = manifest.value("classifier_sha256", "");
    const json event = manifest.value("event", json::object());
    demo.layout = { manifest.value("frames", int64_t { 0 }), manifest.value("fps", 0.0),
        manifest.value("steps", int64_t { 0 }),
        { event.value("first_step", int64_t { 0 }), event.value("steps", int64_t { 0 }) } };
    // The video's hash too: a clip cut short (a full disk, a kill mid-write of an older Vigil)
    // would be shown as the demo with the event's frames missing.
    if (!isPlausible(demo.layout) || !fs::is_regular_file(demo.videoPath)
        || !fs::is_regular_file(demo.classifierPath)
        || files::sha256OfFile(demo.classifierPath) != demo.classifierSha256
        || files::sha256OfFile(demo.videoPath) != manifest.value("video_sha256", ""))
        return std::nullopt;
    demo.wasCached = true;
    return demo;
}

namespace {

void writeManifest(const DemoArtifacts& demo, const DemoRequest& request)
{
    const json manifest { { "format", "vigil-demo" }, { "version", kManifestVersion },
        { "label",
            "DEMO: classifier trained on synthetic events on this machine; backbone "
            "random. No real data or weights." },
        { "source", request.sourceVideo }, { "seconds", request.seconds },
        { "video", fs::path(demo.videoPath).filename().string() },
        { "classifier", fs::path(demo.classifierPath).filename().string() },
        { "classifier_sha256", demo.classifierSha256 },
        { "video_sha256", files::sha256OfFile(demo.videoPath) }, { "frames", demo.layout.frames },
        { "fps", demo.layout.fps }, { "steps", demo.layout.steps },
        { "event",
            { { "first_step", demo.layout.event.firstStep }, { "steps", demo.layout.event.steps },
                { "first_frame", demo.layout.event.firstFrame() },
                { "last_frame", demo.layout.event.lastFrame() }, { "effect", "inverted" } } } };
    files::writeFileAtomically(manifestPath(demo.folder), manifest.dump(2) + "\n");
}

// Writes the clip with ffmpeg to a temporary name, then renames it into place.
void makeVideo(const std::string& source, const std::string& target, const DemoLayout& layout,
    FrameRange inverted, const CancellationToken& cancel)
{
    const std::string temporary = temporaryPathFor(target);
    try {
        runProgram(ffmpegArguments(source, temporary, layout, inverted),
            fs::path(target).parent_path().string() + "/ffmpeg.log", cancel);
        fs::rename(temporary, target);
    } catch (...) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw;
    }
}

engine::Engine demoBackbone(const DemoRequest& request, const engine::NetworkLoader& loader)
{
    engine::ModelRequest model;
    model.demo = engine::DemoWeights::TrainedDemo;
    model.needs = engine::NeededNetworks::BackboneOnly;
    model.threads = request.threads;
    return engine::Engine::load(engine::resolveWeights(model), model, loader);
}

analysis::ExtractedFeatures extractReporting(const engine::Engine& engine, const std::string& path,
    const std::string& stage, double from, double to, const CancellationToken& cancel,
    const DemoProgress& onProgress)
{
    return engine.extract(path, cancel, [&](const analysis::ExtractionProgress& progress) {
        if (onProgress && progress.framesEstimate > 0)
            onProgress(stage,
                from
                    + (to - from) * static_cast<double>(progress.framesDecoded)
                        / static_cast<double>(progress.framesEstimate));
    });
}

} // namespace

DemoArtifacts prepareDemo(const DemoRequest& request, const engine::NetworkLoader& loader,
    const DemoTrainer& trainer, const CancellationToken& cancel, const DemoProgress& onProgress)
{
    const std::string folder = request.cacheRoot + "/" + demoFolderName(request);
    if (std::optional<DemoArtifacts> cached = cachedDemo(folder, request))
        return std::move(*cached);
    auto report = [&](const std::string& stage, double fraction) {
        if (onProgress)
            onProgress(stage, fraction);
    };
    if (request.sourceVideo == kDebianSampleVideo && !fs::exists(request.sourceVideo))
        throw IoError(request.sourceVideo
            + ": not found; it comes with Debian's package opencv-doc "
              "(scripts/setup-debian.sh installs it)");
    files::createOutputFolder(folder);
    DemoArtifacts demo;
    demo.folder = folder;
    demo.videoPath = folder + "/demo-video.mkv";
    demo.classifierPath = folder + "/demo-classifier.pth";
    const media::VideoInfo source = media::VideoDecoder(request.sourceVideo, &cancel).info();
    demo.layout = planDemo(source.frameCountEstimate, source.fps, request.seconds);
    const DemoEvent& event = demo.layout.event;
    report("making the demo video", 0.0);
    makeVideo(request.sourceVideo, demo.videoPath, demo.layout,
        { event.firstFrame(), event.lastFrame() }, cancel);
    const std::string unusualPath = folder + "/training-inverted.mkv";
    makeVideo(request.sourceVideo, unusualPath, demo.layout, { 0, demo.layout.frames - 1 }, cancel);
    const engine::Engine backbone = demoBackbone(request, loader);
    demo.videoFeatures = extractReporting(backbone, demo.videoPath,
        "extracting the demo video's features", 0.05, 0.45, cancel, onProgress);
    const analysis::ExtractedFeatures unusual = extractReporting(backbone, unusualPath,
        "extracting the features of the inverted training clip", 0.45, 0.85, cancel, onProgress);
    fs::remove(unusualPath);
    report("training the demo classifier", 0.85);
    const std::vector<train::VideoSamples> samples
        = demoTrainingSamples(demo.videoFeatures->features, unusual.features, event);
    std::vector<const train::VideoSamples*> videos;
    for (const train::VideoSamples& video : samples)
        videos.push_back(&video);
    trainer(videos, demo.classifierPath, cancel);
    demo.classifierSha256 = files::sha256OfFile(demo.classifierPath);
    writeManifest(demo, request);
    report("ready", 1.0);
    return demo;
}

engine::ModelRequest demoModelRequest(const DemoArtifacts& artifacts, int threads)
{
    engine::ModelRequest model;
    model.demo = engine::DemoWeights::TrainedDemo;
    model.classifier = artifacts.classifierPath;
    model.threads = threads;
    return model;
}

analysis::WindowSettings demoWindows(const DemoLayout& layout)
{
    return { std::clamp<int64_t>(layout.steps / 6, 3, 8), 1 };
}

DemoTraining demoTraining()
{
    return {};
}

} // namespace vigil::demo
