#include "core/live/live_stepper.h"

#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/live/watch_summary.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace vigil::live {
namespace {

constexpr int64_t kSkipNoticeEveryUs = 60000000; // "says so once per minute"
constexpr int64_t kStatusEveryUs = 5000000; // status.json: fresh enough for a health check

std::vector<std::string> detectorNames(const engine::Engine& engine)
{
    std::vector<std::string> names;
    for (const analysis::SelectedDetector& detector : engine.detectors())
        names.push_back(toString(detector.kind));
    return names;
}

} // namespace

LiveStepper::LiveStepper(const engine::Engine& engine, const WatchSettings& settings,
    StepClock clock, StepperCallbacks callbacks)
    : engine_(engine)
    , settings_(settings)
    , clock_(std::move(clock))
    , callbacks_(std::move(callbacks))
    , window_(engine.classifier(), settings.windowSteps)
    , detectors_(engine, defaults::kLiveDetectorSpanSteps)
    , tracker_(settings.alerts)
    , scores_(settings.outputs.outputDir, detectorNames(engine))
    , outputs_(settings.outputs, callbacks_.notice)
    , lastSkipNoticeUs_(-kSkipNoticeEveryUs)
    , lastStatusUs_(-kStatusEveryUs)
{
}

void LiveStepper::closeAlert(std::optional<Alert> alert)
{
    if (!alert)
        return;
    const EventRecord event = outputs_.record(*alert, peakFrame_, alertClip_);
    if (callbacks_.observer.onAlert)
        callbacks_.observer.onAlert(event);
    ++outcome_.alerts;
    peakFrame_.release();
}

void LiveStepper::tellOpenAlert() const
{
    if (callbacks_.observer.onOpenAlert)
        callbacks_.observer.onOpenAlert(tracker_.openAlert());
}

void LiveStepper::closeOpenAlert(AlertEnd by)
{
    if (!tracker_.isOpen())
        return;
    closeAlert(tracker_.stop(by));
    tellOpenAlert();
}

void LiveStepper::tellStep(const LiveStep& step) const
{
    if (callbacks_.observer.onStep)
        callbacks_.observer.onStep(step);
}

void LiveStepper::takeGaps(const std::vector<StreamGap>& gaps)
{
    for (const StreamGap& gap : gaps) {
        if (gap.kind == StreamGap::Kind::Lost) {
            closeOpenAlert(AlertEnd::StreamLost); // at once, not at the reconnection
            continue;
        }
        scores_.append(gap.startUs, clock_.wallMsAt(gap.startUs), std::nullopt);
        if (gap.kind == StreamGap::Kind::Skipped) {
            skip(gap);
            continue;
        }
        tellStep({ gap.startUs, gap.endUs, std::nullopt, {}, LiveStep::Kind::NoStream });
        health_.reconnected();
        // A new connection: its packets are another ring and its steps another stream.
        closeOpenAlert(AlertEnd::StreamLost);
        window_.reset();
        detectors_.reset();
    }
}

// A snippet dropped to stay live keeps its place in the window as a gap.
void LiveStepper::skip(const StreamGap& gap)
{
    tellStep({ gap.startUs, gap.endUs, std::nullopt, {}, LiveStep::Kind::Skipped });
    window_.pushGap();
    detectors_.pushGap();
    health_.skipped(gap.endUs);
    ++outcome_.snippetsSkipped;
    ++skippedSinceNotice_;
    ++stepIndex_;
    if (!window_.isScoredEnough())
        closeOpenAlert(AlertEnd::Unscored); // it saw too little to stay open
}

void LiveStepper::noticeSkips(int64_t nowUs)
{
    if (skippedSinceNotice_ == 0 || nowUs - lastSkipNoticeUs_ < kSkipNoticeEveryUs)
        return;
    const double share = static_cast<double>(skippedSinceNotice_)
        / static_cast<double>(skippedSinceNotice_ + takenSinceNotice_);
    std::string text = settings_.reader.displayName + ": the networks cannot keep up; "
        + countOf(skippedSinceNotice_, "snippet was", "snippets were") + " ("
        + std::to_string(static_cast<int>(std::lround(share * 100.0)))
        + " %) skipped (not scored) to stay live";
    if (share > 1.0 - defaults::kLiveMinScoredShare)
        text += "; its alerts are unreliable (a window with under half its steps scored is not "
                "scored); the centre crop, fewer cameras or bf16 would help";
    if (callbacks_.notice)
        callbacks_.notice(text);
    skippedSinceNotice_ = 0;
    takenSinceNotice_ = 0;
    lastSkipNoticeUs_ = nowUs;
}

