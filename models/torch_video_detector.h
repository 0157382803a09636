#pragma once
// The one adapter of a whole-video detector network (RTFM, S3R, MGFN...) to core's
// VideoDetector: any module whose forward(features) gives scores, magnitudes and attention and
// whose options() give its featureSize. The detector is immutable once loaded and shared by
// every thread.

#include "core/analysis/video_detector.h"
#include "models/detector_loading.h"
#include "models/torch_adapters.h"

#include <memory>
#include <string>
#include <utility>

namespace vigil::models {

template <typename Holder> class TorchVideoDetector : public analysis::VideoDetector {
public:
    // name: as the detector's errors say it ("RTFM failed on features ...").
    TorchVideoDetector(Holder network, std::string name)
        : network_(network.ptr())
        , name_(std::move(name))
    {
    }
    analysis::VideoScores score(const FloatArray& features) const override
    {
        return scoreGuarded(
            name_.c_str(), features, [&] { return network_->forward(toTensor(features)); });
    }
    int64_t featureSize() const override { return network_->options().featureSize; }

private:
    // The module, not its holder: forward() is not const in LibTorch, but a forward pass in
    // inference mode and eval mode changes nothing, so several threads may score at once. A
    // value, not decltype(ptr()): that is a reference into the holder the constructor was given.
    std::shared_ptr<typename Holder::ContainedType> network_;
    std::string name_;
};

} // namespace vigil::models
