#pragma once
// WatchHealth: how well a watch keeps up, over the last minute of stream time: scored steps per
// second, the share of snippets skipped (or extracted into a window too thin to score), the
// lag's median and 95th percentile, and the reconnections so far; whether the alerts are then
// unreliable (more than half the places of a window unscored, defaults::kLiveMinScoredShare).
// Written as DIR/status.json every few seconds for health checks (a supervisor, a load
// balancer), and read by the status line. Bounded: at most kMaxMarks steps are kept. One run's
// thread only; pure apart from statusJson's clock-free text.

#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace vigil::live {

struct HealthFigures {
    double spanS = 0.0; // the stream time the figures are over (up to a minute)
    double scoredPerS = 0.0;
    double skippedShare = 0.0; // of the places in that span: skipped or unscored, 0..1
    int64_t lagP50Ms = -1; // -1 until a step was scored
    int64_t lagP95Ms = -1;
    int64_t reconnections = 0;
    bool isUnreliable = false;
    // Frames decoded per second of the session clock over the last minute (the reader's pace,
    // below the source's frame rate when decoding cannot keep up); -1 until a second has passed.
    double decodeFps = -1.0;
};

class WatchHealth {
public:
    static constexpr int64_t kSpanUs = 60000000;
    static constexpr size_t kMaxMarks = 8192; // a minute of 16-frame snippets at 2000 fps

    void scored(int64_t endUs, int64_t lagMs) { add({ endUs, Kind::Scored, lagMs }); }
    void unscored(int64_t endUs, int64_t lagMs) { add({ endUs, Kind::Unscored, lagMs }); }
    void skipped(int64_t endUs) { add({ endUs, Kind::Skipped, 0 }); }
    void reconnected() { ++reconnections_; }
    // The reader's count of frames decoded so far, as it stood at `nowUs` of the session clock.
    void decoded(int64_t nowUs, int64_t framesSoFar);

    HealthFigures figures() const;

private:
    enum class Kind { Scored, Unscored, Skipped };
    struct Mark {
        int64_t endUs;
        Kind kind;
        int64_t lagMs;
    };
    void add(const Mark& mark);

    std::deque<Mark> marks_; // stream order, the last kSpanUs
    std::deque<std::pair<int64_t, int64_t>> decodes_; // (nowUs, frames), the last kSpanUs
    int64_t reconnections_ = 0;
};

// {"format":"vigil-watch-status","version":1,"source":...,"stream_s":...,"scored_per_s":...,
// "skipped_share":...,"lag_p50_s":...|null,"lag_p95_s":...,"reconnections":...,
// "alerts_reliable":true|false,"updated_wall":"2026-12-07T03:20:00.000Z"}
std::string statusJson(
    const HealthFigures& figures, const std::string& source, int64_t streamUs, int64_t wallMs);

// One camera of a watch with several, as the process's status file lists it.
struct CameraHealth {
    std::string name;
    std::string source; // redacted
    HealthFigures figures;
    std::string state; // "watching", "ended" or "failed"
    std::string failure; // why, when failed
};

// {"format":"vigil-watch-process-status","version":1,"cameras":[{"name":...,"source":...,
// "state":...,"failure":...,"scored_per_s":...,"skipped_share":...,"lag_p50_s":...,
// "lag_p95_s":...,"reconnections":...,"alerts_reliable":...}],"cameras_watching":N,
// "alerts_reliable":true only when every watching camera's are,"updated_wall":...}
std::string processStatusJson(const std::vector<CameraHealth>& cameras, int64_t wallMs);

} // namespace vigil::live
