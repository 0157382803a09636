#include "ui/tasks/analysis_progress.h"

#include <algorithm>

namespace vigil::ui {

int percentDone(const AnalysisProgress& progress)
{
    using Stage = AnalysisProgress::Stage;
    switch (progress.stage) {
    case Stage::Decoding:
        return 0;
    case Stage::Extracting:
        if (progress.stepsEstimate <= 0)
            return -1;
        // An estimate from the container can be short: the last snippets stay at 95.
        return 1
            + static_cast<int>(
                std::min<qint64>(94, progress.stepsExtracted * 94 / progress.stepsEstimate));
    case Stage::Scoring:
        return 97;
    case Stage::Done:
        return 100;
    }
    return -1;
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
