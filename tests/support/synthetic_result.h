#pragma once
// A small but complete AnalysisResult, as engine::Engine::analyze would return it for a 25 fps
// clip, for tests that write, read back or summarise results without running the networks.

#include "core/analysis/analysis_result.h"
#include "core/batch/saved_result.h"

#include <string>
#include <vector>

namespace vigil::test {

// frameScores.size() frames at 25 fps; one window with one attention row over two steps.
inline analysis::AnalysisResult syntheticResult(
    const std::string& path, const std::vector<float>& frameScores)
{
    analysis::AnalysisResult result;
    result.video = { true, path, static_cast<int64_t>(frameScores.size()), 25.0, 160, 120,
        static_cast<double>(frameScores.size()) / 25.0 };
    result.model.backbone = BackboneKind::I3dResNet50;
    result.model.crops = CropMode::Center;
    result.model.backboneWeights.provenance = Provenance::Demo;
    result.model.classifier.provenance = Provenance::Demo;
    result.model.hiddenSize = 64;
    result.model.attentionRows = 1;
    result.protocol = { 16, 32, 32 };
    result.steps = 2;
    result.crops = 1;
    analysis::WindowResult window;
    window.lastStep = 1;
    window.lastFrame = static_cast<int64_t>(frameScores.size()) - 1;
    window.score = frameScores.empty() ? 0.0f : frameScores.front();
    window.cropScores = { window.score };
    window.attention = FloatArray { { 1, 2 }, { 0.25f, 0.75f } };
    result.windows.push_back(window);
    result.frameScores = frameScores;
    for (size_t frame = 0; frame < frameScores.size(); ++frame)
        result.framePtsUs.push_back(static_cast<int64_t>(frame) * 40000);
    return result;
}

// What --resume expects of the results syntheticResult makes: demo networks, these windows.
inline batch::ExpectedSettings demoSettings(BackboneKind backbone = BackboneKind::I3dResNet50,
    CropMode crops = CropMode::Center, int64_t windowSteps = 32, int64_t strideSteps = 32)
{
    batch::ExpectedSettings expected;
    expected.model.backbone = backbone;
    expected.model.crops = crops;
    expected.windows = { windowSteps, strideSteps };
    return expected;
}

} // namespace vigil::test
