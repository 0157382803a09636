#pragma once
// The Explain page's softmax card: for one row k of the attention, the logits z[t], their
// exponentials, the sum and the weights they give, worked out in double from the logits the
// network produced (analysis::workOutSoftmax) and checked against A[:, k]. Private to the
// Explain page. GUI thread (HTML strings only).

#include "core/analysis/window_explanation.h"

#include <QString>

#include <vector>

namespace vigil::ui {

class PageWriter;

// Links in the card: "softmax-row:<k>" picks the row it works out.
QString softmaxCard(int stepNumber, const analysis::SoftmaxWorkedOut& worked, int64_t rows,
    int64_t firstStep, const PageWriter& writer);

// How the card writes its numbers: four significant digits, a real minus sign, an exponent only
// below 1e-4 or from 1e6 ("0.03125", "−1.204", "2.718e+07").
QString significantDigits(double value);

// The steps the card's table lists when T is large: the first few, the heaviest and the last,
// in time order (all of them when T is small). The sum always runs over every step.
std::vector<int64_t> softmaxTableSteps(const analysis::SoftmaxWorkedOut& worked);

} // namespace vigil::ui
