#pragma once
// Where the time of one FeaturePipeline::run() went, stage by stage, for `vigil analyze
// --profile` and the benchmarks. The producer thread's times (decode, preprocess, blocked on a
// full queue) and the network thread's (network, starved on an empty queue) overlap in wall time.

#include "core/analysis/network_interfaces.h"

#include <cstdint>
#include <string>

namespace vigil::analysis {

struct PipelineProfile {
    double wallS = 0.0; // run(): open to last feature
    double decodeS = 0.0; // producer: VideoDecoder::next()
    double preprocessS = 0.0; // producer: resize, crop, scale
    double producerBlockedS = 0.0; // producer: waiting for room in the queue (network is busy)
    double networkS = 0.0; // network thread: FeatureExtractor::extract()
    double networkStarvedS = 0.0; // network thread: waiting for input (decode is behind)
    int64_t frames = 0;
    int64_t steps = 0; // snippets (I3D) or sampled frames (ResNet-50)
    int64_t networkInputs = 0; // steps * crops: what the backbone's FLOPs are counted on
    // When the first input reached the network, in seconds since the process started
    // (secondsSinceProcessStart: launcher, loader and weights included); < 0 when unknown.
    double firstInputAfterStartS = -1.0;
};

// Convolution FLOPs (multiply-add = 2) of one network input: a 16x224x224 snippet-crop for
// I3D-ResNet-50 (32.83 GFLOP), a 224x224 image for ResNet-50 (8.17 GFLOP).
double backboneGflopPerInput(BackboneKind kind);

// The multi-line report `vigil analyze --profile` prints to stderr.
std::string formatProfile(const PipelineProfile& profile, BackboneKind kind, int networkThreads,
    double scoringS, int64_t windows);

} // namespace vigil::analysis