void LiveStepper::followPackets(const LiveSnippet& snippet)
{
    if (snippet.packets == packets_.packets)
        return;
    packets_ = { snippet.packets, snippet.packetOffsetUs };
    if (callbacks_.observer.onPackets)
        callbacks_.observer.onPackets(packets_);
}

// Extracted, but its window saw too little: a row without a score, and no alert goes on.
void LiveStepper::leaveUnscored(const LiveSnippet& snippet)
{
    scores_.append(snippet.startUs, clock_.wallMsAt(snippet.startUs), std::nullopt);
    tellStep({ snippet.startUs, snippet.endUs, std::nullopt, {}, LiveStep::Kind::Unscored });
    closeOpenAlert(AlertEnd::Unscored);
    ++stepIndex_;
    ++outcome_.stepsUnscored;
}

void LiveStepper::score(const LiveSnippet& snippet)
{
    FloatArray feature = engine_.pipeline().extractor().extract(snippet.input);
    feature.shape = { feature.dim(0), feature.dim(1) };
    scoreFeature(snippet, feature);
}

void LiveStepper::scoreFeature(const LiveSnippet& snippet, const FloatArray& feature)
{
    const std::optional<CausalScore> causal = window_.push(feature);
    std::vector<float> detectorScores = detectors_.push(feature, snippet.otherInputs);
    for (const std::string& failure : detectors_.takeFailures())
        if (callbacks_.notice)
            callbacks_.notice(failure);
    lastSeenEndUs_ = snippet.endUs;
    ++takenSinceNotice_;
    followPackets(snippet);
    if (causal)
        track(snippet, *causal, std::move(detectorScores));
    else
        leaveUnscored(snippet);
    outputs_.writeDueClips(snippet.endUs, false);
    const int64_t nowUs = clock_.nowUs();
    const int64_t lagMs = std::max<int64_t>(0, (nowUs - snippet.arrivedUs) / 1000);
    if (causal)
        health_.scored(snippet.endUs, lagMs);
    else
        health_.unscored(snippet.endUs, lagMs);
    if (decoded_)
        health_.decoded(nowUs, decoded_->load());
    noticeSkips(nowUs);
    writeStatus(nowUs, false);
    if (callbacks_.status) {
        const HealthFigures figures = health_.figures();
        callbacks_.status(
            { snippet.endUs, causal ? std::optional<float>(causal->score) : std::nullopt, lagMs,
                outcome_.snippetsSkipped, tracker_.isOpen(), figures.skippedShare,
                figures.decodeFps, figures.scoredPerS });
    }
}

void LiveStepper::writeStatus(int64_t nowUs, bool isDue)
{
    if (!isDue && nowUs - lastStatusUs_ < kStatusEveryUs)
        return;
    lastStatusUs_ = nowUs;
    const std::string path = settings_.outputs.outputDir + "/status.json";
    try {
        files::writeFileAtomically(path,
            statusJson(health_.figures(), settings_.outputs.sourceName, lastSeenEndUs_,
                clock_.wallMsAt(lastSeenEndUs_)));
    } catch (const IoError& error) {
        if (callbacks_.notice)
            callbacks_.notice(error.what()); // a health file never stops the watch
    }
}

void LiveStepper::track(
    const LiveSnippet& snippet, const CausalScore& scored, std::vector<float> detectorScores)
{
    ScoredStep step { snippet.startUs, snippet.endUs, clock_.wallMsAt(snippet.startUs),
        clock_.wallMsAt(snippet.endUs), scored.score, scored.attention, stepIndex_++ };
    scores_.append(step.startUs, step.wallStartMs, step.score, detectorScores);
    tellStep({ step.startUs, step.endUs, step.score,
        step.attention.empty() ? std::vector<float> {} : step.attention.back(),
        LiveStep::Kind::Scored, static_cast<int64_t>(step.attention.size()),
        std::move(detectorScores) });
    const bool wasOpen = tracker_.isOpen();
    closeAlert(tracker_.add(step));
    if (wasOpen || tracker_.isOpen())
        tellOpenAlert(); // as it grew, or nullopt: it closed (after onAlert, if it was kept)
    if (!wasOpen && tracker_.isOpen())
        alertClip_ = { snippet.packets, snippet.packetOffsetUs };
    if (tracker_.didPeakChange())
        peakFrame_ = snippet.middleFrame;
    ++outcome_.stepsScored;
}

void LiveStepper::finish()
{
    closeOpenAlert(AlertEnd::Stop);
    outputs_.writeDueClips(INT64_MAX, true);
    writeStatus(clock_.nowUs(), true);
}

} // namespace vigil::live
