#include "core/live/watch_summary.h"

namespace vigil::live {

std::string countOf(int64_t count, const char* singular, const char* plural)
{
    return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string outcomeSummary(const WatchOutcome& outcome)
{
    return outcome.endReason + "; " + countOf(outcome.stepsScored, "step", "steps") + " scored, "
        + std::to_string(outcome.snippetsSkipped) + " skipped, "
        + countOf(outcome.alerts, "alert", "alerts") + ", "
        + countOf(outcome.reconnections, "reconnection", "reconnections");
}

} // namespace vigil::live
