#pragma once
// The demo's networks for both front ends (`vigil demo`, the app's "Try the demo"): core/demo
// makes the demo with LibTorch's loader and the trainer of `vigil train` given here. Any one
// thread at a time (LibTorch's thread count is global); throws as demo::prepareDemo does.

#include "core/common/cancellation.h"
#include "core/demo/demo_kit.h"
#include "core/engine/engine.h"

#include <string>

namespace vigil::app {

// The request of a demo of `seconds` of `source` (0: all of it; empty source: Debian's
// vtest.avi) in defaultDemoRoot's folder.
demo::DemoRequest demoRequest(const std::string& source, double seconds, int threads);

// Makes the demo, or finds it in the cache.
demo::DemoArtifacts prepareTorchDemo(const demo::DemoRequest& request,
    const CancellationToken& cancel, const demo::DemoProgress& onProgress = {});

// The demo's engine: the seeded backbone and the demo's classifier, labelled DemoTrained.
engine::Engine loadDemoEngine(const demo::DemoArtifacts& artifacts, int threads);

} // namespace vigil::app
