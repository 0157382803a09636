// The stages in front of the network: decode (FFmpeg to RGB), resize (PIL-exact Lanczos to
// 340x256), crop + scale to the I3D input, and the attention classifier on one window.
// Items are frames (decode, resize), snippets (crop) or windows (classifier).

#include "bench/bench_video.h"
#include "core/media/video_decoder.h"
#include "core/preprocess/snippet_preprocessor.h"
#include "models/model_factory.h"

#include <benchmark/benchmark.h>

#include <random>

namespace vigil::bench {
namespace {

void BM_Decode(benchmark::State& state)
{
    const std::string path
        = benchVideo(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
    int64_t frames = 0;
    for (auto _ : state) {
        media::VideoDecoder decoder(path);
        while (auto frame = decoder.next()) {
            benchmark::DoNotOptimize(frame->rgb.data);
            ++frames;
        }
    }
    state.SetItemsProcessed(frames);
}
BENCHMARK(BM_Decode)->Args({ 320, 240 })->Args({ 1280, 720 })->Unit(benchmark::kMillisecond);

cv::Mat randomFrame(int width, int height)
{
    cv::Mat frame(height, width, CV_8UC3);
    std::mt19937 random(7);
    for (auto it = frame.begin<cv::Vec3b>(); it != frame.end<cv::Vec3b>(); ++it)
        *it = cv::Vec3b(random() & 255, random() & 255, random() & 255);
    return frame;
}

// range(2): 0 = the whole 340x256 frame (ten crops), 1 = only the centre crop's region (what
// the pipeline computes in centre mode).
void BM_ResizeFrame(benchmark::State& state)
{
    const cv::Size size(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
    const preprocess::SnippetPreprocessor pre(preprocess::CropMode::Center, size);
    const cv::Mat frame = randomFrame(size.width, size.height);
    const bool isRegion = state.range(2) == 1;
    for (auto _ : state)
        benchmark::DoNotOptimize(
            (isRegion ? pre.resizeForCrops(frame) : pre.resizeFrame(frame)).data);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ResizeFrame)
    ->ArgsProduct({ { 320 }, { 240 }, { 0, 1 } })
    ->ArgsProduct({ { 1280 }, { 720 }, { 0, 1 } })
    ->ArgNames({ "width", "height", "centre_only" })
    ->Unit(benchmark::kMicrosecond);

// range(0): crops (1 centre, 10 ten-crop). One snippet of 16 resized frames per iteration.
void BM_CropSnippet(benchmark::State& state)
{
    const auto mode
        = state.range(0) == 10 ? preprocess::CropMode::Ten : preprocess::CropMode::Center;
    const preprocess::SnippetPreprocessor pre(mode, cv::Size(340, 256));
    const std::vector<cv::Mat> frames(16, randomFrame(340, 256));
    std::vector<float> out(static_cast<size_t>(pre.cropCount()) * 3 * 16 * 224 * 224);
    for (auto _ : state) {
        pre.apply(frames, out.data());
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CropSnippet)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond);

// range(0): crops C of a window of 32 steps (the classifier sees [C, 32, 2048]).
void BM_ClassifierWindow(benchmark::State& state)
{
    models::setThreadCount(0);
    const models::LoadedClassifier classifier = models::loadClassifier("");
    const FloatArray window = FloatArray::zeros({ state.range(0), 32, 2048 });
    for (auto _ : state)
        benchmark::DoNotOptimize(classifier.scorer->score(window).cropScores.data());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ClassifierWindow)->Arg(1)->Arg(10)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace vigil::bench
