#!/usr/bin/python3
"""Golden ROC/PR figures for vigil's core/eval, computed by scikit-learn (Debian's python3-sklearn).

Writes tests/data/eval/metrics.json: several synthetic (scores, labels) sets with many ties (scores
rounded to a coarse grid, as the paper's step scores repeated 16 times are), and for each the
values of sklearn.metrics.roc_auc_score, roc_curve(drop_intermediate=False) and
auc(recall, precision) from precision_recall_curve.
"""
import json
import pathlib

import numpy as np
import sklearn
from sklearn.metrics import auc, precision_recall_curve, roc_auc_score, roc_curve


def case(name, scores, labels):
    fpr, tpr, thresholds = roc_curve(labels, scores, drop_intermediate=False)
    precision, recall, _ = precision_recall_curve(labels, scores)
    return {
        "name": name,
        "scores": [float(s) for s in scores],
        "labels": [int(l) for l in labels],
        "roc_auc": float(roc_auc_score(labels, scores)),
        "pr_auc": float(auc(recall, precision)),
        "roc_fpr": [float(v) for v in fpr],
        "roc_tpr": [float(v) for v in tpr],
        "roc_thresholds": [float(v) for v in thresholds[1:]],  # the first is +inf (or max+1)
    }


def main():
    rng = np.random.default_rng(20261130)
    cases = []
    labels = rng.integers(0, 2, 600)
    scores = np.clip(labels * 0.25 + rng.normal(0.4, 0.2, 600), 0, 1)
    cases.append(case("coarse_ties", np.round(scores * 20) / 20, labels))
    # Step scores repeated 16 times, as the paper maps them to frames.
    steps = rng.random(40).astype(np.float32)
    step_labels = (rng.random(40) < 0.3).astype(np.int64)
    cases.append(case("repeated_steps", np.repeat(steps, 16), np.repeat(step_labels, 16)))
    cases.append(case("all_tied", np.full(50, 0.5), rng.integers(0, 2, 50)))
    imbalanced = (rng.random(500) < 0.05).astype(np.int64)
    cases.append(case("imbalanced", rng.random(500).astype(np.float32) * 0.5 + imbalanced * 0.3, imbalanced))
    out = pathlib.Path(__file__).resolve().parent.parent / "tests/data/eval/metrics.json"
    out.write_text(json.dumps({"sklearn": sklearn.__version__, "cases": cases}))
    print(f"wrote {out} (scikit-learn {sklearn.__version__})")


if __name__ == "__main__":
    main()
