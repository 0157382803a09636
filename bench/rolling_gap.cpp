// vigil_rolling_gap FEATURES.npy [SPAN]: how far a watch's rolling detector scores are from the
// whole-video ones on the same features. Offline each whole-video detector sees the whole video
// (analysis::scoreDetectors); live it sees only the last SPAN steps ending at each step
// (live::RollingDetectors, defaults::kLiveDetectorSpanSteps). Prints, per detector: mean and
// largest |rolling - whole|, the range of the whole-video scores and the mean gap against it,
// their Pearson correlation, and the share of steps on the same side of the 0.5 threshold.
// FEATURES: what `vigil features` writes ([steps, crops, 2048]). Weights: VIGIL_RTFM, VIGIL_S3R +
// VIGIL_S3R_DICTIONARY, VIGIL_MGFN name checkpoint files; unset, the detector has seeded demo
// weights (then the figures describe the mechanism on an untrained network, not a trained
// detector). docs/live.md gives the measured figures.

#include "core/analysis/detector_scoring.h"
#include "core/common/defaults.h"
#include "core/files/npy_file.h"
#include "core/live/rolling_detectors.h"
#include "models/model_factory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

namespace {

using namespace vigil;

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value != nullptr ? value : "";
}

analysis::SelectedDetector selected(DetectorKind kind)
{
    const char* variable = kind == DetectorKind::Rtfm ? "VIGIL_RTFM"
        : kind == DetectorKind::S3r                   ? "VIGIL_S3R"
                                                      : "VIGIL_MGFN";
    const std::string dictionary
        = kind == DetectorKind::S3r ? environment("VIGIL_S3R_DICTIONARY") : "";
    const models::LoadedDetector loaded
        = models::loadDetector(kind, environment(variable), dictionary);
    return { kind, loaded.detector, loaded.weights };
}

// The rolling score of every step: each step pushed in turn, its newest score kept.
std::vector<float> rollingScores(
    const FloatArray& features, const analysis::SelectedDetector& detector, int64_t span)
{
    live::RollingDetectors rolling({ detector }, span);
    const int64_t crops = features.dim(1), size = features.dim(2);
    std::vector<float> scores;
    for (int64_t t = 0; t < features.dim(0); ++t) {
        FloatArray step = FloatArray::zeros({ crops, size });
        std::copy_n(features.data() + t * crops * size, crops * size, step.data());
        scores.push_back(rolling.push(step).front());
    }
    return scores;
}

double correlation(const std::vector<float>& a, const std::vector<float>& b)
{
    const double n = static_cast<double>(a.size());
    double meanA = 0, meanB = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        meanA += a[i] / n;
        meanB += b[i] / n;
    }
    double ab = 0, aa = 0, bb = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        ab += (a[i] - meanA) * (b[i] - meanB);
        aa += (a[i] - meanA) * (a[i] - meanA);
        bb += (b[i] - meanB) * (b[i] - meanB);
    }
    return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : std::nan("");
}

void printRow(const analysis::SelectedDetector& detector, const std::vector<float>& rolling,
    const std::vector<float>& whole)
{
    double sum = 0, largest = 0;
    size_t agree = 0;
    for (size_t i = 0; i < whole.size(); ++i) {
        const double gap = std::abs(static_cast<double>(rolling[i]) - whole[i]);
        sum += gap;
        largest = std::max(largest, gap);
        agree += (rolling[i] >= 0.5f) == (whole[i] >= 0.5f) ? 1 : 0;
    }
    const auto [low, high] = std::minmax_element(whole.begin(), whole.end());
    const double range = static_cast<double>(*high) - *low;
    const double n = static_cast<double>(whole.size());
    // The gap against the spread of the whole-video scores too: untrained (demo) detectors
    // answer in a narrow band, where an absolute gap says little.
    std::printf("| %s (%s) | %zu | %.3g | %.3g | %.3g | %.2f | %.3f | %.1f %% |\n",
        toString(detector.kind).c_str(), toString(detector.weights.provenance).c_str(),
        whole.size(), sum / n, largest, range, range > 0 ? sum / n / range : 0.0,
        correlation(rolling, whole), 100.0 * static_cast<double>(agree) / n);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: vigil_rolling_gap FEATURES.npy [SPAN (default %lld)]\n",
            static_cast<long long>(defaults::kLiveDetectorSpanSteps));
        return 2;
    }
    try {
        const FloatArray features = files::readNpy(argv[1]);
        const int64_t span = argc == 3 ? std::stoll(argv[2]) : defaults::kLiveDetectorSpanSteps;
        const int64_t steps = features.dim(0);
        std::printf("%s: %lld steps, %lld crops; live span %lld steps\n\n", argv[1],
            static_cast<long long>(steps), static_cast<long long>(features.dim(1)),
            static_cast<long long>(span));
        std::printf("| detector (weights) | steps | mean abs gap | largest | whole-video range "
                    "| mean gap / range | correlation | same side of 0.5 |\n");
        std::printf("|---|---|---|---|---|---|---|---|\n");
        for (const DetectorKind kind :
            { DetectorKind::Rtfm, DetectorKind::S3r, DetectorKind::Mgfn }) {
            const analysis::SelectedDetector detector = selected(kind);
            const std::vector<float> whole
                = analysis::scoreDetectors(features, { detector }, 1, steps).front().stepScores;
            printRow(detector, rollingScores(features, detector, span), whole);
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "vigil_rolling_gap: %s: %s\n", argv[1], error.what());
        return 1;
    }
    return 0;
}
