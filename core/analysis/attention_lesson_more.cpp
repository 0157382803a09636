// Answers 5 to 8 of the lesson (attention_lesson.h).

#include "core/analysis/attention_lesson.h"
#include "core/analysis/attention_lesson_math.h"
#include "core/analysis/attention_lesson_text.h"
#include "core/common/plural.h"

#include <cmath>

namespace vigil::analysis {
namespace {

using detail::at;
using detail::format;
using ll = long long;

float windowAt(const FloatArray& window, int64_t crop, int64_t step, int64_t feature)
{
    return window
        .values[static_cast<size_t>((crop * window.dim(1) + step) * window.dim(2) + feature)];
}

std::string groupsText(const std::vector<std::vector<int64_t>>& groups)
{
    std::string text;
    for (const auto& group : groups) {
        text += text.empty() ? "{" : ", {";
        for (size_t i = 0; i < group.size(); ++i)
            text += (i == 0 ? "" : ", ") + std::to_string(group[i]);
        text += "}";
    }
    return text;
}

} // namespace

LessonSection shapesOfTheProduct(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    double byHand = 0.0;
    for (int64_t t = 0; t < e.steps; ++t)
        byHand += static_cast<double>(windowAt(input.window, input.crop, t, 0))
            * at(e.attention, t, 0);
    return { "q5", "5. How can A [B, T, r] be multiplied with x [B, T, F] when the shapes differ?",
        { format("Not element by element. permute makes x [%lld, %lld, %lld]; bmm then does, for "
                 "each crop b, one matrix product x_b^T [%lld, %lld] @ A_b [%lld, %lld], "
                 "summing over the %lld steps they share: m[b, f, k] = sum_t x[b, t, f] A[b, t, "
                 "k]. Column k of m is the window's features averaged with row k's weights.",
              (ll)input.window.dim(0), (ll)e.featureSize, (ll)e.steps, (ll)e.featureSize,
              (ll)e.steps, (ll)e.steps, (ll)e.rows, (ll)e.steps),
            format("On this window, crop %lld: m[0, 0] = sum_t x[t, 0] A[t, 0] = %.6f by hand, "
                   "%.6f from the network.",
                (ll)input.crop, byHand, static_cast<double>(at(e.pooled, 0, 0))) } };
}

LessonSection flattening(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    std::string firsts;
    for (int64_t i = 0; i < std::min<int64_t>(e.rows + 1, e.featureSize * e.rows); ++i)
        firsts += format("%s m[%lld, %lld] = %.4f", i == 0 ? "" : ",", (ll)(i / e.rows),
            (ll)(i % e.rows), static_cast<double>(e.pooled.values[static_cast<size_t>(i)]));
    return { "q6", "6. What does x.view(bs, -1) do, and why is fc1 2048*r wide?",
        { format("It keeps the batch and lays each crop's m [%lld, %lld] out as one vector of "
                 "%lld numbers, row by row: element f*%lld + k is m[f, k]. Nothing is computed; "
                 "the same memory is read as another shape. fc1 therefore sees the %lld pooled "
                 "feature vectors side by side, interleaved, which is why its input is "
                 "%lld x %lld = %lld wide; with r = 7 it would be %lld.",
              (ll)e.featureSize, (ll)e.rows, (ll)(e.featureSize * e.rows), (ll)e.rows, (ll)e.rows,
              (ll)e.featureSize, (ll)e.rows, (ll)(e.featureSize * e.rows), (ll)(e.featureSize * 7)),
            "On this window, crop " + std::to_string(input.crop) + ", the flattened vector "
                + "begins" + firsts + "." } };
}

LessonSection whyTheseSizes(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    const auto groups = alikeRows(e);
    LessonSection section { "q7",
        "7. Why d_a = 64 and r = 3? Luck of the initialisation? Does it overfit?",
        { "The paper reports one run per setting, both with seed 9111: d_a = 64, r = 3 gives "
          "84.74 % UCF-Crime frame AUC, d_a = 128, r = 7 gives 84.91 %. Its train.py keeps the "
          "weights of the epoch with the best test-set AUC and uses no cross-validation, so the "
          "figures are optimistic and carry no spread: a 0.17-point difference says nothing "
          "until seeds and folds show how much one setting varies.",
            "Measure it on your features: vigil train --labels train.csv --sweep "
            "da=32,64,128 r=1,3,7 --seeds 1,2,3 --folds 5 -o runs/model.pth trains every setting "
            "on every fold and seed and writes, per setting, the mean held-out AUC and its "
            "standard deviation (report.csv, report.json, report.png). Settings whose means "
            "differ by less than their standard deviations are not told apart. With --val the "
            "report also gives the step whose weights were kept: kept early and never bettered "
            "means training went on without improving on validation, overfitting or a plateau.",
            format(
                "On this window the %lld rows form %s of rows that look at the same "
                "steps (cosine of their weights >= %.2f): %s; redundancy ||A^T A - I||_F = "
                "%.4f. Neither the paper's training nor Vigil's adds the structured "
                "self-attention penalty on ||A^T A - I||, so nothing pushes the rows apart: here "
                "r = %lld works like r = %zu.",
                (ll)e.rows, counted(static_cast<int64_t>(groups.size()), "group").c_str(),
                kSameRowCosine, groupsText(groups).c_str(), e.redundancy, (ll)e.rows,
                groups.size()) } };
    section.paragraphs.insert(
        section.paragraphs.end(), input.sweepFindings.begin(), input.sweepFindings.end());
    return section;
}

LessonSection dropoutAfterSoftmax(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    const double p = input.internals.dropoutProbability;
    const DropoutSummary s = summariseDropout(input.dropout, p);
    std::string sums, shares;
    for (size_t k = 0; k < s.firstRowSums.size(); ++k)
        sums += format("%s%.4f", k == 0 ? "" : ", ", s.firstRowSums[k]);
    for (size_t k = 0; k < s.heaviestDroppedShare.size(); ++k)
        shares += format("%s%.1f %%", k == 0 ? "" : ", ", 100.0 * s.heaviestDroppedShare[k]);
    return { "q8", "8. Why is dropout applied right after the softmax?",
        { format("In training, nn.Dropout(%.2g) on A zeroes each weight with probability %.2g and "
                 "multiplies the kept ones by 1/(1 - p) = %.4f; in eval mode, which every score "
                 "Vigil shows uses, it is the identity.",
              p, p, s.keptScale),
            format("One training-mode pass on this window (crop %lld, seed %llu): %lld of %lld "
                   "weights zeroed; the rows now sum to %s instead of 1; the score is %.4f "
                   "against %.4f at inference. Over %zu masks the score averages %.4f (standard "
                   "deviation %.4f, %.4f .. %.4f), and each row's heaviest step is dropped in %s "
                   "of them.",
                (ll)input.crop, static_cast<unsigned long long>(input.dropout.seed),
                (ll)s.firstZeroed, (ll)(e.steps * e.rows), sums.c_str(),
                static_cast<double>(input.dropout.firstScore), static_cast<double>(e.score),
                input.dropout.scores.size(), s.meanScore, s.scoreDeviation, s.lowestScore,
                s.highestScore, shares.c_str()),
            "Why there: it removes whole steps from a row's average, so in training the "
            "classifier cannot lean on one snippet; it has to spread weight or make the other "
            "steps informative, a regulariser on where to look, as attention dropout in "
            "Transformers. Before the softmax it would only perturb logits and the weights would "
            "still sum to 1; after fc1 it would regularise the summary, not the attention." } };
}

} // namespace vigil::analysis
