#include "app/demo_setup.h"

#include "app/model_card_of.h"

#include "core/engine/weights_plan.h"
#include "core/files/atomic_file.h"
#include "core/train/model_card.h"
#include "models/classifier_trainer.h"
#include "models/model_factory.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace vigil::app {
namespace {

namespace fs = std::filesystem;

// vigil train's trainer and model card, with the demo's settings; one thread, as vigil train's
// default, so the same machine makes the same classifier.
void trainDemoClassifier(const std::vector<const train::VideoSamples*>& videos,
    const std::string& path, const CancellationToken& cancel)
{
    const demo::DemoTraining training = demo::demoTraining();
    models::TrainSettings settings;
    settings.epochs = training.epochs;
    settings.batchPerClass = training.batchPerClass;
    settings.learningRate = training.learningRate;
    settings.seed = training.seed;
    // The one place a run changes the process-wide thread count, and puts it back: the demo's
    // classifier must be the same on every machine (models/classifier_trainer.h).
    struct OneThread {
        int before = models::threadCount();
        OneThread() { models::setThreadCount(1); }
        ~OneThread() { models::setThreadCount(before); }
    } oneThread;
    const models::TrainingOutcome outcome = models::trainClassifier(videos, settings, {}, cancel);
    outcome.classifier->save(path);
    train::ModelCard card = modelCardOf(settings, *outcome.classifier, outcome);
    card.modelFile = fs::path(path).filename().string();
    card.backbone = "i3d-r50 with seeded random (demo) weights";
    card.source = "vigil demo: synthetic clips spliced from the demo video's features and an "
                  "inverted copy's (DEMO: no real data)";
    card.videos = static_cast<int64_t>(videos.size());
    for (const train::VideoSamples* video : videos)
        card.anomalous += video->label;
    card.heldOutAuc = std::nan("");
    files::writeFileAtomically(
        fs::path(path).replace_extension(".json").string(), train::modelCardJson(card));
}

} // namespace

demo::DemoRequest demoRequest(const std::string& source, double seconds, int threads)
{
    demo::DemoRequest request;
    if (!source.empty())
        request.sourceVideo = fs::absolute(source).string();
    request.seconds = seconds;
    request.threads = threads;
    request.cacheRoot = demo::defaultDemoRoot([](const char* name) {
        const char* value = std::getenv(name);
        return std::string(value ? value : "");
    });
    return request;
}

demo::DemoArtifacts prepareTorchDemo(const demo::DemoRequest& request,
    const CancellationToken& cancel, const demo::DemoProgress& onProgress)
{
    return demo::prepareDemo(
        request, models::TorchNetworkLoader(), trainDemoClassifier, cancel, onProgress);
}

engine::Engine loadDemoEngine(const demo::DemoArtifacts& artifacts, int threads)
{
    const engine::ModelRequest request = demo::demoModelRequest(artifacts, threads);
    return engine::Engine::load(
        engine::resolveWeights(request), request, models::TorchNetworkLoader());
}

} // namespace vigil::app
