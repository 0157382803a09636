#include "core/analysis/attention_lesson.h"

#include "core/analysis/attention_lesson_text.h"
#include "core/analysis/window_slices.h"
#include "core/common/plural.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace vigil::analysis {

// The answers (attention_lesson_answers.cpp).
std::vector<LessonSection> answerQuestions(const LessonInput& input);

namespace {

using detail::format;

std::string shapeOf(std::initializer_list<int64_t> sizes)
{
    std::string text = "[";
    for (const int64_t size : sizes)
        text += (text.size() > 1 ? ", " : "") + std::to_string(size);
    return text + "]";
}

// min .. max of one intermediate over every crop of the batch.
template <typename Member>
std::string rangeOverCrops(const std::vector<WindowExplanation>& crops, Member member)
{
    float low = INFINITY, high = -INFINITY;
    for (const WindowExplanation& e : crops)
        for (const float value : (e.*member).values) {
            low = std::min(low, value);
            high = std::max(high, value);
        }
    return format("values %.4g .. %.4g over the whole batch", static_cast<double>(low),
        static_cast<double>(high));
}

std::string firstValues(const std::vector<float>& values, size_t count)
{
    std::string text;
    for (size_t i = 0; i < std::min(count, values.size()); ++i)
        text += format("%s%.4f", i == 0 ? "" : " ", static_cast<double>(values[i]));
    return text + (values.size() > count ? " …" : "");
}

void requireConsistent(const LessonInput& input)
{
    if (input.crops.empty() || input.window.rank() != 3
        || input.window.dim(0) != static_cast<int64_t>(input.crops.size())
        || input.batchedScores.size() != input.crops.size() || input.crop < 0
        || input.crop >= static_cast<int64_t>(input.crops.size()))
        throw std::invalid_argument("a lesson needs one explanation and one score per crop");
}

std::vector<CodeLine> attentionLines(const LessonInput& input)
{
    const WindowExplanation& e = input.crops.front();
    const int64_t B = input.window.dim(0), T = e.steps, F = e.featureSize, da = e.hiddenSize,
                  r = e.rows;
    std::vector<float> firstFeatures(
        input.window.values.begin(), input.window.values.begin() + std::min<int64_t>(3, F));
    return {
        { "x", shapeOf({ B, T, F }),
            format("the window: %s (the batch) x %s x %lld features; x[0, 0, :3] = %s",
                counted(B, "crop").c_str(), counted(T, "step").c_str(), static_cast<long long>(F),
                firstValues(firstFeatures, 3).c_str()) },
        { "self_anttention[0](x)  # W1 x + b1", shapeOf({ B, T, da }),
            format("one W1 [%lld, %lld] on each of the %lld (crop, step) vectors; %s",
                static_cast<long long>(da), static_cast<long long>(F),
                static_cast<long long>(B * T),
                rangeOverCrops(input.crops, &WindowExplanation::hiddenLinear).c_str()) },
        { "self_anttention[1](.)  # tanh", shapeOf({ B, T, da }),
            rangeOverCrops(input.crops, &WindowExplanation::hiddenTanh) },
        { "self_anttention[2](.)  # W2 h + b2", shapeOf({ B, T, r }),
            format("%lld logits per (crop, step), one per attention row; %s",
                static_cast<long long>(r),
                rangeOverCrops(input.crops, &WindowExplanation::logits).c_str()) },
        { "F.softmax(., dim=1)", shapeOf({ B, T, r }),
            format("over dim 1, the %lld steps: A[b, :, k] sums to 1 for every crop b and row k",
                static_cast<long long>(T)) },
        { "self.dropout(.)", shapeOf({ B, T, r }),
            "identity here: inference runs the module in eval mode; in training it zeroes "
            "weights (question 8)" },
    };
}

std::vector<CodeLine> poolingLines(const LessonInput& input)
{
    const WindowExplanation& e = input.crops.front();
    const int64_t B = input.window.dim(0), T = e.steps, F = e.featureSize, r = e.rows;
    std::vector<float> pooledFirst;
    for (int64_t f = 0; f < std::min<int64_t>(3, F); ++f)
        pooledFirst.push_back(e.pooled.values[static_cast<size_t>(f * r)]);
    std::vector<float> logits, scores;
    for (const WindowExplanation& crop : input.crops) {
        logits.push_back(crop.fc2);
        scores.push_back(crop.score);
    }
    return {
        { "x.permute(0, 2, 1)", shapeOf({ B, F, T }),
            "the same numbers, steps and features swapped" },
        { "torch.bmm(x.permute(0, 2, 1), A) = m", shapeOf({ B, F, r }),
            format("%s [%lld, %lld] @ [%lld, %lld]; m[0, :3, 0] = %s",
                counted(B, "matrix product").c_str(), static_cast<long long>(F),
                static_cast<long long>(T), static_cast<long long>(T), static_cast<long long>(r),
                firstValues(pooledFirst, 3).c_str()) },
        { "m.view(bs, -1)", shapeOf({ B, F * r }),
            format("each crop's [%lld, %lld] read row by row: index f*%lld + k",
                static_cast<long long>(F), static_cast<long long>(r), static_cast<long long>(r)) },
        { "self.fc1(.)", shapeOf({ B, e.fc1.size() }),
            rangeOverCrops(input.crops, &WindowExplanation::fc1) },
        { "self.fc2(.)", shapeOf({ B, 1 }), "logits " + firstValues(logits, 10) },
        { "self.sig(.)", shapeOf({ B, 1 }), "scores " + firstValues(scores, 10) },
        { ".view(bs)", shapeOf({ B }), "one score per crop" },
    };
}

} // namespace

Lesson makeLesson(const LessonInput& input)
{
    requireConsistent(input);
    Lesson lesson;
    lesson.code = attentionLines(input);
    for (CodeLine& line : poolingLines(input))
        lesson.code.push_back(std::move(line));
    double mean = 0.0;
    for (size_t c = 0; c < input.crops.size(); ++c) {
        lesson.largestCropDifference = std::max(lesson.largestCropDifference,
            std::fabs(static_cast<double>(input.crops[c].score) - input.batchedScores[c]));
        mean += input.batchedScores[c] / static_cast<double>(input.crops.size());
    }
    lesson.meanOverCrops = mean;
    lesson.windowScoreDifference = std::fabs(mean - input.windowScore);
    lesson.code.push_back({ ".mean()  # Vigil: over the crops", "[]",
        format("window score %.6f; the result's is %.6f (|difference| %.1e)", mean,
            static_cast<double>(input.windowScore), lesson.windowScoreDifference) });
    lesson.questions = answerQuestions(input);
    return lesson;
}

LessonInput gatherLessonInput(const WindowExplainer& explainer, const FloatArray& features,
    const WindowSpan& span, int64_t crop, std::vector<float> batchedScores, float windowScore)
{
    LessonInput input;
    input.window = windowOfAllCrops(features, span);
    for (int64_t c = 0; c < input.window.dim(0); ++c)
        input.crops.push_back(explainer.explain(windowOfCrop(features, span, c)));
    input.batchedScores = std::move(batchedScores);
    input.windowScore = windowScore;
    input.internals = explainer.internals();
    input.crop = crop;
    input.dropout = explainer.dropoutTrials(
        windowOfCrop(features, span, crop), kLessonDropoutSeed, kLessonDropoutTrials);
    return input;
}

} // namespace vigil::analysis
