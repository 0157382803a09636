#pragma once
// Frame-level detection metrics computed exactly as scikit-learn 1.2 does (roc_curve + auc,
// precision_recall_curve + auc), so Vigil's AUC is the paper's number. Pure functions; any
// thread may call them. Throw std::invalid_argument on inputs of different lengths.

#include <cstdint>
#include <vector>

namespace vigil::eval {

struct CurvePoint {
    double x = 0.0; // ROC: false positive rate; PR: recall
    double y = 0.0; // ROC: true positive rate;  PR: precision
    double threshold = 0.0; // score at or above which a frame counts as positive
};

// sklearn.metrics.roc_curve(labels, scores, drop_intermediate=False): one point per distinct
// score (descending), after a first point (0, 0) with threshold +infinity. Tied scores form one
// point, so ties count as half right, as scikit-learn counts them.
std::vector<CurvePoint> rocCurve(
    const std::vector<float>& scores, const std::vector<uint8_t>& labels);

// sklearn.metrics.precision_recall_curve: one point per distinct score in increasing threshold
// order, then (recall 0, precision 1).
std::vector<CurvePoint> precisionRecallCurve(
    const std::vector<float>& scores, const std::vector<uint8_t>& labels);

// Trapezoidal area under a curve whose x is monotonic (either direction), as sklearn.metrics.auc.
double areaUnder(const std::vector<CurvePoint>& curve);

// NaN when the labels hold only one class (the AUC is undefined then, as scikit-learn warns).
double rocAuc(const std::vector<float>& scores, const std::vector<uint8_t>& labels);
double prAuc(const std::vector<float>& scores, const std::vector<uint8_t>& labels);

} // namespace vigil::eval
