#pragma once
// One command of vigil (analyze, batch, models, gui...) as app/cli.cpp runs it, and the one
// place where what escapes a command's run becomes an exit code (runGuarded). Main thread only.

#include "core/common/cancellation.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace vigil::app {

// Whether the command line chose this command, and its run, which returns an exit code from
// exit_codes.h. A run may throw what runGuarded maps: Cancelled, UsageError or any other
// std::exception; a command that reports each input on its own catches per input, not these.
class Command {
public:
    virtual ~Command() = default;
    virtual bool isParsed() const = 0;
    virtual int run(const CancellationToken& cancel) const = 0;
};

// A usage problem found only once a command has started, e.g. in the inputs it read (exit 2).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Cancelled with the words of the command it stopped: which input, and how to go on. Its line
// replaces the plain "vigil: cancelled".
class CancelledWithMessage : public Cancelled {
public:
    explicit CancelledWithMessage(std::string message)
        : message_(std::move(message))
    {
    }
    const char* what() const noexcept override { return message_.c_str(); }

private:
    std::string message_;
};

// command.run(cancel), its outcome as an exit code, one line on stderr for what escaped it:
// Cancelled "vigil: cancelled" (or its own line), 130; UsageError, 2; any other std::exception
// (vigil::Error included), 1. An exit code the run returns is passed on as it is.
int runGuarded(const Command& command, const CancellationToken& cancel);

} // namespace vigil::app
