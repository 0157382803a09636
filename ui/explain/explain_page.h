#pragma once
// The explain panel's page: the classifier's computation on one window written out for students,
// one card per step with the tensor's real shape, a picture and its first values, then where each
// attention row looks (with thumbnails), how alike the rows are (AᵀA, ||AᵀA - I||_F) and the
// formula. Pure function of the explanation and its context; any thread (QImage, no widgets).

#include "core/analysis/attention_lesson.h"
#include "core/analysis/snippet_place.h"
#include "core/analysis/window_explanation.h"
#include "core/common/defaults.h"

#include <QHash>
#include <QImage>
#include <QPalette>
#include <QString>
#include <QVector>

namespace vigil::ui {

// Where the window is and what the result says about it.
struct ExplainContext {
    int windowIndex = 0;
    int windowCount = 0;
    int64_t firstStep = 0;
    int64_t lastStep = 0;
    int64_t framesPerStep = defaults::kSnippetFrames;
    double framesPerSecond = defaults::kFallbackFps;
    int64_t crop = 0;
    int64_t crops = 1;
    float resultCropScore = 0.0f; // the result's score of this crop of this window
    float resultWindowScore = 0.0f; // mean over crops: the timeline's value
    int topCount = 3;
    int64_t softmaxRow = 0; // the row whose softmax is worked out
    // Where snippets are (analysis::snippetPlace): the result's frame times, steps and frames.
    const std::vector<int64_t>* framePtsUs = nullptr; // null: times from framesPerSecond
    int64_t stepCount = 0;
    int64_t frameCount = 0;
};

// The frames and times of a snippet, as `vigil explain` gives them.
analysis::SnippetPlace placeOf(const ExplainContext& context, int64_t step);

struct ExplainPage {
    QString html;
    // Pictures the html names as "explain:<key>"; thumbnails are "thumb:<frame>", supplied by
    // whoever shows the page (decoded frames arrive later).
    QHash<QString, QImage> images;
    QVector<qint64> thumbnailFrames; // the frames of the thumbnails, heaviest rows first
};

// Windows, rows and crops are counted from 0, as vigil explain counts them. Links in the page:
// "seek:<frame>", and "softmax-row:<k>" to work out another row's softmax.
// With a lesson, the page opens with an index of the student's questions and ends with the
// lesson (ui/explain/explain_lesson_page.h).
ExplainPage makeExplainPage(const analysis::WindowExplanation& explanation, const FloatArray& x,
    const ExplainContext& context, const QPalette& palette,
    const analysis::Lesson* lesson = nullptr, const QHash<QString, QString>& lessonExtras = {});

// The middle frame of a step's snippet.
int64_t middleFrameOfStep(int64_t step, int64_t framesPerStep);

} // namespace vigil::ui
