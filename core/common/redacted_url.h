#pragma once
// A stream URL as it may be shown or written (a message, events.jsonl, a folder name, a window
// title), and the one place that decides it. The URL is parsed, not matched: the user and
// password of `scheme://user:pass@host` become `***@`, query and fragment values whose name
// speaks of a secret (password, token, key, auth, sig, ...) become `***`, and whatever after the
// scheme cannot be parsed as a network URL (a password with an unencoded `/`, `?` or `#`, an `@`
// past the host, `http:/u:p@h`) is shown as `***` whole: it fails closed. Text without a scheme
// (a file path, /dev/video0) is returned unchanged. Pure; any thread.

#include <string>
#include <string_view>

namespace vigil {

std::string redactedUrl(std::string_view url);

// `message` with every occurrence of `location` replaced by redactedUrl(location), and every
// secret of it (a user and password, a secret query value) by `***`, wherever it appears: for
// error texts from below that name the source as it was given.
std::string redactedIn(std::string message, std::string_view location);

} // namespace vigil
