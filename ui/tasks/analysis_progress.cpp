#include "ui/tasks/analysis_progress.h"

#include <algorithm>

namespace vigil::ui {

int percentDone(const AnalysisProgress& progress)
{
    using Stage = AnalysisProgress::Stage;
    switch (progress.stage) {
    case Stage::Decoding:
        return 0;
    case Stage::Extracting: {
        const double share = extractedShare(progress);
        if (share < 0.0)
            return -1;
        // An estimate from the container can be short: the last snippets stay at 95.
        return 1 + static_cast<int>(94.0 * share);
    }
    case Stage::Scoring:
        return 97;
    case Stage::Done:
        return 100;
    }
    return -1;
}

double extractedShare(const AnalysisProgress& progress)
{
    if (progress.stepsEstimate <= 0)
        return -1.0;
    const double pass = std::min(1.0,
        static_cast<double>(progress.stepsExtracted) / static_cast<double>(progress.stepsEstimate));
    const int passes = std::max(progress.passes, 1);
    return (std::clamp(progress.pass, 0, passes - 1) + pass) / passes;
}

int stageNumber(AnalysisProgress::Stage stage)
{
    using Stage = AnalysisProgress::Stage;
    switch (stage) {
    case Stage::Decoding:
        return 1;
    case Stage::Extracting:
        return 2;
    case Stage::Scoring:
    case Stage::Done:
        return 3;
    }
    return 1;
}

} // namespace vigil::ui
