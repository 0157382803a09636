#include "core/analysis/pipeline_profile.h"

#include "core/common/backbone_table.h"
#include "core/common/plural.h"

#include <algorithm>
#include <cstdio>

namespace vigil::analysis {

double backboneGflopPerInput(BackboneKind kind)
{
    return backboneRow(kind).gflopPerInput;
}

namespace {

std::string line(const char* format, double a, double b = 0.0, double c = 0.0)
{
    char text[160];
    std::snprintf(text, sizeof text, format, a, b, c);
    return text;
}

double perSecond(double count, double seconds)
{
    return seconds > 0.0 ? count / seconds : 0.0;
}

} // namespace

std::string formatProfile(const PipelineProfile& p, BackboneKind kind, int networkThreads,
    double scoringS, int64_t windows)
{
    const double wall = p.wallS + scoringS;
    const double share = wall > 0.0 ? 100.0 / wall : 0.0;
    const double gflop = static_cast<double>(p.networkInputs) * backboneGflopPerInput(kind);
    std::string text = "profile: " + toString(kind) + ", "
        + counted(networkThreads, "network thread") + ", " + counted(p.frames, "frame") + ", "
        + counted(p.steps, backboneRow(kind).takesSnippets ? "snippet" : "step") + ", "
        + counted(p.networkInputs, "network input") + "\n";
    text += "  stage                         seconds   % of wall\n";
    text += line("  decode (producer)            %8.3f   %5.1f\n", p.decodeS, p.decodeS * share);
    text += line(
        "  preprocess (producer)        %8.3f   %5.1f\n", p.preprocessS, p.preprocessS * share);
    text += line("  producer waits (queue full)  %8.3f   %5.1f\n", p.producerBlockedS,
        p.producerBlockedS * share);
    text += line("  network                      %8.3f   %5.1f\n", p.networkS, p.networkS * share);
    text += line("  network waits (queue empty)  %8.3f   %5.1f\n", p.networkStarvedS,
        p.networkStarvedS * share);
    // The stage names are a column 31 wide; "1 window" keeps its singular.
    std::string scoring = "  scoring (" + counted(windows, "window") + ")";
    scoring.resize(std::max<size_t>(scoring.size(), 31), ' ');
    text += scoring + line("%8.3f   %5.1f\n", scoringS, scoringS * share);
    text += line("  wall                         %8.3f\n", wall);
    text += line("  frames/s %.1f   snippets/s %.2f   network inputs/s %.2f\n",
        perSecond(static_cast<double>(p.frames), wall),
        perSecond(static_cast<double>(p.steps), wall),
        perSecond(static_cast<double>(p.networkInputs), wall));
    text += line(
        "  GFLOP/s %.1f over the wall time, %.1f while the network runs (%.2f GFLOP per input)\n",
        perSecond(gflop, wall), perSecond(gflop, p.networkS), backboneGflopPerInput(kind));
    if (p.firstInputAfterStartS >= 0.0)
        text += line(backboneRow(kind).takesSnippets
                ? "  first snippet at the network: %.2f s after start\n"
                : "  first frame at the network: %.2f s after start\n",
            p.firstInputAfterStartS);
    return text;
}

} // namespace vigil::analysis
