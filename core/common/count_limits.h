#pragma once
// What this machine has (cores, memory) and the bounds of every count a command line may ask
// for, so that no option starts more threads than there are cores or sizes an allocation from an
// unchecked number. Free functions, safe from any thread; nothing throws.

#include <cstdint>
#include <string>

namespace vigil {

// std::thread::hardware_concurrency, at least 1.
int64_t coreCount();

// Physical memory (sysconf), or /proc/meminfo's MemTotal; 0 when neither says.
uint64_t physicalMemoryBytes();

// A whole-number option's allowed values. limitedBy, when set, says why max is what it is
// ("this machine's 16 cores"), for the message of a value above it.
struct CountBound {
    int64_t min = 0;
    int64_t max = 0;
    std::string limitedBy;
};

// A real-valued option's allowed values; NaN and infinities are never allowed.
struct NumberBound {
    double min = 0.0;
    double max = 0.0;
    bool isMinAllowed = true; // false: (min, max]
};

namespace bounds {

CountBound threads(); // 0 (all cores) to the cores
CountBound jobs(); // 0 (automatic) to the cores: each job needs a thread of its own
CountBound steps(); // a window, a stride, an eval split, explain's --top or window index
CountBound frameStep(); // resnet50's --frame-step
CountBound snippetFrames(); // video frames per feature step
CountBound crop(); // explain's --crop: ten-crop features have ten
CountBound hiddenSize(); // train's d_a
CountBound rows(); // train's r
CountBound epochs();
CountBound batchPerClass();
CountBound folds();
CountBound validateEvery();
CountBound listLines(); // train's --anomalous-first
CountBound
snippetsPerPass(); // I3D snippets a backbone pass (VIGIL_SNIPPETS_PER_PASS, the calibration cache)
NumberBound threshold(); // [0, 1]
NumberBound fps(); // (0, 1000]
NumberBound learningRate(); // (0, 10]
NumberBound clipContextS(); // vigil clips' --pre and --post: up to an hour either side
NumberBound demoSeconds(); // vigil demo's --seconds: up to a day of the source
// vigil watch and the Open Stream dialog.
NumberBound alertMinDurationS(); // [0, 3600]
NumberBound alertRollS(); // --pre, --post: [0, 60], what the packet ring keeps for a clip
NumberBound streamTimeoutS(); // (0, 3600]
NumberBound reconnectMaxDelayS(); // [0, 3600]
NumberBound giveUpAfterS(); // [0, 86400]; 0: never
CountBound timelineMinutes(); // how far back the live timeline scrolls: 1 to 120

} // namespace bounds

// Empty when text is a whole number within bound; otherwise why not, naming the value.
std::string countProblem(const std::string& text, const CountBound& bound);

// Empty when text is a finite number within bound; otherwise why not, naming the value.
std::string numberProblem(const std::string& text, const NumberBound& bound);

// Empty when `bytes` leave room for the rest of the machine (at most half its memory);
// otherwise why not, naming both sizes. `what` says what needs them ("2e9 frame scores").
std::string memoryProblem(uint64_t bytes, const std::string& what);

} // namespace vigil
