#pragma once
// What one analysis run needs besides the video: the extraction pipeline and classifier that
// app/ built through models/model_factory.h, and how to describe them. Owned by the GUI, shared
// with each run; the scorer is used by one run at a time (the runner starts one run at once).

#include "core/analysis/feature_pipeline.h"
#include "core/analysis/video_analysis.h"
#include "core/analysis/window_explanation.h"

#include <memory>
#include <string>
#include <vector>

namespace vigil::ui {

struct AnalysisEngine {
    std::shared_ptr<const analysis::FeaturePipeline> pipeline;
    std::shared_ptr<analysis::WindowScorer> scorer;
    // The same classifier step by step, for the explain panel (GUI thread only); may be null.
    std::shared_ptr<analysis::WindowExplainer> explainer;
    analysis::ModelDescription model;
    analysis::WindowSettings windows;
    std::string device = "CPU";
    std::vector<std::string> warnings; // about the choice of weights; added to every result

    bool isReady() const { return pipeline && scorer; }
    bool usesDemoWeights() const
    {
        return model.backboneWeights.provenance == "demo" || model.classifier.provenance == "demo";
    }
};

} // namespace vigil::ui
