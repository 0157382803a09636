#pragma once
// `vigil batch DIR -o OUT`: analyses every video of a folder (see core/batch/batch_runner.h) with
// the options of `analyze`, mirrors the outputs under OUT and writes OUT/summary.csv. Main thread
// only; nothing throws out of runBatch, which returns an exit code from exit_codes.h.

#include "app/command_options.h"
#include "app/event_rule_options.h"
#include "core/common/cancellation.h"

#include <string>

namespace vigil::app {

struct BatchCommandOptions {
    std::string inputDir;
    bool isRecursive = false;
    bool isResuming = false;
    int jobs = static_cast<int>(defaults::kJobs);
    std::string shard; // "K/N"; empty for the whole folder
    EventRuleOptions events; // the summary's events column counts the rule's events
};

int runBatch(const RunOptions& options, const BatchCommandOptions& batchOptions,
    const CancellationToken& cancel);

} // namespace vigil::app
