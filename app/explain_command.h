#pragma once
// `vigil explain VIDEO|FEATURES.npy --at K`: the attention classifier's computation on one
// window, step by step with the real shapes and values (core/analysis/window_explanation.h), as
// text or JSON. Main thread only; returns an exit code from exit_codes.h, throws only Cancelled,
// for runGuarded (app/command.h).

#include "app/command_options.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"

#include <cstdint>
#include <string>

namespace vigil::app {

struct ExplainOptions {
    int64_t windowIndex = 0;
    int64_t crop = 0;
    int64_t topSteps = defaults::kExplainTopSteps;
    bool isJson = false;
    bool isCode = false; // the lesson (core/analysis/attention_lesson.h) instead of the stages
    std::string sweepReportPath; // with isCode: question 7 on this training sweep too
};

// options.inputs holds one video or .npy file; options.windows sets window length and stride.
int runExplain(
    const RunOptions& options, const ExplainOptions& explain, const CancellationToken& cancel);

} // namespace vigil::app
