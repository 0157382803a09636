#pragma once
// Where one analysis run is: its stage (decode, features, scores, done) and the counts behind
// it, as the worker reports them and the status bar shows them. The decoder runs ahead of the
// network by a few snippets, so the share done counts extracted snippets, not decoded frames, and
// it reaches 100 only once the whole result is there. Plain values; any thread.

#include <QMetaType>
#include <QString>
#include <QtGlobal>

namespace vigil::ui {

struct AnalysisProgress {
    // In this order; a run never goes back to an earlier stage.
    enum class Stage { Decoding, Extracting, Scoring, Done };
    Stage stage = Stage::Decoding;
    qint64 framesDecoded = 0;
    qint64 framesEstimate = 0; // 0 when unknown
    qint64 stepsExtracted = 0;
    qint64 stepsEstimate = 0; // 0 when unknown
    qint64 windowsScored = 0;
    // Snippets extracted when the next whole window can be scored (its last snippet is in); 0
    // when unknown. Past stepsEstimate, the next window is the last, shorter one: it comes with
    // the result.
    qint64 nextWindowAtSteps = 0;
    // Detectors of other features extract the video once more per family (core/engine/engine.h):
    // this pass, from 0, of how many, and the backbone of a pass after the first.
    int pass = 0;
    int passes = 1;
    QString backboneName;
    double framesPerSecond = 0.0; // frames whose features are extracted, per second of the run
    double etaS = -1.0; // negative when unknown
};

// The share of the run done, 0..100, or -1 when it cannot be known (no frame count). Features
// are nearly all the work: 1..95 as the snippets are extracted, 97 while the whole sequence is
// scored, 100 only when the result is complete (Stage::Done).
int percentDone(const AnalysisProgress& progress);

// The share of every pass's snippets extracted, 0..1, or -1 without an estimate.
double extractedShare(const AnalysisProgress& progress);

// "1/3", "2/3", "3/3": the stage's place among the three stages of work.
int stageNumber(AnalysisProgress::Stage stage);

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::AnalysisProgress)
