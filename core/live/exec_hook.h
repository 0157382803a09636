#pragma once
// ExecHook: runs `/bin/sh -c CMD` once per event with the event's JSON line on its standard
// input (for MQTT, webhooks and the like, without a broker inside Vigil). It does not wait for
// the command: finished children are reaped on the next run(), and the destructor waits at most
// a few seconds for those still running. One thread; never throws (a hook that cannot start is
// reported through the returned text).

#include <string>
#include <vector>

#include <sys/types.h>

namespace vigil::live {

class ExecHook {
public:
    explicit ExecHook(std::string command);
    ~ExecHook();
    ExecHook(const ExecHook&) = delete;
    ExecHook& operator=(const ExecHook&) = delete;

    // Empty on success, else why the command could not be started.
    std::string run(const std::string& json);

private:
    void reap(bool shouldWait);

    std::string command_;
    std::vector<pid_t> children_;
};

} // namespace vigil::live
