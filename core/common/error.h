#pragma once
// Vigil's failure kinds. Every message names the input it is about (file, stream, tensor).
// Cancellation is deliberately not an Error: callers treat it as an outcome, not a fault.

#include <exception>
#include <stdexcept>
#include <string>

namespace vigil {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A video that cannot be opened or decoded.
class MediaError : public Error {
public:
    using Error::Error;
};

// Weights that cannot be read or do not fit the network.
class ModelError : public Error {
public:
    using Error::Error;
};

// Any other input or output file that is missing, malformed or unwritable.
class IoError : public Error {
public:
    using Error::Error;
};

// Thrown out of a run when its CancellationToken was cancelled.
class Cancelled : public std::exception {
public:
    const char* what() const noexcept override { return "cancelled"; }
};

} // namespace vigil
