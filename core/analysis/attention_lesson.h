#pragma once
// The attention classifier explained to a student on one window of their own video: the
// paper's forward written out line by line with the real shapes, the crops as the batch, and
// the eight questions of docs/explain.md answered with numbers computed on the window. One text
// for every front end (`vigil explain --code`, the GUI's Explain panel), so the two cannot
// disagree. Pure; any thread.

#include "core/analysis/attention_lesson_math.h"
#include "core/analysis/window_explanation.h"
#include "core/analysis/windows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::analysis {

struct LessonInput {
    FloatArray window; // [crops, T, F]: x, the batch the forward sees
    std::vector<WindowExplanation> crops; // the step-by-step pass of each crop
    std::vector<float> batchedScores; // the classifier's own batched forward on `window`
    float windowScore = 0.0f; // the window's score in the result (mean over crops)
    ClassifierInternals internals;
    int64_t crop = 0; // the crop the per-crop answers use
    DropoutTrials dropout; // on that crop
    // Question 7 on the user's own sweep (train::sweepFindings), when one was given.
    std::vector<std::string> sweepFindings;
};

// One line of the forward: the code, the shape it produces, and what its values are here.
struct CodeLine {
    std::string code;
    std::string shape; // "[10, 32, 64]"
    std::string note;
};

struct LessonSection {
    std::string id; // "code", "q1" … "q8": anchors for links
    std::string title;
    std::vector<std::string> paragraphs;
};

struct Lesson {
    std::vector<CodeLine> code;
    double largestCropDifference = 0.0; // max |step-by-step score − batched forward|
    double meanOverCrops = 0.0; // of the batched forward's crop scores
    double windowScoreDifference = 0.0; // |mean over crops − the result's window score|
    std::vector<LessonSection> questions; // q1 … q8, in the student's order
};

// Throws std::invalid_argument when the input's parts disagree (no crops, other shapes).
Lesson makeLesson(const LessonInput& input);

// Everything a lesson needs on window `span` of features [steps, crops, F]: every crop
// explained and the dropout trials on `crop`. batchedScores are the classifier's own batched
// forward on the window (the result's crop scores), windowScore the result's score of it.
// Throws what the explainer throws, and std::out_of_range for a window or crop that features
// do not have.
LessonInput gatherLessonInput(const WindowExplainer& explainer, const FloatArray& features,
    const WindowSpan& span, int64_t crop, std::vector<float> batchedScores, float windowScore);

// The seed and number of dropout trials the front ends ask for: fixed, so a page read twice
// shows the same masks.
inline constexpr uint64_t kLessonDropoutSeed = 1;
inline constexpr int64_t kLessonDropoutTrials = 1000;

} // namespace vigil::analysis
