#include "core/live/family_detectors.h"

#include "core/engine/family_extraction.h"

#include <algorithm>
#include <limits>

namespace vigil::live {
namespace {

// [crops, width] of one snippet's input, as the backbone's feature reaches RollingDetectors.
FloatArray featureOf(const analysis::FeatureExtractor& extractor, const FloatArray& input)
{
    FloatArray feature = extractor.extract(input);
    feature.shape = { feature.dim(0), feature.dim(1) };
    return feature;
}

} // namespace

FamilyDetectors::FamilyDetectors(const engine::Engine& engine, int64_t spanSteps)
    : engine_(engine)
{
    const std::vector<analysis::SelectedDetector>& all = engine.detectors();
    std::vector<std::vector<analysis::SelectedDetector>> families { engine::detectorsOfOwnFeatures(
        all, engine.otherFamilies()) };
    for (const engine::OtherFamily& family : engine.otherFamilies())
        families.push_back(engine::detectorsOfFamily(all, family.backbone));
    for (const analysis::SelectedDetector& detector : all)
        for (size_t f = 0; f < families.size(); ++f) {
            const auto& members = families[f];
            const auto found = std::find_if(members.begin(), members.end(),
                [&](const analysis::SelectedDetector& m) { return m.kind == detector.kind; });
            if (found != members.end()) {
                places_.emplace_back(f, static_cast<size_t>(found - members.begin()));
                break;
            }
        }
    for (std::vector<analysis::SelectedDetector>& members : families)
        families_.emplace_back(std::move(members), spanSteps);
}

std::vector<float> FamilyDetectors::push(
    const FloatArray& feature, const std::vector<FloatArray>& otherInputs)
{
    std::vector<std::vector<float>> scores { families_[0].push(feature) };
    for (size_t i = 1; i < families_.size(); ++i) {
        const size_t input = i - 1;
        if (input >= otherInputs.size() || otherInputs[input].values.empty()) {
            families_[i].pushGap();
            scores.emplace_back(
                families_[i].detectors().size(), std::numeric_limits<float>::quiet_NaN());
            continue;
        }
        const engine::OtherFamily& family = engine_.otherFamilies()[input];
        scores.push_back(
            families_[i].push(featureOf(family.pipeline->extractor(), otherInputs[input])));
    }
    std::vector<float> placed;
    placed.reserve(places_.size());
    for (const auto& [family, index] : places_)
        placed.push_back(scores[family][index]);
    return placed;
}

std::vector<std::string> FamilyDetectors::takeFailures()
{
    std::vector<std::string> failures;
    for (RollingDetectors& family : families_)
        for (std::string& failure : family.takeFailures())
            failures.push_back(std::move(failure));
    return failures;
}

void FamilyDetectors::pushGap()
{
    for (RollingDetectors& family : families_)
        family.pushGap();
}

void FamilyDetectors::reset()
{
    for (RollingDetectors& family : families_)
        family.reset();
}

} // namespace vigil::live
