#pragma once
// Fake networks for WatchSession tests, whose score is a snippet's brightness, the one engine on
// them, a lavfi picture that turns white from 3 s to 6 s, and the settings of a short watch.

#include "core/live/watch_session.h"

#include <chrono>
#include <memory>
#include <string>
#include <thread>

namespace vigil::test {

using live::WatchSettings;

// Feature: the snippet's mean value per crop, mapped from [-1, 1] to [0, 1].
class BrightnessExtractor : public analysis::FeatureExtractor {
public:
    explicit BrightnessExtractor(int delayMs = 0)
        : delayMs_(delayMs)
    {
    }
    FloatArray extract(const FloatArray& input) const override
    {
        std::this_thread::sleep_for(std::chrono::milliseconds(delayMs_));
        const int64_t crops = input.dim(0);
        const int64_t perCrop = input.size() / crops;
        FloatArray features = FloatArray::zeros({ crops, 3 });
        for (int64_t c = 0; c < crops; ++c) {
            double sum = 0.0;
            for (int64_t i = 0; i < perCrop; ++i)
                sum += input.values[static_cast<size_t>(c * perCrop + i)];
            for (int64_t f = 0; f < 3; ++f)
                features.values[static_cast<size_t>(c * 3 + f)]
                    = static_cast<float>((sum / static_cast<double>(perCrop) + 1.0) / 2.0);
        }
        return features;
    }
    int64_t featureSize() const override { return 3; }

private:
    int delayMs_;
};

// The window's mean feature; uniform attention.
class MeanScorer : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t steps = window.dim(1);
        double sum = 0.0;
        for (int64_t i = 0; i < steps * 3; ++i)
            sum += window.values[static_cast<size_t>(i)];
        analysis::WindowScore result;
        result.cropScores.assign(
            static_cast<size_t>(window.dim(0)), static_cast<float>(sum / (3.0 * steps)));
        result.attention = FloatArray::zeros({ window.dim(0), steps, 1 });
        for (float& v : result.attention.values)
            v = 1.0f / static_cast<float>(steps);
        return result;
    }
    int64_t featureSize() const override { return 3; }
    int64_t attentionRows() const override { return 1; }
};

// The one engine every front end uses, on these fakes (not owned: they outlive the session).
inline engine::Engine engineOf(
    const analysis::FeatureExtractor& extractor, const analysis::WindowScorer& scorer)
{
    engine::Networks networks;
    networks.backbone = std::shared_ptr<const analysis::FeatureExtractor>(
        &extractor, [](const analysis::FeatureExtractor*) {});
    networks.classifier = std::shared_ptr<const analysis::WindowScorer>(
        &scorer, [](const analysis::WindowScorer*) {});
    return engine::Engine(std::move(networks), {}, ComputeDevice::Cpu);
}

// Black, white from 3 s to 6 s, black again.
inline constexpr const char* kWhiteFrom3To6
    = "color=c=black:s=160x120:r=25,drawbox=x=0:y=0:w=iw:h=ih:"
      "color=white:t=fill:enable=between(t\\,3\\,6)";

inline WatchSettings settingsFor(const std::string& url, const std::string& dir)
{
    WatchSettings settings;
    settings.reader.source = media::MediaSource::networkStream(url, 5000);
    settings.reader.displayName = url;
    settings.reader.ringDurationUs = 30000000;
    settings.reader.ringBytes = 16 << 20;
    settings.reader.giveUpAfterMs = 1000;
    settings.outputs = { dir, url, "classifier: DEMO · backbone: DEMO", 1000000, 1000000, "" };
    settings.alerts = { 0.6f, 0.5f, 500000 };
    settings.windowSteps = 1;
    return settings;
}

} // namespace vigil::test
