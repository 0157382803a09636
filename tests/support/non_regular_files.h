#pragma once
// Non-regular files given where a file belongs: a FIFO, a character device, a folder. Readers must
// refuse them before open() blocks. So that a reader which does block fails its test instead of
// hanging the suite, FifoWatchdog opens the FIFO's other end after a grace period, which lets a
// blocked open() return; a reader that refuses the FIFO never meets it.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil::test {

class FifoWatchdog {
public:
    explicit FifoWatchdog(std::string path)
        : path_(std::move(path))
        , thread_([this] { watch(); })
    {
    }
    ~FifoWatchdog()
    {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            isDone_ = true;
        }
        done_.notify_all();
        thread_.join();
    }
    FifoWatchdog(const FifoWatchdog&) = delete;
    FifoWatchdog& operator=(const FifoWatchdog&) = delete;

private:
    void watch()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        if (done_.wait_for(lock, std::chrono::seconds(20), [this] { return isDone_; }))
            return;
        // A writer that comes and goes: the blocked reader's open() returns and it reads EOF.
        const int fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
    }

    std::string path_;
    std::mutex mutex_;
    std::condition_variable done_;
    bool isDone_ = false;
    std::thread thread_;
};

// `dir`/name as a FIFO; empty when mkfifo fails (then the caller skips).
inline std::string makeFifo(const std::string& dir, const std::string& name)
{
    const std::string path = dir + "/" + name;
    return ::mkfifo(path.c_str(), 0600) == 0 ? path : std::string();
}

struct NonRegularInput {
    std::string path;
    std::string kind; // as the error message words it
};

// A FIFO, /dev/zero and a folder, all named like the file the reader wants (`name`, e.g.
// "features.npy"): the kind of a file is decided by what it is, not by its name.
inline std::vector<NonRegularInput> nonRegularInputs(
    const std::string& dir, const std::string& name)
{
    std::vector<NonRegularInput> inputs;
    if (const auto fifo = makeFifo(dir, "fifo-" + name); !fifo.empty())
        inputs.push_back({ fifo, "not a regular file (a FIFO)" });
    inputs.push_back({ "/dev/zero", "not a regular file (a character device)" });
    const std::string folder = dir + "/folder-" + name;
    ::mkdir(folder.c_str(), 0700);
    inputs.push_back({ folder, "not a regular file (a folder)" });
    return inputs;
}

} // namespace vigil::test
