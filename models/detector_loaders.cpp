#include "models/detector_loaders.h"

#include "models/mgfn_detector.h"
#include "models/pel4vad_detector.h"
#include "models/rtfm_detector.h"
#include "models/s3r_detector.h"
#include "models/urdmu_detector.h"

namespace vigil::models {

const std::vector<DetectorLoader>& detectorLoaders()
{
    static const std::vector<DetectorLoader> loaders {
        { DetectorKind::Rtfm,
            [](const std::string& weights, const std::string&) { return loadRtfm(weights); } },
        { DetectorKind::S3r,
            [](const std::string& weights, const std::string& dictionary) {
                return loadS3r(weights, dictionary);
            } },
        { DetectorKind::Mgfn,
            [](const std::string& weights, const std::string&) { return loadMgfn(weights); } },
        { DetectorKind::Urdmu,
            [](const std::string& weights, const std::string&) { return loadUrdmu(weights); } },
        { DetectorKind::Pel4vad,
            [](const std::string& weights, const std::string&) { return loadPel4vad(weights); } },
    };
    return loaders;
}

} // namespace vigil::models
